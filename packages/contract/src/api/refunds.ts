import { z } from 'zod';
import { banks } from '../entities/orders.js';
import { f } from '../fields.js';

const id = z.number().int();

/**
 * How a refund reaches the member: back through the card gateway's charge, paid by staff outside the shop (a
 * transfer or personal PromptPay order: they record the bank, account, date and their own slip), or into the coin
 * ledger (a coin order).
 */
export const refundMethods = ['gateway', 'manual', 'coins'] as const;
export type RefundMethod = (typeof refundMethods)[number];
/** A gateway refund may be accepted and settled later; a manual or coin refund is done when it is recorded. */
export const refundStatuses = ['pending', 'done'] as const;
/** The document a refund issues: a credit note against a tax invoice (s.86/10), else a refund note. */
export const refundDocumentTypes = ['creditNote', 'refundNote'] as const;
export type RefundDocumentType = (typeof refundDocumentTypes)[number];

export const refundReasonRequired = 'กรุณากรอก เหตุผลการคืนเงิน';
const reason = z.string({ error: refundReasonRequired }).trim().min(1, refundReasonRequired).max(500);

/**
 * ordersRefund (staff): refunds a finished (or paid-after-cancel) order fully or partly. The method follows the
 * order's payment; a manual refund carries what staff did at the bank.
 */
export const refundBody = z.strictObject({
  id: f.ref(),
  /** Baht; at most what was paid less what was refunded. Left out: all of what remains. */
  amount: f
    .money()
    .refine((v) => v > 0, 'จำนวนเงินต้องมากกว่า 0')
    .optional(),
  reason,
  manual: z
    .strictObject({
      bank: z.enum(banks),
      account: f.text(100).min(1),
      date: f.date(),
      slip: f.fileName(),
    })
    .optional(),
});
export type RefundBody = z.output<typeof refundBody>;

/** A refund as the member and staff see it, with its document. */
export const orderRefund = z.object({
  id,
  orders_id: id,
  amount: z.number(),
  reason: z.string(),
  method: z.enum(refundMethods),
  status: z.enum(refundStatuses),
  coins: z.number().int(),
  bank: z.enum(banks).nullable(),
  account: z.string().nullable(),
  refund_date: z.string().nullable(),
  doc_type: z.enum(refundDocumentTypes).nullable(),
  doc_no: z.string().nullable(),
  create_at: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/** ordersRefunds: the refunds of one order (its member, staff). */
export const refundsQuery = z.strictObject({ id: f.ref() });
/** ordersRefundFile: a refund's credit note or refund note PDF. */
export const refundFileQuery = z.strictObject({ id: f.ref() });

/**
 * ordersResolvePaid (staff): a charge the gateway confirmed after its order was cancelled is refunded, or the course
 * is granted through the one finish. Either way the member is told which.
 */
export const resolvePaidBody = z.strictObject({
  id: f.ref(),
  action: z.enum(['refund', 'grant']),
  reason,
});

/** What reconciliation found when the gateway's records and the shop's disagree. */
export const mismatchKinds = ['paidNotFinished', 'finishedNotPaid', 'amountDiffers', 'refundNotRecorded'] as const;
export type MismatchKind = (typeof mismatchKinds)[number];
export const reconcileMismatch = z.object({
  id,
  kind: z.enum(mismatchKinds),
  gateway: z.string(),
  charge_id: z.string(),
  orders_id: id.nullable(),
  orders_ref: z.string().nullable(),
  /** What each side says: status, amount and refunded, in baht. */
  gateway_record: z.record(z.string(), z.unknown()),
  shop_record: z.record(z.string(), z.unknown()),
  /** Whether reconciliation finished the order itself (a paid charge inside the window). */
  fixed: z.boolean(),
  resolved_at: z.string().nullable(),
  create_at: z.string(),
});
export type ReconcileMismatch = z.infer<typeof reconcileMismatch>;
export const reconcileQuery = z.strictObject({
  resolved: f.yn().default('N'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
/** ordersReconcile (staff): compares the last `days` days now. */
export const reconcileBody = z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(2) });
export const reconcileResult = z.object({
  checked: z.number().int(),
  fixed: z.number().int(),
  found: z.number().int(),
});
export const resolveMismatchBody = z.strictObject({ id: f.ref(), note: z.string().trim().max(500).optional() });
