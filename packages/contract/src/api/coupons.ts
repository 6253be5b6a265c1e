import { z } from 'zod';
import {
  coupon,
  couponEmail,
  couponPoint,
  couponPointStatuses,
  couponPointTypes,
  couponProduct,
  couponTypes,
  logPoint,
} from '../entities/coupons.js';
import { orderPayments } from '../entities/orders.js';
import { f } from '../fields.js';

const id = z.number().int();
const code = z.string().trim().min(1).max(50);

/**
 * The member's check of a code for a course (orders §5, "Validation of a product-bound coupon takes {code,
 * product_id}"); `payment`, once the member has chosen one, checks coupon_payment too.
 */
export const couponCheckQuery = z.strictObject({
  code,
  product_id: f.ref(),
  payment: z.enum(orderPayments).optional(),
});

/**
 * What a member may know of a coupon they typed: its terms, not its limits' bookkeeping. The code and type are
 * never empty (the database holds them NOT NULL), so the web can apply the contract's `couponEffect` to them.
 */
export const couponTerms = coupon.row
  .pick({
    id: true,
    coupon_code: true,
    coupon_name: true,
    coupon_detail: true,
    coupon_type: true,
    coupon_price: true,
    coupon_percent: true,
    coupon_point: true,
    coupon_pay: true,
    coupon_payment: true,
    coupon_product_type: true,
    coupon_start: true,
    coupon_start_time: true,
    coupon_to: true,
    coupon_to_time: true,
    coupon_limit: true,
  })
  .extend({ coupon_code: z.string(), coupon_type: z.enum(couponTypes) });

/** The coupon's effect on the course's price, in baht, and the coins it gives when the order finishes. */
export const couponPricing = z.object({ price: z.number(), discount: z.number(), net: z.number(), coins: id });

/**
 * The spec's coupon-lookup answer: `{ result, data, memberOnly, emailOnly, countOrder, productSelect }`. Sent only
 * for an accepted coupon; a refused one is a 4xx with the spec's message.
 */
export const couponCheck = z.object({
  result: z.boolean(),
  data: couponTerms.extend({ pricing: couponPricing, until: z.string().nullable() }),
  message: z.string(),
  memberOnly: z.boolean(),
  emailOnly: z.boolean(),
  /** Orders already holding a use of the coupon (waiting and finished). */
  countOrder: id,
  /** The courses the coupon is for; empty when it is for every course. */
  productSelect: z.array(id),
});

export const couponCodeQuery = z.strictObject({ code });
export const couponCouponCodeQuery = z.strictObject({ coupon_code: code });
export const couponDateQuery = z.strictObject({ date: f.date() });

/** A coupon as staff see it: with its use count, its window and its e-mail and course rows. */
export const couponAdminView = coupon.row.extend({
  countOrder: id,
  from: z.string().nullable(),
  until: z.string().nullable(),
  couponEmail: z.array(couponEmail.row),
  couponProduct: z.array(couponProduct.row),
});

/** A coin coupon as the member's dialog shows it, with the button state for this member (op, cl, us). */
export const coinCouponView = couponPoint.row
  .pick({
    id: true,
    coupon_point_title: true,
    coupon_point_detail: true,
    coupon_point_type: true,
    coupon_point_amount: true,
    coupon_point_code: true,
    coupon_point_start: true,
    coupon_point_to: true,
  })
  .extend({
    coupon_point_type: z.enum(couponPointTypes),
    coupon_point_amount: id,
    coupon_point_code: z.string(),
    state: z.enum(couponPointStatuses),
  });

export const coinCouponClaimBody = z.strictObject({ code });
export const coinCouponClaimed = z.object({
  coupon_point_id: id,
  coupon_point_amount: id,
  /** The member's balance after the claim. */
  point: id,
  log_point_id: id,
});

/** One line of a member's coin history: the ledger row and the balance after it. */
export const coinHistoryLine = logPoint.row.extend({ log_point_amount: id, balance_after: id });
export const coinHistoryQuery = z.strictObject({
  user_id: f.ref().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const coinHistory = z.object({
  result: z.boolean(),
  data: z.array(coinHistoryLine),
  message: z.string(),
  total: id,
  /** The balance now, and what one coin pays in baht. */
  point: id,
  bahtPerCoin: z.number(),
});

/** A member whose balance is not the sum of their ledger (the staff report; empty when the ledger holds). */
export const coinLedgerMismatch = z.object({
  user_id: id,
  email: z.string().nullable(),
  point: id,
  ledger: id,
});
