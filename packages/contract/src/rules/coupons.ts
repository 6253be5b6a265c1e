import type { CouponType } from '../entities/coupons.js';
import type { OrderPayment } from '../entities/orders.js';
import type { MessageKey } from '../messages.js';
import { BANGKOK_OFFSET_MS } from './dates.js';
import { percentOf, type Satang, satang, toSatang } from './money.js';

/** What a coupon does to a price: the coupon's type and its amounts (baht, percent, coins), as stored. */
export interface CouponTerms {
  coupon_type: CouponType;
  coupon_price: number | null;
  coupon_percent: number | null;
  coupon_point: number | null;
  coupon_pay: number | null;
}

/** A course's price with a coupon: discount = price − net; coins are credited when the order finishes. */
export interface CouponEffect {
  price: Satang;
  discount: Satang;
  net: Satang;
  coins: number;
}

type Step = 'price' | 'percent' | 'point' | 'pay';

/** The steps of each type; All applies every step whose amount is set, in the spec's order. */
const stepsOf: Record<CouponType, readonly Step[]> = {
  Price: ['price'],
  Percent: ['percent'],
  Point: ['point'],
  Pay: ['pay'],
  All: ['price', 'percent', 'point', 'pay'],
};

/** The amounts a coupon of this type uses; the others are cleared when it is saved. */
export const couponAmountFields = {
  price: 'coupon_price',
  percent: 'coupon_percent',
  point: 'coupon_point',
  pay: 'coupon_pay',
} as const satisfies Record<Step, keyof CouponTerms>;

export function couponFieldsOf(type: CouponType): (keyof CouponTerms)[] {
  return stepsOf[type].map((step) => couponAmountFields[step]);
}

/**
 * The coupon's effect on one course's price (orders §5): Price makes the net the coupon's price (never above the
 * price: a coupon does not raise it), Percent takes that share off the running net, Pay takes a fixed amount off,
 * Point adds coins; All does price, percent, point, pay in that order. The percentage's part is rounded to the
 * nearest satang (half up), so net + discount is always exactly the price; the net never goes below 0.
 */
export function couponEffect(price: Satang, coupon: CouponTerms | null): CouponEffect {
  let net: number = price;
  let coins = 0;
  for (const step of coupon ? stepsOf[coupon.coupon_type] : []) {
    const amount = coupon?.[couponAmountFields[step]];
    if (amount === null || amount === undefined) continue;
    if (step === 'price') net = Math.min(net, toSatang(amount));
    else if (step === 'percent') net -= percentOf(satang(net), Math.min(100, Math.max(0, amount)));
    else if (step === 'pay') net -= toSatang(amount);
    else coins += Math.max(0, Math.trunc(amount));
    net = Math.max(0, net);
  }
  return { price, discount: satang(price - net), net: satang(net), coins };
}

