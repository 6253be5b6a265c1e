import { z } from 'zod';
import { banks, orderPayments } from '../entities/orders.js';

/**
 * What the order dialog needs before an order exists (public): the shop's account for a transfer, the card fee
 * factor (its own line in the summary), the coin rate, and the payment methods the shop can take now: a card method
 * needs a gateway, PromptPay a gateway or the shop's PromptPay id. The payment types' own switch
 * (`orders_payment_type_disable`) is the type's row.
 */
export const checkoutSettings = z.object({
  account: z.object({ bank: z.enum(banks), name: z.string(), number: z.string() }),
  feeFactor: z.number(),
  bahtPerCoin: z.number(),
  offered: z.array(z.enum(orderPayments)),
});
export type CheckoutSettings = z.infer<typeof checkoutSettings>;
