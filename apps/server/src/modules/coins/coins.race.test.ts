import { message } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { couponPointClaim, logPoint, product, user } from '../../db/schema/index.js';

// Races that matter on PostgreSQL (TEST_DATABASE_URL, --project integration-postgres): PGlite has one connection.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('coins-race-staff');
});
afterAll(() => t?.close());

/** After every race: each member's balance is the sum of their ledger, as the staff report says. */
afterEach(async () => {
  const report = await staff.get('/api/logPointMismatch');
  expect(report.statusCode).toBe(200);
  expect(report.json()).toMatchObject({ result: true, data: [], total: 0 });
});

let n = 0;
async function coinCoupon(fields: Record<string, unknown>) {
  const res = await staff.post('/api/couponPoint', { coupon_point_code: `RACE-COIN-${++n}`, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; coupon_point_code: string };
}

async function pointOf(userId: number) {
  const [row] = await t.db.select({ point: user.point }).from(user).where(eq(user.id, userId));
  return row!.point;
}

test('the same member claiming a public coin coupon 20 times at once gets it once', async () => {
  const member = await t.member('coins-race-claim@example.com');
  const c = await coinCoupon({ coupon_point_amount: 15 });
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => member.post('/api/couponPointUseCouponCoinPublic', { code: c.coupon_point_code })),
  );
  const codes = answers.map((a) => a.statusCode);
  expect(codes.filter((code) => code === 200)).toHaveLength(1);
  expect(codes.filter((code) => code === 409)).toHaveLength(19);
  for (const a of answers.filter((x) => x.statusCode === 409)) {
    expect(a.json().message).toBe(message('coinCouponUsed'));
  }
  expect(await pointOf(member.id!)).toBe(15);
  const claims = await t.db.select().from(couponPointClaim).where(eq(couponPointClaim.user_id, member.id!));
  expect(claims).toHaveLength(1);
});

test('a coupon made for one member, claimed 20 times at once, pays once and becomes used', async () => {
  const member = await t.member('coins-race-only@example.com');
  const c = await coinCoupon({ coupon_point_amount: 9, coupon_point_type: 'only', user_id: member.id });
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => member.post('/api/couponPointUseCouponCoinOnly', { code: c.coupon_point_code })),
  );
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  expect(await pointOf(member.id!)).toBe(9);
});

test('mixed claims, coin payments and staff entries at once: balances never below zero and equal to the ledger', async () => {
  const members: Caller[] = [];
  for (let i = 0; i < 4; i++) members.push(await t.member(`coins-race-mixed-${i}@example.com`));
  const coupons = await Promise.all([
    coinCoupon({ coupon_point_amount: 40 }),
    coinCoupon({ coupon_point_amount: 25 }),
    coinCoupon({ coupon_point_amount: 10 }),
  ]);
  const courses = await t.db
    .insert(product)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        product_title: `คอร์สเหรียญแข่ง ${i}`,
        product_price: baht(30),
        product_status: 'Show' as const,
        product_coin_pay: 'Y' as const,
      })),
    )
    .returning({ id: product.id });
  for (const m of members) {
    await staff.post('/api/logPoint', {
      user_id: m.id,
      log_point_amount: 20,
      log_point_type: 'staff',
      log_point_note: 'ทดสอบ',
    });
  }

  const calls: Promise<unknown>[] = [];
  for (const m of members) {
    for (const c of coupons) {
      // Each coupon claimed three times at once by each member: once counts.
      for (let k = 0; k < 3; k++) {
        calls.push(m.post('/api/couponPointUseCouponCoinPublic', { code: c.coupon_point_code }));
      }
    }
    for (const course of courses) {
      calls.push(
        m.post('/api/ordersCoinPay', {
          order: { orders_payment_type_id: 6 },
          ordersDetail: { product_id: course.id },
        }),
      );
    }
    calls.push(
      staff.post('/api/logPoint', {
        user_id: m.id,
        log_point_amount: -15,
        log_point_type: 'staff',
        log_point_note: 'ทดสอบ',
      }),
    );
    calls.push(
      staff.post('/api/logPoint', {
        user_id: m.id,
        log_point_amount: 5,
        log_point_type: 'staff',
        log_point_note: 'ทดสอบ',
      }),
    );
  }
  await Promise.all(calls);

  for (const m of members) {
    const point = await pointOf(m.id!);
    expect(point).toBeGreaterThanOrEqual(0);
    const [ledger] = await t.db
      .select({ sum: sql<number>`coalesce(sum(${logPoint.log_point_amount}), 0)::int` })
      .from(logPoint)
      .where(eq(logPoint.user_id, m.id!));
    expect(point).toBe(ledger!.sum);
    // Each of the three coupons counted once for the member, however many of its claims raced.
    const claims = await t.db.select().from(couponPointClaim).where(eq(couponPointClaim.user_id, m.id!));
    expect(claims).toHaveLength(3);
  }
});

test('the staff report names a member whose balance was changed outside the ledger', async () => {
  const member = await t.member('coins-race-tampered@example.com');
  await staff.post('/api/logPoint', {
    user_id: member.id,
    log_point_amount: 10,
    log_point_type: 'staff',
    log_point_note: 'ทดสอบ',
  });
  await t.db.update(user).set({ point: 999 }).where(eq(user.id, member.id!));
  const report = (await staff.get('/api/logPointMismatch')).json();
  expect(report.data).toEqual([
    { user_id: member.id, email: 'coins-race-tampered@example.com', point: 999, ledger: 10 },
  ]);
  expect((await member.get('/api/logPointMismatch')).statusCode).toBe(403);
  // Set back to what the ledger says, so the check after this test holds again.
  await t.db.update(user).set({ point: 10 }).where(eq(user.id, member.id!));
});
