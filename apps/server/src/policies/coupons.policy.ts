import { type CouponRefusal, message, type OrderPayment } from '@sikkha/contract';
import {
  couponAllowsPayment,
  couponFitsProduct,
  couponOpenAt,
  couponRefusal,
  couponWindow,
} from '@sikkha/contract/rules';
import { and, countDistinct, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { coupon, couponEmail, couponProduct, orders, ordersDetail, user } from '../db/schema/index.js';
import { AppError, type ErrorCode } from '../errors.js';
import type { Actor, SignedIn } from './actor.js';
import type { Decision } from './decision.js';

export type CouponRow = typeof coupon.$inferSelect;

/** Orders that hold a use of a coupon: waiting and finished ones; a cancelled (or expired) order frees its use. */
export const ordersHoldingCoupons = ['wait', 'finish'] as const;

/** A coupon by the code a member typed (codes match whatever their letter case). */
export async function couponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupon).where(sql`lower(${coupon.coupon_code}) = lower(${code.trim()})`);
  return row;
}

/** How many orders hold a use of each coupon (waiting and finished). */
export async function couponUses(db: Executor, couponIds: readonly number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ coupon_id: ordersDetail.coupon_id, used: countDistinct(orders.id) })
    .from(ordersDetail)
    .innerJoin(orders, eq(orders.id, ordersDetail.orders_id))
    .where(
      and(inArray(ordersDetail.coupon_id, [...couponIds]), inArray(orders.orders_status, [...ordersHoldingCoupons])),
    )
    .groupBy(ordersDetail.coupon_id);
  return new Map(rows.map((r) => [r.coupon_id!, r.used]));
}

/**
 * An existing member (สมาชิกเดิม) of a coupon: a member who had bought a course (a finished order, approved) before
 * the coupon opened, or, for a coupon without a start, before it was made. Signing up earlier is not enough: the
 * member-only coupons reward buyers.
 */
async function existingMember(db: Executor, userId: number, c: CouponRow): Promise<boolean> {
  const since = couponWindow(c).from ?? new Date(c.create_at);
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.user_id, userId),
        eq(orders.orders_status, 'finish'),
        lt(sql`coalesce(${orders.approve_date}, ${orders.update_at})`, since.toISOString()),
      ),
    )
    .limit(1);
  return Boolean(found);
}

/** Whether the member's address is on the coupon's list, and whether they confirmed it (agreement Y). */
async function emailListed(
  db: Executor,
  userId: number,
  couponId: number,
): Promise<{ listed: boolean; confirmed: boolean }> {
  const [found] = await db
    .select({ agreement: user.agreement })
    .from(couponEmail)
    .innerJoin(user, sql`lower(${user.email}) = lower(${couponEmail.coupon_email})`)
    .where(and(eq(couponEmail.coupon_id, couponId), eq(couponEmail.remove_by, 'N'), eq(user.id, userId)))
    .limit(1);
  return { listed: Boolean(found), confirmed: found?.agreement === 'Y' };
}

/** The courses an Only coupon is for: its product_id and its couponProduct rows that are not removed. */
export async function couponProductIds(db: Executor, c: CouponRow): Promise<number[]> {
  const rows = await db
    .select({ product_id: couponProduct.product_id })
    .from(couponProduct)
    .where(and(eq(couponProduct.coupon_id, c.id), eq(couponProduct.remove_by, 'N')));
  return [...new Set([...(c.product_id ? [c.product_id] : []), ...rows.map((r) => r.product_id)])];
}

export interface CouponVerdict {
  refusal: CouponRefusal | null;
  memberOnly: boolean;
  emailOnly: boolean;
  /** Orders already holding a use of the coupon. */
  countOrder: number;
  /** The courses the coupon is for (empty with coupon_product_type all: every course). */
  productSelect: number[];
}

/**
 * Whether a member may use a coupon for a course now (and with a payment method, once chosen): the contract's
 * `couponRefusal` over what the database says. Every fact is read on `db`, so inside an order's unit of work
 * (after the order's service locked the coupon's row, modules/orders/redeem-coupon.ts) the verdict holds until the order commits.
 */
export async function couponVerdict(
  db: Executor,
  member: SignedIn,
  c: CouponRow,
  productId: number,
  now: Date,
  payment?: OrderPayment,
): Promise<CouponVerdict> {
  const memberOnly = c.coupon_member_only === 'Y';
  const emailOnly = c.coupon_email_only === 'Y';
  // One after another: inside a unit of work they share one connection, which runs one query at a time.
  const productSelect = await couponProductIds(db, c);
  const uses = await couponUses(db, [c.id]);
  const isMember = memberOnly && (await existingMember(db, member.id, c));
  const email = emailOnly ? await emailListed(db, member.id, c.id) : { listed: false, confirmed: false };
  const countOrder = uses.get(c.id) ?? 0;
  const refusal = couponRefusal({
    open: couponOpenAt(c, now),
    fitsProduct: couponFitsProduct(c, productSelect, productId),
    memberOnly,
    emailOnly,
    existingMember: isMember,
    emailListed: email.listed,
    emailConfirmed: email.confirmed,
    limit: c.coupon_limit,
    used: countOrder,
    ...(payment ? { paymentAllowed: couponAllowsPayment(c.coupon_payment, payment) } : {}),
  });
  const all = c.coupon_product_type?.toLowerCase() === 'all';
  return { refusal, memberOnly, emailOnly, countOrder, productSelect: all ? [] : productSelect };
}

const refusalCode: Record<CouponRefusal, ErrorCode> = {
  couponUnknown: 'NOT_FOUND',
  couponWrongProduct: 'UNPROCESSABLE',
  couponMemberOrEmail: 'FORBIDDEN',
  couponMemberOnly: 'FORBIDDEN',
  couponEmailOnly: 'FORBIDDEN',
  couponEmailUnconfirmed: 'FORBIDDEN',
  couponUsedUp: 'CONFLICT',
  couponPayment: 'UNPROCESSABLE',
};

/** A refused coupon as the error the member sees: the spec's message, with a status that says why. */
export function couponRefused(refusal: CouponRefusal): AppError {
  return new AppError(refusalCode[refusal], message(refusal));
}

/** Coupons, their e-mail and course lists, and the staff searches of them: staff. */
export const mayManageCoupons = (actor: Actor): Decision => actor.kind === 'staff';
