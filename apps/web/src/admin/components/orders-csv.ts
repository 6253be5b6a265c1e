import type { StaffOrder } from '@sikkha/contract';
import { BANGKOK_OFFSET_MS, buddhistYear, type CsvCell, type CsvColumn, toCsv } from '@sikkha/contract/rules';
import { adminEn, adminTh } from '../i18n/admin-texts';
import { paidBaht } from './order-money';

type Lang = 'th' | 'en';

/**
 * What the orders CSV reads of a row: staff's order list row (ordersReview). Only the columns below are written,
 * each named: the payment page's `token`, the receipt fields' JSON, the slip check, file names and the ids of
 * records (member, staff, payment type) never reach the file, whatever the row carries.
 */
export type CsvOrder = Pick<
  StaffOrder,
  | 'id'
  | 'orders_ref'
  | 'order_no'
  | 'create_at'
  | 'orders_payment_date'
  | 'orders_payment_time'
  | 'approve_date'
  | 'name_th'
  | 'lname_th'
  | 'email'
  | 'phone'
  | 'product_title'
  | 'product_book'
  | 'coupon_code'
  | 'orders_payment'
  | 'orders_payment_bank'
  | 'orders_status'
  | 'orders_total'
  | 'orders_discount'
  | 'orders_net'
  | 'fee'
  | 'orders_refunded'
  | 'receipt'
  | 'receipt_type'
  | 'orders_book_send'
  | 'cancel_reason'
  | 'cancel_note'
>;

const pad = (n: number) => String(n).padStart(2, '0');
/** The year as the back office shows it: the Buddhist era in Thai (2569), the Gregorian in English (2026). */
const yearIn = (year: number, lang: Lang) => (lang === 'th' ? buddhistYear(year) : year);

/** An instant as "dd/MM/yyyy HH:mm" on Bangkok's clock, whatever the browser's zone. */
export function csvDateTime(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const b = new Date(at.getTime() + BANGKOK_OFFSET_MS);
  return `${pad(b.getUTCDate())}/${pad(b.getUTCMonth() + 1)}/${yearIn(b.getUTCFullYear(), lang)} ${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}`;
}

/** A calendar day ("2026-11-23", already Bangkok's) as "dd/MM/yyyy", with the time of day when there is one. */
export function csvDate(day: string | null | undefined, time: string | null | undefined, lang: Lang): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!match) return '';
  const [, y, m, d] = match;
  const date = `${d}/${m}/${yearIn(Number(y), lang)}`;
  return time ? `${date} ${time.slice(0, 5)}` : date;
}

/** Baht with 2 decimals and no separators, a number to a spreadsheet ("1990.00"); nothing when there is none. */
export function csvAmount(value: number | null | undefined): CsvCell {
  return typeof value === 'number' && Number.isFinite(value) ? { number: value.toFixed(2) } : null;
}

/**
 * When the member paid: the day and time they typed for a transfer or a personal QR (their slip's), else when the
 * shop recorded the payment (a gateway's notice, a coin payment, staff's approval) for an order that was paid.
 */
function paidAt(order: CsvOrder, lang: Lang): string {
  if (order.orders_payment_date) return csvDate(order.orders_payment_date, order.orders_payment_time, lang);
  const paid = order.orders_status === 'finish' || order.orders_status === 'refund';
  return paid ? csvDateTime(order.approve_date, lang) : '';
}

/** The back office's words for a value (the state and method chips), in the export's language. */
function wordsOf(lang: Lang) {
  const values = (lang === 'th' ? adminTh : adminEn).values;
  const plain = values as unknown as Record<string, string>;
  return {
    value: (v: string | null | undefined) => (v ? (plain[v] ?? v) : ''),
    bookSend: (v: string | null | undefined) => (v ? ((values.bookSend as Record<string, string>)[v] ?? v) : ''),
    cancelReason: (v: string | null | undefined) =>
      v ? ((values.cancelReason as Record<string, string>)[v] ?? v) : '',
  };
}

