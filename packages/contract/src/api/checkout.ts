import { z } from 'zod';
import { banks, orderPayments } from '../entities/orders.js';

/**
 * What the order dialog needs before an order exists (public): the shop's account for a transfer, the card fee
 * factor (its own line in the summary), the coin rate, and the payment methods the shop can take now: a card method
 * needs a gateway, PromptPay a gateway or the shop's PromptPay id. The payment types' own switch
 * (`orders_payment_type_disable`) is the type's row.
 */
export const checkoutSettings = z.object({
  /** Null when the shop has set no account: transfers are then not offered. */
  account: z.object({ bank: z.enum(banks), name: z.string(), number: z.string() }).nullable(),
  feeFactor: z.number(),
  bahtPerCoin: z.number(),
  offered: z.array(z.enum(orderPayments)),
});
export type CheckoutSettings = z.infer<typeof checkoutSettings>;

/** The settings a shop may leave out, each turning payment methods on. */
export const paymentSettings = ['SHOP_ACCOUNT_NUMBER', 'PAYMENT_GATEWAY'] as const;

/** A setting the shop has not set and the payment methods off until it is. */
export const paymentGap = z.object({ setting: z.enum(paymentSettings), off: z.array(z.enum(orderPayments)) });
export type PaymentGap = z.infer<typeof paymentGap>;

/** What staff are told about the shop's payment settings (back office): the methods taken now and what is missing. */
export const paymentSetup = z.object({ offered: z.array(z.enum(orderPayments)), gaps: z.array(paymentGap) });
