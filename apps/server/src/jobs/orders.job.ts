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

/**
 * A gateway refund whose call did not get an answer (a timeout, an outage): asked again with the same idempotency
 * key, so the gateway gives the money back once however many times it is asked, then completed like any refund.
 */
export const retryRefund = defineJob({
  name: 'orders.refund',
  payload: z.object({ refund_id: z.number().int().positive() }),
  maxAttempts: 20,
  leaseMs: 2 * 60_000,
});

/** Compares the gateway's charges and refunds of the last `days` days with the shop's orders (modules/orders/reconcile.ts). */
export const reconcileGateway = defineJob({
  name: 'orders.reconcile',
  payload: z.object({ days: z.number().int().min(1).max(90) }),
  maxAttempts: 5,
  leaseMs: 10 * 60_000,
});
