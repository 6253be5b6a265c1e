import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Makes a finished order's receipt or tax invoice PDF and stores it, once: enqueued by the unit of work that
 * finishes the order and numbers the document (one per order, by key); the documents module runs it. Another run,
 * or a download that came first, finds the document made and leaves it.
 */
export const issueOrderDocument = defineJob({
  name: 'documents.issue',
  payload: z.object({ orders_id: z.number().int().positive() }),
  maxAttempts: 8,
  leaseMs: 2 * 60_000,
});

/**
 * The mail attachment source (providers/mail.ts) of a finished order's receipt or tax invoice PDF, by order id: the
 * paid mail names it, the documents module makes it (the stored PDF, issued then if its job has not run yet).
 */
export const ORDER_DOCUMENT_ATTACHMENT = 'orderDocument';

/**
 * Makes a refund's credit note (against a tax invoice) or refund note PDF and stores it on its `orderRefund` row,
 * once: enqueued by the unit of work that records the refund and numbers its document (key
 * `documents.refund:<refund id>`); the documents module runs it. Another run, or a download that came first, finds
 * the file made and leaves it.
 */
export const issueRefundDocument = defineJob({
  name: 'documents.refund',
  payload: z.object({ refund_id: z.number().int().positive() }),
  maxAttempts: 8,
  leaseMs: 2 * 60_000,
});

/** The mail attachment source of a refund's credit note or refund note PDF, by refund id (the refund mail's). */
export const REFUND_DOCUMENT_ATTACHMENT = 'orderRefundDocument';

/**
 * Makes a cancellation note's PDF (ETDA T07) from its `documentVoid` row and records it in the register, once:
 * enqueued by the unit of work that voids a document (key `documents.cancel:<number>`); a download or mail that comes
 * first makes it, and the job then finds it made.
 */
export const issueCancellationNote = defineJob({
  name: 'documents.cancel',
  payload: z.object({ cancellation_no: z.string().min(1).max(50) }),
  maxAttempts: 8,
  leaseMs: 2 * 60_000,
});

/** The mail attachment source of a cancellation note's PDF, by its number (the void mail's). */
export const CANCELLATION_NOTE_ATTACHMENT = 'cancellationNote';
