import type { VoidCause } from '@sikkha/contract';
import {
  ACCESS_YEARS,
  bahtText,
  branchLabel,
  HEAD_OFFICE,
  type Satang,
  satang,
  sumSatang,
  thaiLongDate,
  toSatang,
  vatIncluded,
} from '@sikkha/contract/rules';
import type { Config } from '../../config.js';
import { pdfTemplate } from '../../providers/pdf/pdf.js';

export type Seller = Config['seller'];

/** The buyer's receipt fields as the order kept them when it was placed (`orderPayment.receipt_data`). */
export type ReceiptFields =
  | { type: 'person'; name?: string | null; card_id?: string | null; address?: string | null }
  | {
      type: 'company';
      company_id?: string | null;
      company_name?: string | null;
      company_address?: string | null;
      company_branch?: string | null;
    };

/** A document voided because it was issued in error, as its replacement names it. */
export interface Replaced {
  number: string;
  issued: Date;
  /** Its ETDA type code (T01 or T03). */
  typeCode: string;
  cause: VoidCause;
  reason: string;
}

/** What a document is made from: the finished order as the database holds it. */
export interface IssuedOrder {
  order_no: string;
  /** The buyer asked for a tax invoice (`receipt` Y) with these fields. */
  receipt: ReceiptFields | null;
  /** The document's date: when the order finished, or, for a replacement, when the document it replaces was voided. */
  approve_date: Date;
  /** The document this one replaces, voided because it was issued in error; null for an order's first document. */
  replaces?: Replaced | null;
  orders_ref: string | null;
  payment_title: string;
  product_title: string;
  price: Satang;
  discount: Satang;
  /** The card fee line charged on top of the net (gateway card methods). */
  fee: Satang;
  /** The member, named on a plain receipt. */
  member_name: string;
}

interface Line {
  no: string;
  description: string;
  detail: string | null;
  quantity: string;
  unit_price: string;
  amount: string;
}

interface Total {
  label: string;
  label_en: string;
  value: string;
  grand: boolean;
}

/** What `templates/receipt.typ` prints, every amount already written out. */
export interface ReceiptData {
  title: string;
  title_en: string;
  copy: string;
  seller: { name: string; address: string; tax_id: string; branch: string };
  buyer: { name: string; address: string | null; tax_id: string | null; branch: string | null };
  number: string;
  date: string;
  reference: string;
  paid_by: string;
  lines: Line[];
  totals: Total[];
  words: string;
  notes: string[];
}

export const receiptTemplate = pdfTemplate<ReceiptData>('receipt.typ');

const amounts = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "1,990.00"; a discount "-200.00". */
export const written = (amount: Satang) => amounts.format(amount / 100);

const filled = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** A company buyer's branch number; without one, the head office. */
export const companyBranchOf = (fields: Extract<ReceiptFields, { type: 'company' }>) =>
  filled(fields.company_branch) ?? HEAD_OFFICE;

/** The buyer a document names: the receipt fields of a tax invoice, or the member on a plain receipt. */
export function buyerOf(order: Pick<IssuedOrder, 'receipt' | 'member_name'>): ReceiptData['buyer'] {
  const fields = order.receipt;
  if (fields?.type === 'company') {
    return {
      name: filled(fields.company_name) ?? order.member_name,
      address: filled(fields.company_address),
      tax_id: filled(fields.company_id),
      branch: branchLabel(companyBranchOf(fields)),
    };
  }
  if (fields?.type === 'person') {
    return {
      name: filled(fields.name) ?? order.member_name,
      address: filled(fields.address),
      tax_id: filled(fields.card_id),
      branch: null,
    };
  }
  return { name: order.member_name, address: null, tax_id: null, branch: null };
}

/** A VAT-registered seller's document for a buyer who asked for one is a full tax invoice; any other a receipt. */
export const issuesTaxInvoice = (order: Pick<IssuedOrder, 'receipt'>, seller: Seller) =>
  order.receipt !== null && seller.vatRegistered;

/**
 * What an order's document charges, in satang, for the PDF and the e-Tax XML alike: the course's price, the coupon's
 * discount and the card fee, what was paid (`gross`), and for a VAT-registered seller the VAT inside it
 * (rate × gross ÷ (100 + rate)) and the value before it.
 */
