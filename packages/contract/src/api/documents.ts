import { z } from 'zod';
import { messages } from '../messages.js';

/** A document the server makes, answered as its bytes with its own Content-Type instead of the JSON envelope. */
export const pdfDocument = z.any().meta({ description: 'The PDF itself (application/pdf)', format: 'binary' });

/** An e-Tax document as ETDA's XML (ขมธอ. 3-2560 v2.1), answered as its bytes. */
export const xmlDocument = z.any().meta({ description: 'The XML itself (application/xml)', format: 'binary' });

/**
 * Whether the shop signs its e-Tax documents (back office, GET /api/signingStatus): who signs, who vouches for them and
 * until when; or that documents are issued unsigned, for want of a certificate (ETAX_CERT_P12_PATH).
 */
export const signingStatus = z.discriminatedUnion('signed', [
  z.object({ signed: z.literal(true), subject: z.string(), issuer: z.string(), notAfter: z.string() }),
  z.object({ signed: z.literal(false), note: z.literal('documents are issued unsigned') }),
]);
export type SigningStatus = z.infer<typeof signingStatus>;

/**
 * The buyer's branch on a company's tax invoice: the Revenue Department's five-digit number, 00000 for the head
 * office (สำนักงานใหญ่), which is also what an order without it gets.
 */
export const companyBranch = z
  .string()
  .trim()
  .regex(/^\d{5}$/, messages.companyBranchInvalid.th);

/**
 * Every document the shop issues, as its register keeps it: a paid order's receipt or tax invoice, a refund's credit
 * note or refund note, and the cancellation note of a document staff voided because it was issued in error.
 */
export const issuedDocumentTypes = ['receipt', 'taxInvoice', 'creditNote', 'refundNote', 'cancellationNote'] as const;
export type IssuedDocumentType = (typeof issuedDocumentTypes)[number];
