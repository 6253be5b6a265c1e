import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Cancels an order nobody paid in time, enqueued with the order for its expiry time (one per order, by key). A
 * gateway order asks the gateway first: a charge paid but not yet notified finishes the order instead.
 */
export const expireOrder = defineJob({
  name: 'orders.expire',
  payload: z.object({ orders_id: z.number().int().positive() }),
  maxAttempts: 10,
  leaseMs: 2 * 60_000,
});
