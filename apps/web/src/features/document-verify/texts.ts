import { type Bilingual, defineTexts, type Lang } from '../../i18n/texts';

interface DocumentVerifyTexts {
  title: string;
  intro: string;
  numberField: string;
  numberHint: string;
  amountField: string;
  amountHint: string;
  check: string;
  valid: string;
  validNote: string;
  voided: string;
  voidedNote: (note: string) => string;
  notFound: string;
  loadError: string;
  retry: string;
  number: string;
  kind: string;
  issued: string;
  total: string;
  issuer: string;
  taxId: string;
  headOffice: string;
  branch: (branch: string) => string;
  signature: string;
  signed: string;
  unsigned: string;
  refersTo: string;
  privacy: string;
}

const texts: Bilingual<DocumentVerifyTexts> = {
  th: {
    title: 'ตรวจสอบใบเสร็จรับเงิน / ใบกำกับภาษี',
    intro: 'กรอกเลขที่เอกสารและยอดเงินรวมตามที่พิมพ์บนใบเสร็จรับเงิน ใบกำกับภาษี ใบลดหนี้ หรือใบแจ้งการคืนเงิน เพื่อตรวจสอบว่าออกโดยร้านจริง',
    numberField: 'เลขที่เอกสาร',
    numberHint: 'เช่น INV2026-000001',
    amountField: 'ยอดเงินรวม (บาท)',
    amountHint: 'เช่น 1,070.00',
    check: 'ตรวจสอบ',
    valid: 'เอกสารนี้ออกโดยร้านจริง',
    validNote: 'เลขที่และยอดเงินรวมตรงกับที่บันทึกไว้ในระบบ',
    voided: 'เอกสารนี้ถูกยกเลิกแล้ว',
    voidedNote: (note) => `ร้านได้ยกเลิกเอกสารนี้ด้วยใบแจ้งยกเลิกเลขที่ ${note}`,
    notFound: 'ไม่พบเอกสาร',
    loadError: 'ตรวจสอบไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
    retry: 'ลองใหม่',
    number: 'เลขที่',
    kind: 'ประเภทเอกสาร',
    issued: 'วันที่ออก',
    total: 'ยอดเงินรวม',
    issuer: 'ผู้ออกเอกสาร',
    taxId: 'เลขประจำตัวผู้เสียภาษี',
    headOffice: 'สำนักงานใหญ่',
    branch: (branch) => `สาขาที่ ${branch}`,
    signature: 'ลายมือชื่อดิจิทัล',
    signed: 'ลงลายมือชื่อดิจิทัลแล้ว',
    unsigned: 'ไม่ได้ลงลายมือชื่อดิจิทัล',
    refersTo: 'อ้างถึงเอกสาร',
    privacy: 'หน้านี้ไม่แสดงชื่อ เลขประจำตัว หรือที่อยู่ของผู้ซื้อ',
  },
  en: {
    title: 'Verify a receipt or tax invoice',
    intro:
      'Enter the document number and the total as printed on the receipt, tax invoice, credit note or refund note to check that the shop issued it.',
    numberField: 'Document number',
    numberHint: 'e.g. INV2026-000001',
    amountField: 'Total (baht)',
    amountHint: 'e.g. 1,070.00',
    check: 'Check',
    valid: 'The shop issued this document',
    validNote: 'The number and the total match our records.',
    voided: 'This document has been voided',
    voidedNote: (note) => `The shop voided it with cancellation note ${note}.`,
    notFound: 'Document not found',
    loadError: 'The document could not be checked. Please try again.',
    retry: 'Try again',
    number: 'Number',
    kind: 'Document',
    issued: 'Issued',
    total: 'Total',
    issuer: 'Issued by',
    taxId: 'Tax ID',
    headOffice: 'Head office',
    branch: (branch) => `Branch ${branch}`,
    signature: 'Digital signature',
    signed: 'Digitally signed',
    unsigned: 'Not digitally signed',
    refersTo: 'Refers to',
    privacy: 'This page never shows the buyer’s name, ID or address.',
  },
};

export const useDocumentVerifyTexts = defineTexts('documentVerify', texts);

const dateTime = {
  th: new Intl.DateTimeFormat('th-TH', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
};

/** When the document was issued, as a Bangkok date and time (Buddhist era in Thai). */
export const issuedAt = (at: string, lang: Lang) => dateTime[lang].format(new Date(at));

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A total as the documents print it: "1,070.00 บาท" / "THB 1,070.00". */
export const printedTotal = (baht: number, lang: Lang) =>
  lang === 'th' ? `${amount.format(baht)} บาท` : `THB ${amount.format(baht)}`;
