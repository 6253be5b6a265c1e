import type { Bank, RefundDocumentType, RefundMethod } from '@sikkha/contract';
import {
  bahtText,
  bankNames,
  branchLabel,
  type Satang,
  satang,
  sumSatang,
  thaiLongDate,
  vatIncluded,
} from '@sikkha/contract/rules';
import { pdfTemplate } from '../../providers/pdf/pdf.js';
import { buyerOf, type IssuedOrder, issuesTaxInvoice, type ReceiptData, type Seller, written } from './receipt.js';

/**
 * The order a refund is made on, as its original document printed it. An order refunded before it was ever finished
 * (a charge confirmed after it was cancelled) has no document: no number and no date.
 */
export interface RefundedOrder extends Omit<IssuedOrder, 'order_no' | 'approve_date'> {
  order_no: string | null;
  approve_date: Date | null;
}

/** One refund of the order, as its row holds it, and what earlier refunds of the same order gave back. */
export interface IssuedRefund {
  doc_type: RefundDocumentType;
  doc_no: string;
  /** What this refund gives back, VAT included as the prices were. */
  amount: Satang;
  reason: string;
  method: RefundMethod;
  bank: Bank | null;
  account: string | null;
  coins: number;
  /** When the refund was recorded: the document's date. */
  issued_at: Date;
  /** The sum of the order's refunds before this one: the value before it is what was paid less these. */
  refunded_before: Satang;
}

interface Total {
  label: string;
  label_en: string;
  value: string;
  grand: boolean;
}

/** What `templates/credit-note.typ` prints, every amount already written out. */
export interface CreditNoteData {
  title: string;
  title_en: string;
  copy: string;
  seller: ReceiptData['seller'];
  buyer: ReceiptData['buyer'];
  number: string;
  date: string;
  /** The document this one corrects: "ใบกำกับภาษี" or "ใบเสร็จรับเงิน", its number and date. */
  original: { label: string; label_en: string; number: string; date: string };
  reference: string;
  refunded_by: string;
  /** The course, and its value before this refund, after it, and the difference (VAT included). */
  item: { description: string; detail: string; before: string; after: string; difference: string };
  totals: Total[];
  words: string;
  reason_label: string;
  reason: string;
  notes: string[];
}

export const creditNoteTemplate = pdfTemplate<CreditNoteData>('credit-note.typ');

/** How the money went back; an account only by its last four digits (the document is mailed and printed). */
function refundedBy(refund: IssuedRefund, order: RefundedOrder): string {
  switch (refund.method) {
    case 'gateway':
      return `คืนผ่านช่องทางที่ชำระ (${order.payment_title})`;
    case 'manual': {
      const digits = (refund.account ?? '').replace(/\D/g, '');
      const account = digits.length >= 4 ? ` บัญชีลงท้าย ${digits.slice(-4)}` : '';
      return `โอนคืนเข้าบัญชี${refund.bank ? ` ${bankNames[refund.bank].th}` : ''}${account}`;
    }
    case 'coins':
      return refund.coins > 0 ? `คืนเป็นเหรียญ ${refund.coins.toLocaleString('en-US')} เหรียญ` : 'คืนเป็นเหรียญ';
    default:
      return refund.method satisfies never;
  }
}

/**
 * What a refund's note says in satang, for the PDF and the e-Tax XML alike. `againstTaxInvoice`: a credit note of a
 * VAT-registered seller on a tax invoice, which shows the VAT inside the difference by the tax invoice's own rule.
 * `before` is what was paid less earlier refunds, `after` the correct value once this one is given back.
 */
export function creditNoteAmounts(
  refund: Pick<IssuedRefund, 'doc_type' | 'amount' | 'refunded_before'>,
  order: Pick<RefundedOrder, 'receipt' | 'price' | 'discount' | 'fee'>,
  seller: Seller,
): {
  againstTaxInvoice: boolean;
  before: Satang;
  after: Satang;
  difference: Satang;
  vat: { beforeVat: Satang; vat: Satang } | null;
} {
  const againstTaxInvoice = refund.doc_type === 'creditNote' && issuesTaxInvoice(order, seller);
  const paid = sumSatang([order.price, satang(-order.discount), order.fee]);
  const before = satang(paid - refund.refunded_before);
  return {
    againstTaxInvoice,
    before,
    after: satang(before - refund.amount),
    difference: refund.amount,
    vat: againstTaxInvoice ? vatIncluded(refund.amount, seller.vatPercent) : null,
  };
}