/** When a coupon may be used: its dates and times (Bangkok), its relative duration, and when it was made. */
export interface CouponValidity {
  coupon_start: string | null;
  coupon_start_time: string | null;
  coupon_to: string | null;
  coupon_to_time: string | null;
  coupon_year: number | null;
  coupon_month: number | null;
  coupon_day: number | null;
  coupon_hour: number | null;
  create_at: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The instant of a Bangkok date ("YYYY-MM-DD") at a Bangkok time ("HH:mm" or "HH:mm:ss"; seconds are ignored). */
export function bangkokInstant(date: string, time: string | null): Date {
  const [hh = '00', mm = '00'] = (time ?? '00:00').split(':');
  return new Date(Date.parse(`${date}T${hh.padStart(2, '0')}:${mm.padStart(2, '0')}:00.000Z`) - BANGKOK_OFFSET_MS);
}

/** `at` plus whole years, months, days and hours on Bangkok's calendar (a month end stays in its month). */
function addDuration(at: Date, years: number, months: number, days: number, hours: number): Date {
  const local = new Date(at.getTime() + BANGKOK_OFFSET_MS);
  const totalMonths = local.getUTCFullYear() * 12 + local.getUTCMonth() + years * 12 + months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = Date.UTC(
    year,
    month,
    Math.min(local.getUTCDate(), lastDay),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(moved - BANGKOK_OFFSET_MS + days * 24 * HOUR_MS + hours * HOUR_MS);
}

/**
 * The coupon's window, `from` inclusive and `to` exclusive (null: open on that side), in Asia/Bangkok (UTC+7, the
 * spec's 7-hour offset):
 * - it opens at coupon_start at coupon_start_time (midnight when no time);
 * - it closes at the end of the minute coupon_to_time on coupon_to (the end of that day when no time);
 * - coupon_year, coupon_month, coupon_day and coupon_hour, when any is set, are how long it lasts from its opening
 *   (or, without a start, from when it was made); with coupon_to as well, the earlier end holds.
 */
export function couponWindow(c: CouponValidity): { from: Date | null; to: Date | null } {
  const from = c.coupon_start ? bangkokInstant(c.coupon_start, c.coupon_start_time) : null;
  const ends: Date[] = [];
  if (c.coupon_to) {
    const to = bangkokInstant(c.coupon_to, c.coupon_to_time);
    ends.push(new Date(to.getTime() + (c.coupon_to_time ? MINUTE_MS : 24 * HOUR_MS)));
  }
  const duration = [c.coupon_year, c.coupon_month, c.coupon_day, c.coupon_hour];
  if (duration.some((n) => n !== null && n !== undefined && n > 0)) {
    const [years, months, days, hours] = duration.map((n) => n ?? 0) as [number, number, number, number];
    ends.push(addDuration(from ?? new Date(c.create_at), years, months, days, hours));
  }
  const to = ends.length > 0 ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
  return { from, to };
}

export function couponOpenAt(c: CouponValidity, now: Date): boolean {
  const { from, to } = couponWindow(c);
  return (!from || now >= from) && (!to || now < to);
}

/**
 * coupon_payment: the payment methods (orders_payment names: transfer, qrcode, credit, smatrpay, unionpay) a coupon
 * may be used with, separated by commas or spaces; empty means any. Coins never take a coupon (orders §6).
 */
export function couponAllowsPayment(couponPayment: string | null, method: OrderPayment): boolean {
  if (method === 'coin') return false;
  const listed = (couponPayment ?? '')
    .split(/[\s,]+/)
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);
  return listed.length === 0 || listed.includes(method);
}

/**
 * coupon_product_type 'all' (any letter case): every course. Otherwise (the default Only): the course named by the
 * coupon's product_id and the courses listed in couponProduct (rows not removed).
 */
export function couponFitsProduct(
  coupon: { coupon_product_type: string | null; product_id: number | null },
  listed: readonly number[],
  productId: number,
): boolean {
  if (coupon.coupon_product_type?.toLowerCase() === 'all') return true;
  return coupon.product_id === productId || listed.includes(productId);
}

/** What the server knows about a coupon, a member and a course when it checks a code. */
export interface CouponFacts {
  /** Found by its code and inside its window. */
  open: boolean;
  fitsProduct: boolean;
  memberOnly: boolean;
  emailOnly: boolean;
  existingMember: boolean;
  emailListed: boolean;
  /**
   * The member confirmed their address with the mailed code. Registration does not prove an address, so a listed
   * e-mail admits only once it is confirmed: otherwise whoever registers it first would take its coupon.
   */
  emailConfirmed: boolean;
  /** coupon_limit: null or 0 means no limit. */
  limit: number | null;
  /** Orders that hold a use of the coupon (waiting and finished). */
  used: number;
  /** Whether the payment method allows it; undefined while no method is chosen yet (the code check). */
  paymentAllowed?: boolean;
}

export type CouponRefusal = Extract<
  MessageKey,
  | 'couponUnknown'
  | 'couponWrongProduct'
  | 'couponMemberOrEmail'
  | 'couponMemberOnly'
  | 'couponEmailOnly'
  | 'couponEmailUnconfirmed'
  | 'couponUsedUp'
  | 'couponPayment'
>;

/**
 * Why a coupon is refused, in the spec's order (orders §5), or null when it is accepted: unknown or expired, not for
 * this course, member-only and e-mail-only together (either one admits), member-only, e-mail-only (a listed address
 * not yet confirmed is told to confirm it), used up; then, at the order, the payment method.
 */
export function couponRefusal(f: CouponFacts): CouponRefusal | null {
  if (!f.open) return 'couponUnknown';
  if (!f.fitsProduct) return 'couponWrongProduct';
  const emailAdmits = f.emailListed && f.emailConfirmed;
  if (f.memberOnly && f.emailOnly) {
    if (!f.existingMember && !emailAdmits) return f.emailListed ? 'couponEmailUnconfirmed' : 'couponMemberOrEmail';
  } else if (f.memberOnly && !f.existingMember) return 'couponMemberOnly';
  else if (f.emailOnly && !emailAdmits) return f.emailListed ? 'couponEmailUnconfirmed' : 'couponEmailOnly';
  if (f.limit && f.used >= f.limit) return 'couponUsedUp';
  if (f.paymentAllowed === false) return 'couponPayment';
  return null;
}
