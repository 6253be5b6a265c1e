import { z } from 'zod';
import { messages } from '../messages.js';
import { type Satang, satang } from '../rules/money.js';
import { type IssuedDocumentType, issuedDocumentTypes } from './documents.js';

/**
 * The public verification of an issued document (GET /api/documentVerify): anyone holding a receipt, tax invoice,
 * credit note, refund note or cancellation note asks whether the shop issued it, by the number and the total printed
 * on it. Both must match, so a number alone, guessed or read over a shoulder, tells nothing; and the answer never
 * names the buyer.
 */

/** What each document is called, as its PDF is titled (Thai), and in English. */
export const issuedDocumentNames = {
  receipt: { th: 'ใบเสร็จรับเงิน', en: 'Receipt' },
  taxInvoice: { th: 'ใบกำกับภาษี / ใบเสร็จรับเงิน', en: 'Tax invoice / receipt' },
  creditNote: { th: 'ใบลดหนี้', en: 'Credit note' },
  refundNote: { th: 'ใบแจ้งการคืนเงิน', en: 'Refund note' },
  cancellationNote: { th: 'ใบแจ้งยกเลิก', en: 'Cancellation note' },
} as const satisfies Record<IssuedDocumentType, { th: string; en: string }>;

// The shop's numbers are a prefix, the year and a serial ("INV2026-000001"); older or other series may add slashes.
const documentNoPattern = /^[A-Z0-9][A-Z0-9/-]{0,49}$/;

/** The number as the register keeps it, from what someone typed ("inv2026-000001 ", "INV 2026-000001"), or null. */
export function normaliseDocumentNo(typed: string): string | null {
  const bare = typed.toUpperCase().replace(/\s+/g, '');
  return documentNoPattern.test(bare) ? bare : null;
}

// Baht with at most two decimals, thousands grouped by commas or not: "1070", "1,070.00", "1070.5".
const amountPattern = /^(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$/;

/**
 * An amount as a person types it ("1,070.00", "฿1070.5", "1070 บาท") in satang, or null when it is not one. Read
 * from the digits, never through a float, so "1070.10" is 107010 satang exactly.
 */
export function typedAmount(typed: string): Satang | null {
  const bare = typed
    .trim()
    .replace(/^฿\s*/, '')
    .replace(/\s*(บาท|THB)$/i, '');
  if (!amountPattern.test(bare)) return null;
  const [whole = '', fraction = ''] = bare.replace(/,/g, '').split('.');
  // numeric(12, 2): ten digits of baht at most.
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 10) return null;
  return satang(Number(digits) * 100 + Number(fraction.padEnd(2, '0')));
}

export const documentVerifyQuery = z.strictObject({
  doc_no: z
    .string()
    .max(60, messages.documentNoInvalid.th)
    .transform((typed, ctx) => {
      const number = normaliseDocumentNo(typed);
      if (number === null) ctx.addIssue({ code: 'custom', message: messages.documentNoInvalid.th });
      return number ?? '';
    }),
  amount: z
    .string()
    .max(30, messages.documentAmountInvalid.th)
    .transform((typed, ctx) => {
      const amount = typedAmount(typed);
      if (amount === null) ctx.addIssue({ code: 'custom', message: messages.documentAmountInvalid.th });
      return amount ?? satang(0);
    }),
});
export type DocumentVerifyQuery = z.output<typeof documentVerifyQuery>;

/** What the register says of a document, for anyone who holds it: never the buyer's name, id or address. */
export const documentVerification = z.object({
  doc_no: z.string(),
  doc_type: z.enum(issuedDocumentTypes),
  /** ETDA's type code (T01 receipt, T03 receipt/tax invoice, 81 credit note, T07 cancellation note); null for a refund note. */
  type_code: z.string().nullable(),
  /** The document's Thai name, as its PDF titles it (`issuedDocumentNames`). */
  type_name: z.string(),
  /** When it was issued (ISO instant); shown as a Bangkok date and time. */
  issued_at: z.string(),
  /** Its total in baht, as the document prints it. */
  total: z.number(),
  /** Who issued it: the seller, as the shop's documents print it. */
  issuer: z.object({ name: z.string(), tax_id: z.string(), branch: z.string() }),
  /** Whether its PDF and e-Tax XML carry the shop's digital signature. */
  signed: z.boolean(),
  /** The cancellation note that voided it, once staff voided it; null while it stands. */
  voided_by: z.string().nullable(),
  /** The document it refers to: a credit or refund note's receipt or tax invoice, a cancellation note's voided one. */
  refers_to: z.string().nullable(),
});
export type DocumentVerification = z.infer<typeof documentVerification>;
