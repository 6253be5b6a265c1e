import { amountDue, type Satang, satang, toBaht, toSatang } from '@sikkha/contract/rules';

/** What of an order the money rules read (a staff list row and an order's view both have it). */
export interface OrderMoney {
  orders_net: number | null;
  /** The card fee line (gateway card methods only); absent or null is none. */
  fee?: number | null;
  orders_refunded?: number | null;
}

/**
 * What the member paid for an order, in satang: the contract's one amount-due rule (net after any coupon plus the
 * card fee), so the refund dialog, the order page and the orders CSV say what the server charged.
 */
export function paidSatang(order: OrderMoney): Satang {
  return amountDue(order);
}

/** What may still be refunded, in baht: what was paid less what was refunded already (never below 0). */
export function remainingBaht(order: OrderMoney): number {
  const left = paidSatang(order) - toSatang(order.orders_refunded ?? 0);
  return toBaht(satang(Math.max(0, left)));
}

/** What was paid, in baht. */
export const paidBaht = (order: OrderMoney): number => toBaht(paidSatang(order));
