import { z } from 'zod';
import { user } from '../entities/accounts.js';
import { f } from '../fields.js';
import { companyBranch } from './documents.js';

export const voidReasonRequired = 'กรุณากรอก เหตุผลที่ยกเลิกเอกสาร';

/**
 * Why a document is voided and issued again, as ETDA's purpose codes of a replacement name it: the buyer's name was
 * wrong (TIVC01 / RCTC01), their address (TIVC02 / RCTC02), or another reason staff write (TIVC99 / RCTC99).
 */
export const voidCauses = ['name', 'address', 'other'] as const;
export type VoidCause = (typeof voidCauses)[number];

/** The buyer's details the replacement names, when the voided document named them wrongly. */
const correctedReceipt = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('person'),
    name: f.text(255).min(1, 'กรุณากรอก ชื่อ-นามสกุล'),
    card_id: user.fields.card_id,
    address: user.fields.address.min(1, 'กรุณากรอก ที่อยู่'),
  }),
  z.strictObject({
    type: z.literal('company'),
    company_id: user.fields.company_id,
    company_name: user.fields.company_name.min(1, 'กรุณากรอก ชื่อบริษัท'),
    company_address: user.fields.company_address.min(1, 'กรุณากรอก ที่อยู่บริษัท'),
    company_branch: companyBranch.default('00000'),
  }),
]);
export type CorrectedReceipt = z.output<typeof correctedReceipt>;

/**
 * ordersDocumentVoid (staff): voids a finished order's receipt or tax invoice issued in error. The shop issues a
 * cancellation note (ETDA T07) naming it and why, and a replacement under a new number, with the buyer's details
 * corrected when `receipt` gives them (none: the same details, e.g. after the seller's settings were put right).
 * `doc_no` is the number staff saw: a document voided or replaced meanwhile is not voided again.
 */
export const documentVoidBody = z.strictObject({
  id: f.ref(),
  doc_no: f.text(50).min(1),
  cause: z.enum(voidCauses),
  reason: z.string({ error: voidReasonRequired }).trim().min(1, voidReasonRequired).max(500),
  receipt: correctedReceipt.optional(),
});
export type DocumentVoidBody = z.output<typeof documentVoidBody>;

/** What a void issued: the cancellation note's number, the voided document's and its replacement's. */
export const documentVoided = z.object({
  cancellation_no: z.string(),
  voided_no: z.string(),
  replacement_no: z.string(),
});
export type DocumentVoided = z.infer<typeof documentVoided>;

/** An issued document by its number (issuedDocumentFile). */
export const issuedDocumentQuery = z.strictObject({ doc_no: f.text(50).min(1) });