/**
 * A refund's document. Against a tax invoice (`creditNote`) it is a credit note, ใบลดหนี้ (Revenue Code §86/10):
 * the seller and the buyer as the tax invoice named them, its own number and date, the tax invoice's number and date,
 * the value before this refund (what was paid less earlier refunds), the correct value after it, the difference, the
 * VAT on the difference (inside it, by the tax invoice's own rule) and the reason. A seller that is not
 * VAT-registered issued receipts, so its credit note refers to the receipt and shows no VAT. Against a plain receipt
 * (`refundNote`) it is a refund note, ใบแจ้งการคืนเงิน, the same document without VAT lines.
 */
export function creditNoteData(refund: IssuedRefund, order: RefundedOrder, seller: Seller): CreditNoteData {
  const creditNote = refund.doc_type === 'creditNote';
  const { againstTaxInvoice, before, after, vat: split } = creditNoteAmounts(refund, order, seller);

  const totals: Total[] = [];
  if (split) {
    totals.push(
      {
        label: 'มูลค่าผลต่างก่อนภาษีมูลค่าเพิ่ม',
        label_en: 'Difference before VAT',
        value: written(split.beforeVat),
        grand: false,
      },
      {
        label: `ภาษีมูลค่าเพิ่ม ${seller.vatPercent}%`,
        label_en: `VAT ${seller.vatPercent}% on the difference`,
        value: written(split.vat),
        grand: false,
      },
    );
  }
  totals.push(
    creditNote
      ? { label: 'รวมมูลค่าลดหนี้ทั้งสิ้น', label_en: 'Total credited', value: written(refund.amount), grand: true }
      : { label: 'จำนวนเงินที่คืนทั้งสิ้น', label_en: 'Total refunded', value: written(refund.amount), grand: true },
  );

  const notes: string[] = [];
  if (againstTaxInvoice) {
    notes.push('มูลค่าตามใบกำกับภาษีเดิม มูลค่าที่ถูกต้อง และผลต่าง รวมภาษีมูลค่าเพิ่มแล้ว');
  } else if (!seller.vatRegistered) {
    notes.push('ผู้ขายมิได้จดทะเบียนภาษีมูลค่าเพิ่ม');
  } else {
    notes.push('จำนวนเงินที่คืนรวมภาษีมูลค่าเพิ่มแล้ว');
  }
  notes.push('เอกสารนี้ออกจากระบบเมื่อบันทึกการคืนเงิน และไม่มีการแก้ไขภายหลัง');

  return {
    title: creditNote ? 'ใบลดหนี้' : 'ใบแจ้งการคืนเงิน',
    title_en: creditNote ? 'CREDIT NOTE' : 'REFUND NOTE',
    copy: 'ต้นฉบับ · Original',
    seller: {
      name: seller.name,
      address: seller.address,
      tax_id: seller.taxId,
      branch: branchLabel(seller.branch),
    },
    buyer: buyerOf(order),
    number: refund.doc_no,
    date: thaiLongDate(refund.issued_at),
    original: {
      label: againstTaxInvoice ? 'ใบกำกับภาษี' : 'ใบเสร็จรับเงิน',
      label_en: againstTaxInvoice ? 'Tax invoice' : 'Receipt',
      number: order.order_no ?? '-',
      date: order.approve_date ? thaiLongDate(order.approve_date) : '-',
    },
    reference: order.orders_ref ?? '-',
    refunded_by: refundedBy(refund, order),
    item: {
      description: order.product_title,
      detail: `คอร์สเรียนออนไลน์ · ${after > 0 ? 'คืนเงินบางส่วน' : refund.refunded_before > 0 ? 'คืนเงินส่วนที่เหลือ' : 'คืนเงินเต็มจำนวน'}`,
      before: written(before),
      after: written(after),
      difference: written(refund.amount),
    },
    totals,
    words: bahtText(refund.amount),
    reason_label: creditNote ? 'เหตุผลในการลดหนี้' : 'เหตุผลในการคืนเงิน',
    reason: refund.reason.trim(),
    notes,
  };
}
