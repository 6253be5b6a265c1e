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
