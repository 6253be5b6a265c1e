import type { PAYMENT_TYPE } from '../constants.js';
import { type Lang, type MessageKey, message } from '../messages.js';
import { ACCESS_YEARS, bangkokDate } from './dates.js';
import { type Satang, satang, toSatang } from './money.js';

export type PaymentTypeId = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];

/** The order's payment method (`orders_payment`) for each payment type. */
export const paymentOfType = {
  1: 'credit',
  4: 'transfer',
  5: 'qrcode',
  6: 'coin',
  7: 'smatrpay',
  8: 'unionpay',
} as const satisfies Record<PaymentTypeId, string>;

export function isPaymentTypeId(id: number): id is PaymentTypeId {
  return Object.hasOwn(paymentOfType, id);
}

/** Methods charged through a card gateway: the fee factor applies to them, shown as its own line. */
export const FEE_PAYMENTS = ['credit', 'smatrpay', 'unionpay'] as const;

/**
 * The Thai national id (and a juristic person's tax id, which has the same form): 13 digits, the last a check digit
 * of the first 12 weighted 13 down to 2, mod 11.
 */
export function isThaiId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(value[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(value[12]);
}

/** What the rules of "Before any payment" read: the course, the member's saved fields and the order's choices. */
export interface PaymentCheckInput {
  product_book?: string | null;
  send_address?: string | null;
  receipt?: string | null;
  receipt_type?: string | null;
  card_id?: string | null;
  address?: string | null;
  company_id?: string | null;
  company_name?: string | null;
  company_address?: string | null;
  company_address_send?: string | null;
  /** Bank transfer only: the slip, payment date and time. */
  transfer?: { slip?: string | null; date?: string | null; time?: string | null } | null;
}

export type PaymentField =
  | 'send_address'
  | 'card_id'
  | 'address'
  | 'company_id'
  | 'company_name'
  | 'company_address'
  | 'company_address_send'
  | 'orders_payment_slip'
  | 'orders_payment_date'
  | 'orders_payment_time';

export interface PaymentProblem {
  field: PaymentField;
  key: MessageKey;
  message: string;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/**
 * The rules of spec 2 §5 "Before any payment", in the spec's order, answering the first that fails (the form shows
 * it under its field, the server refuses with it), or null. A book course needs a delivery address; a receipt as a
 * person needs card_id (13 digits, a valid check digit) and address; as a company, company_id, company_name,
 * company_address and company_address_send, stopping at the first missing; a transfer needs slip, date and time.
 */
export function paymentProblem(input: PaymentCheckInput, lang: Lang = 'th'): PaymentProblem | null {
  const problem = (field: PaymentField, key: MessageKey): PaymentProblem => ({
    field,
    key,
    message: message(key, lang),
  });
  if (input.product_book === 'Y' && blank(input.send_address)) return problem('send_address', 'bookAddress');
  if (input.receipt === 'Y') {
    if (input.receipt_type === 'company') {
      if (blank(input.company_id)) return problem('company_id', 'companyIdRequired');
      if (!isThaiId(input.company_id!.trim())) return problem('company_id', 'companyIdInvalid');
      if (blank(input.company_name)) return problem('company_name', 'companyNameRequired');
      if (blank(input.company_address)) return problem('company_address', 'companyAddressRequired');
      if (blank(input.company_address_send)) return problem('company_address_send', 'companyAddressSendRequired');
    } else {
      if (blank(input.card_id)) return problem('card_id', 'cardIdRequired');
      if (!isThaiId(input.card_id!.trim())) return problem('card_id', 'cardIdInvalid');
      if (blank(input.address)) return problem('address', 'addressRequired');
    }
  }
  if (input.transfer) {
    if (blank(input.transfer.slip)) return problem('orders_payment_slip', 'required');
    if (blank(input.transfer.date)) return problem('orders_payment_date', 'required');
    if (blank(input.transfer.time)) return problem('orders_payment_time', 'required');
  }
  return null;
}

/** No receipt clears receipt_type (rule 4); a receipt is a person's unless it says company. */
export function receiptTypeOf(receipt: string | null | undefined, type: string | null | undefined) {
  if (receipt !== 'Y') return null;
  return type === 'company' ? 'company' : 'person';
}

/** The fee of a gateway card method: net × factor − net, to the nearest satang, shown as its own line. */
export function feeOf(net: Satang, factor: number, payment: string): Satang {
  if (!(FEE_PAYMENTS as readonly string[]).includes(payment) || factor <= 1) return satang(0);
  return satang(Math.round(net * factor) - net);
}

/**
 * What the member pays for an order: the net after any coupon plus the card fee (zero for every method but the
 * gateway's cards), both in baht as the database and the API carry them. A slip's amount, a charge, the payment page
 * and the order dialog's summary all show or compare this one figure.
 */
export function amountDue(order: { orders_net: number | null; fee?: number | null }): Satang {
  // A row read before its amounts were set (or without a fee line) counts them as nothing.
  return satang(toSatang(order.orders_net ?? 0) + toSatang(order.fee ?? 0));
}

const addYears = (date: string, years: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // 29 February ends on 28 February of a common year.
  const day = m === 2 && d === 29 ? 28 : d;
  return `${y + years}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** The last day (Bangkok, "YYYY-MM-DD") of a 2-year access window that starts at `start`. */
export function accessEnd(start: Date): string {
  return addYears(bangkokDate(start), ACCESS_YEARS);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};

/** A date some months later, on the same day or the month's last when it has fewer days (31 Jan + 1 = 28 Feb). */
function addMonths(date: string, months: number): number {
  const { y, m, d } = utc(date);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return Date.UTC(y, m - 1 + months, Math.min(d, last));
}

/** Whole years, months and days from one Bangkok date to a later one (calendar arithmetic, as people count). */
export function periodBetween(from: string, to: string): { years: number; months: number; days: number } {
  if (to <= from) return { years: 0, months: 0, days: 0 };
  const a = utc(from);
  const b = utc(to);
  const end = Date.UTC(b.y, b.m - 1, b.d);
  let months = (b.y - a.y) * 12 + (b.m - a.m);
  if (addMonths(from, months) > end) months -= 1;
  const days = Math.round((end - addMonths(from, months)) / DAY_MS);
  return { years: Math.floor(months / 12), months: months % 12, days };
}

const units = {
  th: { years: 'ปี', months: 'เดือน', days: 'วัน', today: 'วันนี้' },
  en: { years: 'year', months: 'month', days: 'day', today: 'today' },
} as const;

/**
 * The summary's access period: 'วันนี้' when nothing is left, otherwise the remaining years, months and days
 * (zero parts left out) of the 2-year window that starts at `start` (now, for a course being bought).
 */
export function accessPeriodText(start: Date, now: Date, lang: Lang = 'th'): string {
  const left = periodBetween(bangkokDate(now), accessEnd(start));
  const u = units[lang];
  const parts = (['years', 'months', 'days'] as const)
    .filter((unit) => left[unit] > 0)
    .map((unit) => `${left[unit]} ${u[unit]}${lang === 'en' && left[unit] > 1 ? 's' : ''}`);
  return parts.length === 0 ? u.today : parts.join(' ');
}

/**
 * How a refund goes back, by the way the money came: a coin order into the coin ledger; an order a gateway charge
 * paid back through that charge; anything else (a transfer, the shop's own PromptPay, an order staff approved
 * without a gateway charge) by staff at the bank, who record what they did. The server refunds by it and the back
 * office's dialog asks for what it needs.
 */
export function refundMethodOf(order: {
  orders_payment: string | null;
  paid_by_gateway: boolean;
}): 'gateway' | 'manual' | 'coins' {
  if (order.orders_payment === 'coin') return 'coins';
  return order.paid_by_gateway ? 'gateway' : 'manual';
}
