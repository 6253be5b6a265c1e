import { message } from '@sikkha/contract';
import { baht, toSatang } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import * as s from '../../db/schema/index.js';
import type { SignedIn } from '../../policies/index.js';
import { redeemCoupon } from '../orders/redeem-coupon.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let alice: Caller;
let course: { id: number };
let other: { id: number };

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('coupon-staff');
  alice = await t.member('coupon-alice@example.com');
  const courses = await t.db
    .insert(s.product)
    .values([
      { product_title: 'คอร์สคูปอง', product_price: baht(1990), product_status: 'Show' },
      { product_title: 'คอร์สอื่น', product_price: baht(500), product_status: 'Show' },
    ])
    .returning({ id: s.product.id });
  [course, other] = [courses[0]!, courses[1]!];
});
afterAll(() => t.close());

let codes = 0;
async function makeCoupon(fields: Record<string, unknown>) {
  const res = await staff.post('/api/coupon', {
    coupon_code: `C${++codes}X`,
    product_id: course.id,
    coupon_type: 'Percent',
    coupon_percent: 10,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; coupon_code: string };
}

const check = (who: Caller, code: string, productId = course.id, extra = '') =>
  who.get(`/api/couponByCode?code=${encodeURIComponent(code)}&product_id=${productId}${extra}`);

async function expectRefused(who: Caller, code: string, key: Parameters<typeof message>[0], productId = course.id) {
  const res = await check(who, code, productId);
  expect(res.json().message, code).toBe(message(key));
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  return res;
}

/** An order of the member's for a course, holding a coupon, in a state. */
async function order(userId: number, status: 'wait' | 'finish' | 'cancel', couponId: number | null, at?: string) {
  const [row] = await t.db
    .insert(s.orders)
    .values({
      user_id: userId,
      orders_status: status,
      orders_total: baht(1990),
      orders_net: baht(1990),
      ...(at ? { approve_date: at, create_at: at, update_at: at } : {}),
    })
    .returning({ id: s.orders.id });
  await t.db
    .insert(s.ordersDetail)
    .values({ orders_id: row!.id, product_id: course.id, coupon_id: couponId, orders_detail_price: baht(1990) });
  return row!.id;
}

describe('the coupon form (staff)', () => {
  test('a code another coupon has, in any letter case, is refused with the spec message', async () => {
    const first = await makeCoupon({ coupon_code: 'SAVE10' });
    const dup = await staff.post('/api/coupon', { coupon_code: ' save10 ', coupon_type: 'Pay', coupon_pay: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('มีรหัสคูปองนี้เเล้ว');
    // Saving the coupon itself with its own code is no duplicate.
    expect((await staff.post('/api/coupon', { id: first.id, coupon_code: 'SAVE10' })).statusCode).toBe(200);
    const found = await staff.get('/api/couponByCouponCode?coupon_code=save10');
    expect(found.json().data.map((c: { id: number }) => c.id)).toEqual([first.id]);
    expect((await alice.get('/api/couponByCouponCode?coupon_code=save10')).statusCode).toBe(403);
  });

  test('changing the type clears price, percent, point and pay; a coupon keeps only what its type uses', async () => {
    const c = await makeCoupon({
      coupon_type: 'All',
      coupon_price: 900,
      coupon_percent: 5,
      coupon_point: 7,
      coupon_pay: 20,
    });
    const pay = await staff.post('/api/coupon', { id: c.id, coupon_type: 'Pay', coupon_pay: 100 });
    expect(pay.json().data).toMatchObject({
      coupon_price: null,
      coupon_percent: null,
      coupon_point: null,
      coupon_pay: 100,
    });
    const all = await staff.post('/api/coupon', { id: c.id, coupon_type: 'All' });
    expect(all.json().data).toMatchObject({
      coupon_price: null,
      coupon_percent: null,
      coupon_point: null,
      coupon_pay: null,
    });
    // The same type again changes nothing it was not sent.
    await staff.post('/api/coupon', { id: c.id, coupon_point: 9 });
    const same = await staff.post('/api/coupon', { id: c.id, coupon_type: 'All', coupon_pay: 3 });
    expect(same.json().data).toMatchObject({ coupon_point: 9, coupon_pay: 3 });
    const point = await staff.post('/api/coupon', {
      coupon_code: 'PT-ONLY',
      coupon_type: 'Point',
      coupon_point: 5,
      coupon_percent: 50,
    });
    expect(point.json().data).toMatchObject({ coupon_point: 5, coupon_percent: null });
  });

  test('couponEmail: delete marks remove_by Y, re-adding resets it to N, a new e-mail is appended', async () => {
    const c = await makeCoupon({});
    const add = await staff.post('/api/couponEmail', { coupon_id: c.id, coupon_email: 'Friend@Example.com' });
    expect(add.statusCode, add.body).toBe(200);
    const row = add.json().data;
    expect(row).toMatchObject({ coupon_email: 'friend@example.com', remove_by: 'N' });
    const del = await staff.del(`/api/couponEmail?id=${row.id}`);
    expect(del.statusCode).toBe(200);
    let rows = (await staff.get(`/api/couponEmailByCouponId?coupon_id=${c.id}`)).json().data;
    expect(rows).toEqual([expect.objectContaining({ id: row.id, remove_by: 'Y' })]);
    const again = await staff.post('/api/couponEmail', { coupon_id: c.id, coupon_email: 'friend@example.com' });
    expect(again.json().data).toMatchObject({ id: row.id, remove_by: 'N' });
    await staff.post('/api/couponEmail', { coupon_id: c.id, coupon_email: 'new@example.com' });
    rows = (await staff.get(`/api/couponEmailByCouponId?coupon_id=${c.id}`)).json().data;
    expect(rows.map((r: { coupon_email: string; remove_by: string }) => [r.coupon_email, r.remove_by])).toEqual([
      ['friend@example.com', 'N'],
      ['new@example.com', 'N'],
    ]);
    expect((await alice.post('/api/couponEmail', { coupon_id: c.id, coupon_email: 'me@example.com' })).statusCode).toBe(
      403,
    );
    expect((await alice.del(`/api/couponEmail?id=${row.id}`)).statusCode).toBe(403);
    expect((await staff.del('/api/couponEmail?id=2000000000')).statusCode).toBe(404);
    expect((await staff.post('/api/couponEmail', { coupon_email: 'x@example.com' })).statusCode).toBe(400);
  });

  test('couponProduct likewise', async () => {
    const c = await makeCoupon({ product_id: null });
    const add = await staff.post('/api/couponProduct', { coupon_id: c.id, product_id: other.id });
    const row = add.json().data;
    expect((await staff.del(`/api/couponProduct?id=${row.id}`)).json().result).toBe(true);
    const [removed] = await t.db.select().from(s.couponProduct).where(eq(s.couponProduct.id, row.id));
    expect(removed!.remove_by).toBe('Y');
    // A removed course no longer takes the coupon.
    await expectRefused(alice, c.coupon_code, 'couponWrongProduct', other.id);
    const again = await staff.post('/api/couponProduct', { coupon_id: c.id, product_id: other.id });
    expect(again.json().data).toMatchObject({ id: row.id, remove_by: 'N' });
    expect((await check(alice, c.coupon_code, other.id)).statusCode).toBe(200);
  });
});

describe('checking a code for a course (member)', () => {
  test('the ladder: 401, 403 for staff, 400 without a code', async () => {
    expect((await check(t.visitor, 'X')).statusCode).toBe(401);
    expect((await check(staff, 'X')).statusCode).toBe(403);
    const empty = await alice.get(`/api/couponByCode?code=&product_id=${course.id}`);
    expect(empty.statusCode).toBe(400);
    expect((await check(alice, 'X', 2_000_000_000)).statusCode).toBe(404);
  });

  test('an accepted code answers the lookup shape with the course price after the coupon', async () => {
    const c = await makeCoupon({ coupon_code: 'Ten-Off', coupon_limit: 3 });
    await order(alice.id!, 'wait', c.id);
    const res = await check(alice, 'ten-off');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: true,
      memberOnly: false,
      emailOnly: false,
      countOrder: 1,
      productSelect: [course.id],
      data: { id: c.id, coupon_type: 'Percent', pricing: { price: 1990, discount: 199, net: 1791, coins: 0 } },
    });
  });

  test('unknown, expired and not-yet-open codes are all "ไม่มีรหัสคูปองนี้"', async () => {
    await expectRefused(alice, 'NO-SUCH-CODE', 'couponUnknown');
    // The test clock is 2026-11-22 10:00 in Bangkok.
    const expired = await makeCoupon({ coupon_to: '2026-11-21' });
    await expectRefused(alice, expired.coupon_code, 'couponUnknown');
    const later = await makeCoupon({ coupon_start: '2026-11-22', coupon_start_time: '10:01' });
    await expectRefused(alice, later.coupon_code, 'couponUnknown');
  });

  test('a coupon for another course says so', async () => {
    const c = await makeCoupon({ product_id: other.id });
    await expectRefused(alice, c.coupon_code, 'couponWrongProduct');
    const any = await makeCoupon({ product_id: other.id, coupon_product_type: 'all' });
    const res = await check(alice, any.coupon_code);
    expect(res.json()).toMatchObject({ result: true, productSelect: [] });
  });

  test('member-only and e-mail-only, alone and together, in the spec order', async () => {
    const both = await makeCoupon({ coupon_member_only: 'Y', coupon_email_only: 'Y', coupon_limit: 1 });
    await expectRefused(alice, both.coupon_code, 'couponMemberOrEmail');
    const memberOnly = await makeCoupon({ coupon_member_only: 'Y' });
    await expectRefused(alice, memberOnly.coupon_code, 'couponMemberOnly');
    const emailOnly = await makeCoupon({ coupon_email_only: 'Y' });
    await expectRefused(alice, emailOnly.coupon_code, 'couponEmailOnly');

    // Listed (in any letter case) opens the e-mail-only coupon and the combined one.
    for (const c of [emailOnly, both]) {
      await staff.post('/api/couponEmail', { coupon_id: c.id, coupon_email: 'COUPON-ALICE@example.com' });
    }
    expect((await check(alice, emailOnly.coupon_code)).json().emailOnly).toBe(true);
    expect((await check(alice, both.coupon_code)).statusCode).toBe(200);
    // Used up once an order holds it; a cancelled order frees its use.
    const held = await order(alice.id!, 'wait', both.id);
    await expectRefused(alice, both.coupon_code, 'couponUsedUp');
    await t.db.update(s.orders).set({ orders_status: 'cancel' }).where(eq(s.orders.id, held));
    expect((await check(alice, both.coupon_code)).statusCode).toBe(200);
  });

  test('a listed address admits only once its member confirmed it with the mailed code', async () => {
    // Registration does not prove an address: whoever registers a listed e-mail first must not take its coupon.
    const carol = await t.member('coupon-carol@example.com');
    await t.db.update(s.user).set({ agreement: 'N' }).where(eq(s.user.id, carol.id!));
    const listed = await makeCoupon({ coupon_email_only: 'Y' });
    const both = await makeCoupon({ coupon_member_only: 'Y', coupon_email_only: 'Y' });
    for (const c of [listed, both]) {
      await staff.post('/api/couponEmail', { coupon_id: c.id, coupon_email: 'coupon-carol@example.com' });
      await expectRefused(carol, c.coupon_code, 'couponEmailUnconfirmed');
    }
    const placed = await carol.post('/api/orders', {
      order: { orders_payment_type_id: 5 },
      ordersDetail: { product_id: course.id, coupon_id: listed.id },
    });
    expect(placed.statusCode).toBe(403);
    expect(placed.json().message).toBe(message('couponEmailUnconfirmed'));
    await t.db.update(s.user).set({ agreement: 'Y' }).where(eq(s.user.id, carol.id!));
    for (const c of [listed, both]) expect((await check(carol, c.coupon_code)).statusCode).toBe(200);
  });

  test('an existing member bought a course before the coupon opened', async () => {
    const bob = await t.member('coupon-bob@example.com');
    const c = await makeCoupon({ coupon_member_only: 'Y', coupon_start: '2026-11-01' });
    await expectRefused(bob, c.coupon_code, 'couponMemberOnly');
    // A purchase after the start does not make an existing member; a waiting one never does.
    await order(bob.id!, 'finish', null, '2026-11-05T00:00:00.000Z');
    await order(bob.id!, 'wait', null, '2026-10-05T00:00:00.000Z');
    await expectRefused(bob, c.coupon_code, 'couponMemberOnly');
    await order(bob.id!, 'finish', null, '2026-10-31T16:59:00.000Z');
    expect((await check(bob, c.coupon_code)).json()).toMatchObject({ result: true, memberOnly: true });
  });

  test('a payment method the coupon does not allow, and coins, are refused', async () => {
    const c = await makeCoupon({ coupon_payment: 'transfer,qrcode' });
    expect((await check(alice, c.coupon_code, course.id, '&payment=qrcode')).statusCode).toBe(200);
    const card = await check(alice, c.coupon_code, course.id, '&payment=credit');
    expect(card.json().message).toBe(message('couponPayment'));
    const any = await makeCoupon({});
    expect((await check(alice, any.coupon_code, course.id, '&payment=coin')).json().message).toBe(
      message('couponPayment'),
    );
  });
});

describe('staff searches', () => {
  test('by code text, open now, and by Bangkok date, with use counts', async () => {
    const c = await makeCoupon({ coupon_code: 'FIND-ME-1', coupon_start: '2026-12-01', coupon_to: '2026-12-31' });
    const found = (await staff.get('/api/couponAllByCode?code=find-me')).json();
    expect(found.data).toEqual([
      expect.objectContaining({ id: c.id, countOrder: 0, couponEmail: [], couponProduct: [] }),
    ]);
    const open = (await staff.get('/api/couponByNotExpire')).json().data.map((r: { id: number }) => r.id);
    expect(open).not.toContain(c.id);
    const onDay = (await staff.get('/api/couponByDate?date=2026-12-31')).json().data.map((r: { id: number }) => r.id);
    expect(onDay).toContain(c.id);
    const after = (await staff.get('/api/couponByDate?date=2027-01-01')).json().data.map((r: { id: number }) => r.id);
    expect(after).not.toContain(c.id);
    expect((await alice.get('/api/couponByNotExpire')).statusCode).toBe(403);
  });
});

describe('the order’s unit of work', () => {
  const actor = (id: number): SignedIn => ({ kind: 'member', id, jti: 'test', expiresAt: '2099-01-01T00:00:00Z' });

  test('re-checks the coupon with the payment method and answers its effect', async () => {
    const c = await makeCoupon({
      coupon_type: 'All',
      coupon_price: 1000,
      coupon_percent: 10,
      coupon_point: 20,
      coupon_pay: 50,
    });
    const use = { coupon_id: c.id, product_id: course.id, price: toSatang(1990), payment: 'transfer' as const };
    const redeemed = await t.transact((work) => redeemCoupon(work, actor(alice.id!), use, t.clock.now()));
    expect(redeemed.effect).toEqual({ price: 199_000, discount: 114_000, net: 85_000, coins: 20 });
    await expect(
      t.transact((work) => redeemCoupon(work, actor(alice.id!), { ...use, payment: 'coin' }, t.clock.now())),
    ).rejects.toThrow(message('couponPayment'));
    await expect(
      t.transact((work) => redeemCoupon(work, actor(alice.id!), { ...use, coupon_id: 2_000_000_000 }, t.clock.now())),
    ).rejects.toThrow(message('couponUnknown'));
  });

  test('a limit of 5 gives exactly 5 orders to 50 members racing', async () => {
    const c = await makeCoupon({ coupon_limit: 5 });
    const members = await t.db
      .insert(s.user)
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `race-${i}@example.com` })))
      .returning({ id: s.user.id });
    const place = (userId: number) =>
      t.transact(async (work) => {
        const use = { coupon_id: c.id, product_id: course.id, price: toSatang(1990), payment: 'transfer' as const };
        const { effect } = await redeemCoupon(work, actor(userId), use, t.clock.now());
        const [o] = await work.db
          .insert(s.orders)
          .values({ user_id: userId, orders_total: baht(19.9), orders_net: baht(effect.net / 100) })
          .returning({ id: s.orders.id });
        await work.db.insert(s.ordersDetail).values({ orders_id: o!.id, product_id: course.id, coupon_id: c.id });
      });
    const results = await Promise.allSettled(members.map((m) => place(m.id)));
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set([message('couponUsedUp')]));
    const held = await t.db.select().from(s.ordersDetail).where(eq(s.ordersDetail.coupon_id, c.id));
    expect(held).toHaveLength(5);
  });
});

// Last: it moves the clock a day on, past every session's end, so each step signs a member in again.
describe('the clock', () => {
  test('the window follows Bangkok time across midnight', async () => {
    const c = await makeCoupon({ coupon_start: '2026-11-23', coupon_to: '2026-11-23', coupon_to_time: '23:59' });
    let n = 0;
    const member = () => t.member(`coupon-clock-${++n}@example.com`);
    // 2026-11-22 23:59 in Bangkok is 16:59 UTC: not yet open.
    t.clock.advance(new Date('2026-11-22T16:59:00.000Z').getTime() - t.clock.now().getTime());
    await expectRefused(await member(), c.coupon_code, 'couponUnknown');
    t.clock.advance(60_000);
    expect((await check(await member(), c.coupon_code)).statusCode).toBe(200);
    // Open through 23:59 of the 23rd, closed at midnight.
    t.clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await check(await member(), c.coupon_code)).statusCode).toBe(200);
    t.clock.advance(1);
    await expectRefused(await member(), c.coupon_code, 'couponUnknown');
  });
});
