import { type Satang, satang } from './money.js';

/** Thailand's VAT rate in percent (the Revenue Code's 10% reduced to 7% by royal decree, renewed each year). */
export const VAT_PERCENT = 7;

/** The branch number of a head office (สำนักงานใหญ่) in the Revenue Department's five-digit branch numbering. */
export const HEAD_OFFICE = '00000';

/** "สำนักงานใหญ่" for 00000, otherwise "สาขาที่ 00001": the words a tax invoice prints beside a tax id. */
export function branchLabel(branch: string): string {
  return branch === HEAD_OFFICE ? 'สำนักงานใหญ่' : `สาขาที่ ${branch}`;
}

/**
 * The VAT inside a price that includes it: gross × rate / (100 + rate), rounded half up to the satang, and the
 * value before VAT as the rest, so the two always add back to what was paid (7%: VAT = gross × 7 / 107).
 */
export function vatIncluded(gross: Satang, percent: number = VAT_PERCENT): { beforeVat: Satang; vat: Satang } {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`not a VAT rate: ${percent}`);
  const sign = gross < 0 ? -1 : 1;
  const whole = Math.abs(gross);
  // Integer arithmetic: (2 × whole × rate + divisor) ÷ (2 × divisor), floored, is whole × rate ÷ divisor half up.
  const divisor = 100 + percent;
  const vat = satang(sign * Math.floor((2 * whole * percent + divisor) / (2 * divisor)));
  return { beforeVat: satang(gross - vat), vat };
}

const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

/** A number below a million in Thai words: สิบ not หนึ่งสิบ, ยี่สิบ, and เอ็ด for a one after a tens digit. */
function belowMillion(n: number): string {
  const digits = String(n).split('').map(Number).reverse();
  let words = '';
  for (let place = digits.length - 1; place >= 0; place--) {
    const digit = digits[place]!;
    if (digit === 0) continue;
    if (place === 1 && digit === 1) words += 'สิบ';
    else if (place === 1 && digit === 2) words += 'ยี่สิบ';
    else if (place === 0 && digit === 1 && (digits[1] ?? 0) > 0) words += 'เอ็ด';
    else words += `${DIGITS[digit]}${PLACES[place]}`;
  }
  return words;
}

/** A whole number in Thai words, millions read in groups of six digits (สิบเอ็ดล้าน, หนึ่งล้านล้าน). */
function numberWords(n: number): string {
  if (n < 1_000_000) return belowMillion(n);
  const rest = n % 1_000_000;
  return `${numberWords(Math.floor(n / 1_000_000))}ล้าน${rest > 0 ? belowMillion(rest) : ''}`;
}

/**
 * An amount in Thai words as a receipt writes it: "หนึ่งพันเก้าร้อยเก้าสิบบาทถ้วน", "ห้าสิบห้าบาทสามสิบหกสตางค์",
 * "หกสิบเจ็ดสตางค์", "ศูนย์บาทถ้วน". เอ็ด only after a tens digit (21 ยี่สิบเอ็ด, 201 สองร้อยหนึ่ง), the reading of the npm
 * `bahttext` package and Google Sheets' BAHTTEXT. Takes whole satang, so no float is ever read aloud.
 */
export function bahtText(amount: Satang): string {
  const value = satang(amount);
  if (value < 0) return `ลบ${bahtText(satang(-value))}`;
  const baht = Math.floor(value / 100);
  const cents = value % 100;
  if (baht === 0 && cents === 0) return 'ศูนย์บาทถ้วน';
  const bahtPart = baht > 0 ? `${numberWords(baht)}บาท` : '';
  return cents === 0 ? `${bahtPart}ถ้วน` : `${bahtPart}${belowMillion(cents)}สตางค์`;
}
