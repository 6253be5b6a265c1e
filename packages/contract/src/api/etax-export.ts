import { z } from 'zod';
import { issuedDocumentTypes } from './documents.js';

/** What the monthly e-Tax export says when a month is refused, and the page's words for it. */
export const etaxExportTexts = {
  monthFormat: { th: 'กรุณาระบุเดือนเป็น ปี ค.ศ.-เดือน เช่น 2026-11', en: 'Give the month as YYYY-MM, e.g. 2026-11' },
  monthFuture: {
    th: 'เดือนที่เลือกยังมาไม่ถึง กรุณาเลือกเดือนนี้หรือเดือนก่อนหน้า',
    en: 'That month has not come yet: choose this month or an earlier one',
  },
} as const;

/**
 * A month of the shop's era in Bangkok time, "YYYY-MM" (years 2000 to 2999). A month that has not come yet is refused
 * by the server, which knows the date.
 */
export const etaxMonthQuery = z.strictObject({
  month: z.string().regex(/^2\d{3}-(0[1-9]|1[0-2])$/, etaxExportTexts.monthFormat.th),
});

/** One document of the register as staff see it and the summary lists it (GET /api/etaxMonthlyRegister). */
export const etaxRegisterRow = z.object({
  doc_no: z.string(),
  doc_type: z.enum(issuedDocumentTypes),
  /** ETDA's type code (T01, T03, 81, T07); null for a refund note, which has no XML. */
  type_code: z.string().nullable(),
  /** The document's date, an instant (ISO, UTC); its month is the Bangkok month. */
  issued_at: z.string(),
  /** The buyer's id as the XML names it: TXID (13 + 5 digits) or NIDN (13); null for a buyer who gave none. */
  buyer_scheme: z.string().nullable(),
  buyer_id: z.string().nullable(),
  /** Baht: before VAT, the VAT, and the total (a credit note's: the difference). */
  basis: z.number(),
  vat: z.number(),
  total: z.number(),
  signed: z.boolean(),
  /** Whether the document has an e-Tax XML (every kind but a refund note), so is in the archive. */
  has_xml: z.boolean(),
  /** The document it corrects (a credit note's tax invoice, a cancellation note's voided document). */
  refers_to: z.string().nullable(),
  /** The cancellation note that voided it, once voided. */
  voided_by: z.string().nullable(),
});
export type EtaxRegisterRow = z.infer<typeof etaxRegisterRow>;

/** The month's archive, answered as its bytes: `<number>.xml` for each document with XML, and `summary.csv`. */
export const zipArchive = z.any().meta({ description: 'The ZIP archive itself (application/zip)', format: 'binary' });