const headers = {
  ref: { th: 'เลขที่คำสั่งซื้อ', en: 'Order reference' },
  docNo: { th: 'เลขที่เอกสาร', en: 'Document number' },
  ordered: { th: 'วันที่สั่งซื้อ', en: 'Ordered' },
  paid: { th: 'วันที่ชำระ', en: 'Paid' },
  approved: { th: 'วันที่อนุมัติ', en: 'Approved' },
  member: { th: 'สมาชิก', en: 'Member' },
  email: { th: 'อีเมล', en: 'E-mail' },
  phone: { th: 'โทรศัพท์', en: 'Phone' },
  course: { th: 'คอร์ส', en: 'Course' },
  coupon: { th: 'คูปอง', en: 'Coupon' },
  method: { th: 'วิธีชำระเงิน', en: 'Payment method' },
  bank: { th: 'ธนาคารที่โอน', en: 'Bank' },
  status: { th: 'สถานะ', en: 'Status' },
  total: { th: 'ราคา', en: 'Price' },
  discount: { th: 'ส่วนลด', en: 'Discount' },
  net: { th: 'ยอดสุทธิ', en: 'Net' },
  fee: { th: 'ค่าธรรมเนียม', en: 'Fee' },
  amount: { th: 'ยอดชำระ', en: 'Payment amount' },
  refunded: { th: 'คืนเงินแล้ว', en: 'Refunded' },
  invoice: { th: 'ใบกำกับภาษีในนาม', en: 'Tax invoice to' },
  bookSend: { th: 'การจัดส่งเอกสาร', en: 'Documents posted' },
  cancelReason: { th: 'สาเหตุที่ยกเลิก', en: 'Why cancelled' },
  cancelNote: { th: 'เหตุผลที่ปฏิเสธ', en: 'Reason for refusal' },
} satisfies Record<string, Record<Lang, string>>;

/** The orders export's columns, in the order staff read them. */
export function orderCsvColumns(lang: Lang): CsvColumn<CsvOrder>[] {
  const words = wordsOf(lang);
  const column = (key: keyof typeof headers, value: (order: CsvOrder) => CsvCell): CsvColumn<CsvOrder> => ({
    header: headers[key][lang],
    value,
  });
  return [
    column('ref', (o) => o.orders_ref ?? `#${o.id}`),
    column('docNo', (o) => o.order_no),
    column('ordered', (o) => csvDateTime(o.create_at, lang)),
    column('paid', (o) => paidAt(o, lang)),
    column('approved', (o) => csvDateTime(o.approve_date, lang)),
    column('member', (o) => [o.name_th, o.lname_th].filter(Boolean).join(' ')),
    column('email', (o) => o.email),
    column('phone', (o) => o.phone),
    column('course', (o) => o.product_title),
    column('coupon', (o) => o.coupon_code),
    column('method', (o) => words.value(o.orders_payment)),
    column('bank', (o) => o.orders_payment_bank),
    column('status', (o) => words.value(o.orders_status)),
    column('total', (o) => csvAmount(o.orders_total)),
    column('discount', (o) => csvAmount(o.orders_discount)),
    column('net', (o) => csvAmount(o.orders_net)),
    column('fee', (o) => csvAmount(o.fee ?? 0)),
    column('amount', (o) => csvAmount(paidBaht(o))),
    column('refunded', (o) => csvAmount(o.orders_refunded ?? 0)),
    column('invoice', (o) => (o.receipt === 'Y' ? words.value(o.receipt_type ?? 'person') : '')),
    column('bookSend', (o) => (o.product_book === 'Y' ? words.bookSend(o.orders_book_send ?? 'N') : '')),
    column('cancelReason', (o) => words.cancelReason(o.cancel_reason)),
    column('cancelNote', (o) => o.cancel_note),
  ];
}

/** The orders as CSV text for staff (Thai headers and words by default). */
export function ordersCsv(orders: readonly CsvOrder[], lang: Lang = 'th'): string {
  return toCsv(orders, orderCsvColumns(lang));
}
