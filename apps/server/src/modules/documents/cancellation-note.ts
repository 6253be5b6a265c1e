import { branchLabel, type Satang, thaiLongDate } from '@sikkha/contract/rules';
import { pdfTemplate } from '../../providers/pdf/pdf.js';
import { type Seller, written } from './receipt.js';

/** A document staff voided because it was issued in error, as its register entry and the void say. */
export interface VoidedEntry {
  /** The cancellation note's own number and date. */
  number: string;
  cancelled_at: Date;
  reason: string;
  voided: {
    number: string;
    /** Its ETDA type code (T01 or T03) and its name as printed. */
    typeCode: string;
    label: string;
    issued: Date;
    total: Satang;
  };
  /** The document issued in its place. */
  replacement: string;
  reference: string;
}

/** What `templates/cancellation-note.typ` prints. */
export interface CancellationNoteData {
  title: string;
  title_en: string;
  copy: string;
  seller: { name: string; address: string; tax_id: string; branch: string };
  number: string;
  date: string;
  voided: { label: string; number: string; date: string; total: string };
  replacement: string;
  reference: string;
  reason: string;
  notes: string[];
}

export const cancellationNoteTemplate = pdfTemplate<CancellationNoteData>('cancellation-note.typ');

/** The printed names of what a cancellation note voids, by ETDA type code. */
export const voidedLabels: Record<string, string> = {
  T01: 'ใบเสร็จรับเงิน',
  T03: 'ใบเสร็จรับเงิน/ใบกำกับภาษี',
};

/**
 * ใบแจ้งยกเลิก: the seller, the document voided (its name, number, date and total, which a reader checks against
 * their copy), why, and the number issued in its place. ETDA's cancellation note names no buyer and no lines; the
 * PDF follows it.
 */
export function cancellationNoteData(note: VoidedEntry, seller: Seller): CancellationNoteData {
  return {
    title: 'ใบแจ้งยกเลิก',
    title_en: 'CANCELLATION NOTE',
    copy: 'ต้นฉบับ · Original',
    seller: { name: seller.name, address: seller.address, tax_id: seller.taxId, branch: branchLabel(seller.branch) },
    number: note.number,
    date: thaiLongDate(note.cancelled_at),
    voided: {
      label: note.voided.label,
      number: note.voided.number,
      date: thaiLongDate(note.voided.issued),
      total: written(note.voided.total),
    },
    replacement: note.replacement,
    reference: note.reference,
    reason: note.reason.trim(),
    notes: [
      `${note.voided.label} เลขที่ ${note.voided.number} ถูกยกเลิกทั้งฉบับ และออกเอกสารเลขที่ ${note.replacement} แทน`,
      'เอกสารนี้ออกจากระบบเมื่อยกเลิกเอกสาร และไม่มีการแก้ไขภายหลัง',
    ],
  };
}
