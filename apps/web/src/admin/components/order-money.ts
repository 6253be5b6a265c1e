import type { OrderPayment, RefundMethod } from '@sikkha/contract';
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

/**
 * How the server will give the money back (as it decides it from the order's payment): a transfer or a personal
 * PromptPay QR by staff at the bank (`manual`: they record the bank, account, date and their slip), coins into the
 * ledger, a card, smart-pay, union-pay or gateway QR back through the gateway's charge. A QR order does not say
 * whether a gateway made its QR: one with a slip was paid to the shop's own PromptPay (the member sent the slip, as
 * for a transfer), one without was a gateway's.
 */
export function refundMethodOf(order: {
  orders_payment: OrderPayment | null;
  orders_payment_slip?: string | null;
}): RefundMethod {
  switch (order.orders_payment) {
    case 'transfer':
      return 'manual';
    case 'qrcode':
      return order.orders_payment_slip ? 'manual' : 'gateway';
    case 'coin':
      return 'coins';
    case 'credit':
    case 'smatrpay':
    case 'unionpay':
    case null:
      return 'gateway';
  }
}
