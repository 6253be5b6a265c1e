import { type CouponPointStatus, message } from '@sikkha/contract';
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { type Db, queryRows } from '../../db/client.js';
import { recordCoins } from '../../db/coin-ledger.js';
import { toIso } from '../../db/schema/columns.js';
import { couponPoint, couponPointClaim, logPoint, user } from '../../db/schema/index.js';
import { lockRow, type Transact } from '../../db/unit-of-work.js';
import { AppError, fail, invalidField } from '../../errors.js';
import { allows, authorize, type SignedIn } from '../../policies/index.js';

export interface CoinsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  /** What one coin pays, in baht (COIN_BAHT_RATE). */
  bahtPerCoin: number;
}

type CoinCoupon = typeof couponPoint.$inferSelect;

/** Closed and used coupons stay in the member's list this long, so a claim just made is still seen as used. */
const SHOWN_AFTER_END_MS = 30 * 24 * 60 * 60 * 1000;

/** The button a member sees on a coin coupon: op claimable, cl closed (or out of its dates), us used. */
function stateFor(c: CoinCoupon, claimed: boolean, now: Date): CouponPointStatus {
  if (claimed || c.coupon_point_status === 'us') return 'us';
  if (c.coupon_point_status === 'cl') return 'cl';
  if (c.coupon_point_to && new Date(c.coupon_point_to) <= now) return 'cl';
  if (c.coupon_point_start && new Date(c.coupon_point_start) > now) return 'cl';
  return 'op';
}

const view = (c: CoinCoupon, state: CouponPointStatus) => ({
  id: c.id,
  coupon_point_title: c.coupon_point_title,
  coupon_point_detail: c.coupon_point_detail,
  coupon_point_type: c.coupon_point_type,
  coupon_point_amount: c.coupon_point_amount,
  coupon_point_code: c.coupon_point_code,
  coupon_point_start: c.coupon_point_start,
  coupon_point_to: c.coupon_point_to,
  state,
});

const byCode = (code: string) => sql`lower(${couponPoint.coupon_point_code}) = lower(${code.trim()})`;