export function receiptAmounts(
  order: Pick<IssuedOrder, 'price' | 'discount' | 'fee'>,
  seller: Seller,
): { price: Satang; discount: Satang; fee: Satang; gross: Satang; vat: { beforeVat: Satang; vat: Satang } | null } {
  const gross = sumSatang([order.price, satang(-order.discount), order.fee]);
  return {
    price: order.price,
    discount: order.discount,
    fee: order.fee,
    gross,
    vat: seller.vatRegistered ? vatIncluded(gross, seller.vatPercent) : null,
  };
}

/**
 * The document of a finished order. A buyer who asked for one (`receipt` Y) gets a full tax invoice from a
 * VAT-registered seller (ใบกำกับภาษี / ใบเสร็จรับเงิน), or a receipt naming them from one that is not (only a
 * registered seller may issue a tax invoice, Revenue Code §86); everyone else a receipt. Prices include VAT, so a
 * registered seller shows the value before VAT and the VAT apart, adding up to what was paid: the course's price,
 * less a discount, plus the card fee when one was charged.
 */
export function receiptData(order: IssuedOrder, seller: Seller): ReceiptData {
  const taxInvoice = issuesTaxInvoice(order, seller);
  const amounts = receiptAmounts(order, seller);
  const lines: Line[] = [
    {
      no: '1',
      description: order.product_title,
      detail: `คอร์สเรียนออนไลน์ เข้าเรียนได้ ${ACCESS_YEARS} ปีนับจากวันที่ชำระเงิน`,
      quantity: '1',
      unit_price: written(amounts.price),
      amount: written(amounts.price),
    },
  ];
  if (amounts.discount > 0) {
    lines.push({
      no: String(lines.length + 1),
      description: 'ส่วนลด',
      detail: 'Discount',
      quantity: '',
      unit_price: '',
      amount: written(satang(-amounts.discount)),
    });
  }
  if (amounts.fee > 0) {
    lines.push({
      no: String(lines.length + 1),
      description: 'ค่าธรรมเนียมการชำระด้วยบัตร',
      detail: 'Card payment fee',
      quantity: '1',
      unit_price: written(amounts.fee),
      amount: written(amounts.fee),
    });
  }
  const { gross, vat: split } = amounts;
  const totals: Total[] = [];
  if (split) {
    totals.push(
      { label: 'รวมเป็นเงิน', label_en: 'Total', value: written(gross), grand: false },
      { label: 'มูลค่าก่อนภาษีมูลค่าเพิ่ม', label_en: 'Value before VAT', value: written(split.beforeVat), grand: false },
      {
        label: `ภาษีมูลค่าเพิ่ม ${seller.vatPercent}%`,
        label_en: `VAT ${seller.vatPercent}%`,
        value: written(split.vat),
        grand: false,
      },
    );
  }
  totals.push({ label: 'จำนวนเงินรวมทั้งสิ้น', label_en: 'Grand total', value: written(gross), grand: true });

  const paidAt = thaiLongDate(order.approve_date);
  return {
    title: taxInvoice ? 'ใบกำกับภาษี / ใบเสร็จรับเงิน' : 'ใบเสร็จรับเงิน',
    title_en: taxInvoice ? 'TAX INVOICE / RECEIPT' : 'RECEIPT',
    copy: 'ต้นฉบับ · Original',
    seller: {
      name: seller.name,
      address: seller.address,
      tax_id: seller.taxId,
      branch: branchLabel(seller.branch),
    },
    buyer: buyerOf(order),
    number: order.order_no,
    date: paidAt,
    reference: order.orders_ref ?? '-',
    paid_by: order.payment_title,
    lines,
    totals,
    words: bahtText(gross),
    notes: [
      seller.vatRegistered ? 'ราคาสินค้าและบริการรวมภาษีมูลค่าเพิ่มแล้ว' : 'ผู้ขายมิได้จดทะเบียนภาษีมูลค่าเพิ่ม',
      'ได้รับเงินครบถ้วนแล้ว เอกสารนี้ออกจากระบบเมื่อชำระเงินสำเร็จและไม่มีการแก้ไขภายหลัง',
      ...(order.replaces
        ? [
            `ออกแทนเอกสารเลขที่ ${order.replaces.number} ลงวันที่ ${thaiLongDate(order.replaces.issued)} ซึ่งยกเลิกแล้ว เหตุผล: ${order.replaces.reason.trim()}`,
          ]
        : []),
    ],
  };
}

/** An amount from a numeric column, as satang. */
export const satangOf = (baht: number | string | null) => toSatang(baht ?? 0);
