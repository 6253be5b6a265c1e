import { message } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { couponPoint, logPoint, user } from '../../db/schema/index.js';

// Coin coupons (orders §2, §4, §7): the member's dialog list, claims by code, and the coin history.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('coin-coupons-staff');
  alice = await t.member('coin-coupons-alice@example.com');
  bob = await t.member('coin-coupons-bob@example.com');
});
afterAll(() => t?.close());

let n = 0;
/** A coin coupon made by staff through the generic route (the test clock is 2026-11-22 03:00 UTC). */
async function coinCoupon(fields: Record<string, unknown> = {}) {
  const res = await staff.post('/api/couponPoint', {
    coupon_point_code: `COIN${++n}`,
    coupon_point_title: `เหรียญฟรี ${n}`,
    coupon_point_detail: 'รับเหรียญไว้ซื้อคอร์ส',
    coupon_point_amount: 50,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; coupon_point_code: string };
}

const claimPublic = (who: Caller, code: string) => who.post('/api/couponPointUseCouponCoinPublic', { code });
const claimOnly = (who: Caller, code: string) => who.post('/api/couponPointUseCouponCoinOnly', { code });

async function pointOf(userId: number) {
  const [row] = await t.db.select({ point: user.point }).from(user).where(eq(user.id, userId));
  return row!.point;
}

describe('claiming a coin coupon', () => {
  test('a public coupon: once per member, in any letter case, with a ledger row', async () => {
    const c = await coinCoupon({ coupon_point_amount: 30 });
    const first = await claimPublic(alice, c.coupon_point_code.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      result: true,
      message: message('coinCouponClaimed'),
      data: { coupon_point_id: c.id, coupon_point_amount: 30, point: 30 },
    });
    const again = await claimPublic(alice, c.coupon_point_code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(message('coinCouponUsed'));
    // Another member claims it too: public means once each, and it stays open.
    expect((await claimPublic(bob, c.coupon_point_code)).statusCode).toBe(200);
    const [row] = await t.db.select().from(couponPoint).where(eq(couponPoint.id, c.id));
    expect(row!.coupon_point_status).toBe('op');
    const ledger = await t.db.select().from(logPoint).where(eq(logPoint.user_id, alice.id!));
    expect(ledger).toEqual([
      expect.objectContaining({ log_point_amount: 30, log_point_type: 'claim', id: first.json().data.log_point_id }),
    ]);
  });

  test('a coupon made for one member: only they can claim it, once, and it becomes used (op to us)', async () => {
    const c = await coinCoupon({ coupon_point_type: 'only', user_id: alice.id, coupon_point_amount: 70 });
    const before = await pointOf(alice.id!);
    // Another member's code does not exist for bob; a public claim of it is refused too.
    const stranger = await claimOnly(bob, c.coupon_point_code);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(message('coinCouponUnknown'));
    expect((await claimPublic(alice, c.coupon_point_code)).statusCode).toBe(404);

    const claimed = await claimOnly(alice, c.coupon_point_code);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data.point).toBe(before + 70);
    const [row] = await t.db.select().from(couponPoint).where(eq(couponPoint.id, c.id));
    expect(row!.coupon_point_status).toBe('us');
    const twice = await claimOnly(alice, c.coupon_point_code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(message('coinCouponUsed'));
  });

  test('closed, expired, not yet open and unknown coupons cannot be claimed, each with its message', async () => {
    const closed = await coinCoupon({ coupon_point_status: 'cl' });
    const expired = await coinCoupon({ coupon_point_to: '2026-11-22T02:59:59.000Z' });
    const later = await coinCoupon({ coupon_point_start: '2026-11-22T03:00:01.000Z' });
    const cases = [
      [closed.coupon_point_code, 'coinCouponClosed', 409],
      [expired.coupon_point_code, 'coinCouponExpired', 409],
      [later.coupon_point_code, 'coinCouponNotStarted', 409],
      ['NO-SUCH-COIN', 'coinCouponUnknown', 404],
    ] as const;
    const before = await pointOf(bob.id!);
    for (const [code, key, status] of cases) {
      const res = await claimPublic(bob, code);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().message).toBe(message(key));
    }
    expect(await pointOf(bob.id!)).toBe(before);
  });

  test('the ladder: a visitor 401, staff 403, an empty code 400', async () => {
    expect((await claimPublic(t.visitor, 'X')).statusCode).toBe(401);
    expect((await claimPublic(staff, 'X')).statusCode).toBe(403);
    const empty = await claimPublic(alice, '  ');
    expect(empty.statusCode).toBe(400);
  });
});