export function coinsService({ db, clock, transact, bahtPerCoin }: CoinsDeps) {
  /**
   * Claims a coin coupon (orders §4): a public one once per member, one made for the member (`only`) once, op to us.
   * The member's row is locked first, as every change of their coins does (see db/coin-ledger), then the coupon's;
   * the claim, the ledger row and the balance commit together. Another member's `only` code is unknown.
   */
  async function claim(member: SignedIn, code: string, kind: 'public' | 'only') {
    const now = clock.now();
    return transact(async (work) => {
      await lockRow(work, user, member.id);
      const [c] = await work.db.select().from(couponPoint).where(byCode(code)).for('update');
      if (!c || c.coupon_point_type !== kind || (kind === 'only' && c.user_id !== member.id)) {
        throw fail('NOT_FOUND', 'coinCouponUnknown');
      }
      if (c.coupon_point_status === 'us') throw fail('CONFLICT', 'coinCouponUsed');
      if (c.coupon_point_status === 'cl') throw fail('CONFLICT', 'coinCouponClosed');
      if (c.coupon_point_start && new Date(c.coupon_point_start) > now) throw fail('CONFLICT', 'coinCouponNotStarted');
      if (c.coupon_point_to && new Date(c.coupon_point_to) <= now) throw fail('CONFLICT', 'coinCouponExpired');

      const at = now.toISOString();
      let claimId: number | undefined;
      if (kind === 'public') {
        const [claimed] = await work.db
          .insert(couponPointClaim)
          .values({ coupon_point_id: c.id, user_id: member.id, create_at: at })
          .onConflictDoNothing()
          .returning({ id: couponPointClaim.id });
        if (!claimed) throw fail('CONFLICT', 'coinCouponUsed');
        claimId = claimed.id;
      }
      const entry = await recordCoins(work, clock, {
        user_id: member.id,
        amount: c.coupon_point_amount,
        type: 'claim',
        note: [c.coupon_point_code, c.coupon_point_title].filter(Boolean).join(' '),
        by: member.id,
      });
      if (claimId !== undefined) {
        await work.db.update(couponPointClaim).set({ log_point_id: entry.id }).where(eq(couponPointClaim.id, claimId));
      } else {
        await work.db
          .update(couponPoint)
          .set({ coupon_point_status: 'us', update_at: at })
          .where(eq(couponPoint.id, c.id));
      }
      return {
        result: true,
        data: {
          coupon_point_id: c.id,
          coupon_point_amount: c.coupon_point_amount,
          point: entry.point,
          log_point_id: entry.id,
        },
        message: message('coinCouponClaimed'),
      };
    });
  }

  /** The coin coupons of the member's dialog: public ones and theirs, open or lately ended, with their state. */
  async function ofMember(member: SignedIn) {
    const now = clock.now();
    const shownSince = new Date(now.getTime() - SHOWN_AFTER_END_MS).toISOString();
    const rows = await db
      .select({ c: couponPoint, claimed: couponPointClaim.id })
      .from(couponPoint)
      .leftJoin(
        couponPointClaim,
        and(eq(couponPointClaim.coupon_point_id, couponPoint.id), eq(couponPointClaim.user_id, member.id)),
      )
      .where(
        and(
          or(eq(couponPoint.coupon_point_type, 'public'), eq(couponPoint.user_id, member.id)),
          or(isNull(couponPoint.coupon_point_start), lte(couponPoint.coupon_point_start, now.toISOString())),
          or(
            isNull(couponPoint.coupon_point_to),
            sql`${couponPoint.coupon_point_to} > ${shownSince}`,
            sql`${couponPointClaim.id} IS NOT NULL`,
          ),
        ),
      )
      .orderBy(desc(couponPoint.id))
      .limit(100);
    const data = rows.map((r) => view(r.c, stateFor(r.c, r.claimed !== null, now)));
    return { result: true, data, message: message('ok'), total: data.length };
  }

  /** A coin coupon by its code: a member sees public ones and their own; staff any. */
  async function findByCode(actor: SignedIn, code: string) {
    const now = clock.now();
    const [row] = await db
      .select({ c: couponPoint, claimed: couponPointClaim.id })
      .from(couponPoint)
      .leftJoin(
        couponPointClaim,
        and(eq(couponPointClaim.coupon_point_id, couponPoint.id), eq(couponPointClaim.user_id, actor.id)),
      )
      .where(byCode(code));
    if (!row || !(await allows({ db, now }, actor, 'coinCoupon.read', row.c)))
      throw fail('NOT_FOUND', 'coinCouponUnknown');
    const claimed = actor.kind === 'member' && row.claimed !== null;
    return { result: true, data: view(row.c, stateFor(row.c, claimed, now)), message: message('ok') };
  }

  /** A member's coin history, newest first, with the balance after each line; staff read any member's. */
  async function history(actor: SignedIn, q: { user_id?: number | undefined; page: number; pageSize: number }) {
    const userId = q.user_id ?? (actor.kind === 'member' ? actor.id : undefined);
    if (userId === undefined) throw invalidField('user_id', 'required', message('required'));
    await authorize({ db, now: clock.now() }, actor, 'coin.history', { user_id: userId });
    const [account] = await db.select({ point: user.point }).from(user).where(eq(user.id, userId));
    if (!account) throw new AppError('NOT_FOUND', message('notFound'));
    const rows = await queryRows<typeof logPoint.$inferSelect & { balance_after: string | number }>(
      db,
      sql`SELECT * FROM (
            SELECT l.*, sum(l.log_point_amount) OVER (ORDER BY l.id ROWS UNBOUNDED PRECEDING) AS balance_after
            FROM ${logPoint} l WHERE l.user_id = ${userId}
          ) h ORDER BY h.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    );
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(logPoint)
      .where(eq(logPoint.user_id, userId));
    const data = rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      log_point_amount: r.log_point_amount,
      log_point_type: r.log_point_type,
      log_point_note: r.log_point_note,
      create_by: r.create_by,
      create_at: toIso(r.create_at),
      update_at: toIso(r.update_at),
      balance_after: Number(r.balance_after),
    }));
    return { result: true, data, message: message('ok'), total, point: account.point, bahtPerCoin };
  }

  /** Members whose balance is not the sum of their ledger: empty while every change went through the ledger. */
  async function mismatches(actor: SignedIn) {
    await authorize({ db, now: clock.now() }, actor, 'coin.manage', null);
    const data = await queryRows<{ user_id: number; email: string | null; point: number; ledger: number }>(
      db,
      sql`SELECT u.id AS user_id, u.email, u.point, coalesce(l.total, 0)::int AS ledger
          FROM ${user} u
          LEFT JOIN (SELECT user_id, sum(log_point_amount) AS total FROM ${logPoint} GROUP BY user_id) l
            ON l.user_id = u.id
          WHERE u.point <> coalesce(l.total, 0)
          ORDER BY u.id`,
    );
    return { result: true, data, message: message('ok'), total: data.length };
  }

  return { claim, ofMember, findByCode, history, mismatches };
}

export type CoinsService = ReturnType<typeof coinsService>;
