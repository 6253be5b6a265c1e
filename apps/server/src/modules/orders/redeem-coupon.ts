import type { OrderPayment } from '@sikkha/contract';
import { couponEffect, type Satang } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { coupon } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { couponRefused, couponVerdict } from '../../policies/coupons.policy.js';
import type { SignedIn } from '../../policies/index.js';

/**
 * The coupon of an order, inside the order's unit of work: this service locks the coupon's row (`FOR UPDATE`) so
 * orders using it queue, then the policy's verdict checks every rule again with the payment method, so a limit of 5
 * gives exactly 5 orders however many race. Throws the refusal; answers the coupon's effect on the course's price.
 */
export async function redeemCoupon(
  work: Work,
  member: SignedIn,
  use: { coupon_id: number; product_id: number; price: Satang; payment: OrderPayment },
  now: Date,
) {
  const [locked] = await work.db.select().from(coupon).where(eq(coupon.id, use.coupon_id)).for('update');
  if (!locked) throw couponRefused('couponUnknown');
  const verdict = await couponVerdict(work.db, member, locked, use.product_id, now, use.payment);
  if (verdict.refusal) throw couponRefused(verdict.refusal);
  return { coupon: locked, effect: couponEffect(use.price, locked) };
}