describe('the coin coupon dialog list', () => {
  test('public coupons and the member’s own, each with its button state; nobody else’s', async () => {
    const member = await t.member('coin-coupons-list@example.com');
    const open = await coinCoupon();
    const claimed = await coinCoupon();
    const closed = await coinCoupon({ coupon_point_status: 'cl' });
    const ended = await coinCoupon({ coupon_point_to: '2026-11-01T00:00:00.000Z' });
    const longAgo = await coinCoupon({ coupon_point_to: '2026-01-01T00:00:00.000Z' });
    const notYet = await coinCoupon({ coupon_point_start: '2026-12-01T00:00:00.000Z' });
    const mine = await coinCoupon({ coupon_point_type: 'only', user_id: member.id });
    const theirs = await coinCoupon({ coupon_point_type: 'only', user_id: alice.id });
    await claimPublic(member, claimed.coupon_point_code);

    const res = await member.get('/api/couponPointByUser');
    expect(res.statusCode).toBe(200);
    const states = new Map((res.json().data as { id: number; state: string }[]).map((c) => [c.id, c.state] as const));
    expect(states.get(open.id)).toBe('op');
    expect(states.get(claimed.id)).toBe('us');
    expect(states.get(closed.id)).toBe('cl');
    expect(states.get(ended.id)).toBe('cl');
    expect(states.get(mine.id)).toBe('op');
    expect(states.has(theirs.id)).toBe(false);
    expect(states.has(longAgo.id)).toBe(false);
    expect(states.has(notYet.id)).toBe(false);

    // A lookup by code answers the same state, and hides another member's coupon.
    expect((await member.get(`/api/couponPointByCode?code=${claimed.coupon_point_code}`)).json().data.state).toBe('us');
    expect((await member.get(`/api/couponPointByCode?code=${theirs.coupon_point_code}`)).statusCode).toBe(404);
    expect((await t.visitor.get('/api/couponPointByUser')).statusCode).toBe(401);
  });
});

describe('coin history', () => {
  test('newest first, with the balance after each line; a member reads only their own', async () => {
    const member = await t.member('coin-coupons-history@example.com');
    await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: 100,
      log_point_type: 'staff',
      log_point_note: 'ทดสอบ',
    });
    const c = await coinCoupon({ coupon_point_amount: 25 });
    await claimPublic(member, c.coupon_point_code);
    await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: -40,
      log_point_type: 'staff',
      log_point_note: 'ทดสอบ',
    });

    const res = await member.get('/api/logPointByUser');
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json();
    expect(history).toMatchObject({ total: 3, point: 85, bahtPerCoin: 1 });
    expect(history.data.map((l: { log_point_amount: number }) => l.log_point_amount)).toEqual([-40, 25, 100]);
    expect(history.data.map((l: { balance_after: number }) => l.balance_after)).toEqual([85, 125, 100]);
    expect(history.data[1].log_point_type).toBe('claim');

    const page2 = (await member.get('/api/logPointByUser?page=2&pageSize=2')).json();
    expect(page2.data.map((l: { balance_after: number }) => l.balance_after)).toEqual([100]);

    expect((await member.get(`/api/logPointByUser?user_id=${alice.id}`)).statusCode).toBe(403);
    const bySatff = (await staff.get(`/api/logPointByUser?user_id=${member.id}`)).json();
    expect(bySatff.total).toBe(3);
    expect((await staff.get('/api/logPointByUser')).statusCode).toBe(400);
  });
});
