import { describe, expect, test } from 'vitest';
import { satang, toSatang } from './money.js';
import { bahtText, branchLabel, vatIncluded } from './tax-invoice.js';

const words = (baht: string) => bahtText(toSatang(baht));

describe('bahtText', () => {
  test('whole baht end with ถ้วน', () => {
    expect(words('0')).toBe('ศูนย์บาทถ้วน');
    expect(words('1')).toBe('หนึ่งบาทถ้วน');
    expect(words('8')).toBe('แปดบาทถ้วน');
    expect(words('10')).toBe('สิบบาทถ้วน');
    expect(words('1990')).toBe('หนึ่งพันเก้าร้อยเก้าสิบบาทถ้วน');
    expect(words('5678')).toBe('ห้าพันหกร้อยเจ็ดสิบแปดบาทถ้วน');
  });

  test('สิบ, ยี่สิบ and เอ็ด after a tens digit only', () => {
    expect(words('11')).toBe('สิบเอ็ดบาทถ้วน');
    expect(words('20')).toBe('ยี่สิบบาทถ้วน');
    expect(words('21')).toBe('ยี่สิบเอ็ดบาทถ้วน');
    expect(words('101')).toBe('หนึ่งร้อยหนึ่งบาทถ้วน');
    expect(words('111')).toBe('หนึ่งร้อยสิบเอ็ดบาทถ้วน');
    expect(words('201')).toBe('สองร้อยหนึ่งบาทถ้วน');
    expect(words('1021')).toBe('หนึ่งพันยี่สิบเอ็ดบาทถ้วน');
  });

  test('millions read in groups of six digits', () => {
    expect(words('1000000')).toBe('หนึ่งล้านบาทถ้วน');
    expect(words('51000001')).toBe('ห้าสิบเอ็ดล้านหนึ่งบาทถ้วน');
    expect(words('191415.11')).toBe('หนึ่งแสนเก้าหมื่นหนึ่งพันสี่ร้อยสิบห้าบาทสิบเอ็ดสตางค์');
    expect(words('2000000000000')).toBe('สองล้านล้านบาทถ้วน');
    expect(words('21000000')).toBe('ยี่สิบเอ็ดล้านบาทถ้วน');
  });

  test('satang', () => {
    expect(words('63147.89')).toBe('หกหมื่นสามพันหนึ่งร้อยสี่สิบเจ็ดบาทแปดสิบเก้าสตางค์');
    expect(words('317.10')).toBe('สามร้อยสิบเจ็ดบาทสิบสตางค์');
    expect(words('1.01')).toBe('หนึ่งบาทหนึ่งสตางค์');
    expect(words('11.11')).toBe('สิบเอ็ดบาทสิบเอ็ดสตางค์');
    expect(words('0.67')).toBe('หกสิบเจ็ดสตางค์');
    expect(words('0.01')).toBe('หนึ่งสตางค์');
    expect(words('2043.23')).toBe('สองพันสี่สิบสามบาทยี่สิบสามสตางค์');
  });

  test('a negative amount is read with ลบ; a fraction of a satang is refused', () => {
    expect(words('-201')).toBe('ลบสองร้อยหนึ่งบาทถ้วน');
    expect(() => bahtText(10.5 as never)).toThrow(RangeError);
  });
});

describe('vatIncluded', () => {
  test('7% inside a price: VAT = gross × 7 / 107 to the satang, the two parts add back', () => {
    expect(vatIncluded(toSatang(107))).toEqual({ beforeVat: 10000, vat: 700 });
    expect(vatIncluded(toSatang(1990))).toEqual({ beforeVat: 185981, vat: 13019 });
    expect(vatIncluded(toSatang('2043.23'))).toEqual({ beforeVat: 190956, vat: 13367 });
    expect(vatIncluded(satang(0))).toEqual({ beforeVat: 0, vat: 0 });
  });

  test('half a satang rounds up, below half rounds down', () => {
    // 15 × 7 / 107 = 0.981… → 1; 7 × 7 / 107 = 0.457… → 0; 8 × 7 / 107 = 0.523… → 1
    expect(vatIncluded(satang(15)).vat).toBe(1);
    expect(vatIncluded(satang(7)).vat).toBe(0);
    expect(vatIncluded(satang(8)).vat).toBe(1);
    // With a 10% rate: 55 × 10 / 110 = 5 exactly; 5 × 10 / 110 = 0.45… → 0; 6 × 10 / 110 = 0.54… → 1
    expect(vatIncluded(satang(55), 10)).toEqual({ beforeVat: 50, vat: 5 });
    expect(vatIncluded(satang(5), 10).vat).toBe(0);
    expect(vatIncluded(satang(6), 10).vat).toBe(1);
  });

  test('every amount up to 10,000 satang splits into whole satang that add back, the VAT within half a satang', () => {
    const wrong = [];
    for (let gross = 0; gross <= 10_000; gross++) {
      const { beforeVat, vat } = vatIncluded(satang(gross));
      if (beforeVat + vat !== gross || Math.abs(vat - (gross * 7) / 107) > 0.5) wrong.push(gross);
    }
    expect(wrong).toEqual([]);
  });

  test('a refund splits the same way, negative; a rate that is not a whole percent is refused', () => {
    expect(vatIncluded(toSatang(-107))).toEqual({ beforeVat: -10000, vat: -700 });
    expect(() => vatIncluded(satang(100), 7.5)).toThrow(RangeError);
  });
});

test('branchLabel: head office or a numbered branch', () => {
  expect(branchLabel('00000')).toBe('สำนักงานใหญ่');
  expect(branchLabel('00012')).toBe('สาขาที่ 00012');
});
