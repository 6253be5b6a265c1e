import type { Actor } from './actor.js';
import type { Decision } from './decision.js';

/** A coin coupon as its rights see it: for everyone (public), or made for one member (only). */
export interface CoinCouponSubject {
  coupon_point_type: string | null;
  user_id: number | null;
}

/**
 * Looking up a coin coupon by its code: staff any, a member a public one or one made for them; to anyone else it
 * does not exist (a member may not learn of another's coupon).
 */
export const mayReadCoinCoupon = (actor: Actor, c: CoinCouponSubject): Decision =>
  actor.kind === 'staff' ||
  (actor.kind === 'member' && (c.coupon_point_type === 'public' || c.user_id === actor.id)) ||
  'hide';

/** A member's coin history (the ledger with balances): the member their own, staff anyone's. */
export const mayReadCoinHistory = (actor: Actor, owner: { user_id: number }): Decision =>
  actor.kind === 'staff' || (actor.kind === 'member' && actor.id === owner.user_id);

/** Coin coupons, ledger entries and the balance report of the back office: staff. */
export const mayManageCoins = (actor: Actor): Decision => actor.kind === 'staff';
