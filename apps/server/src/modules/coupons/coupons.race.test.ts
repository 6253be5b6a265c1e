import { message } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import * as s from '../../db/schema/index.js';

// Races that matter on PostgreSQL (TEST_DATABASE_URL, --project integration-postgres): PGlite has one connection.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

beforeAll(async () => {
  t = await testApp({ env: { PROMPTPAY_ID: '0812345678' } });
  staff = await t.staff('coupon-race-staff');
});
afterAll(() => t?.close());

/** After every race: each member's balance is the sum of their ledger, as the staff report says. */
afterEach(async () => {
  const report = await staff.get('/api/logPointMismatch');
  expect(report.json()).toMatchObject({ result: true, data: [], total: 0 });
});

test('50 members racing through POST /api/orders for a coupon limited to 5 get exactly 5 orders with it', async () => {
  const [course] = await t.db
    .insert(s.product)
    .values({ product_title: 'คอร์สแข่งคูปอง', product_price: baht(1000), product_status: 'Show' })
    .returning({ id: s.product.id });
  const made = await staff.post('/api/coupon', {
    coupon_code: 'RACE-FIVE',
    product_id: course!.id,
    coupon_type: 'Percent',
    coupon_percent: 20,
    coupon_limit: 5,
  });
  expect(made.statusCode, made.body).toBe(200);
  const couponId = made.json().data.id as number;
  const members: Caller[] = [];
  for (let i = 0; i < 50; i++) members.push(await t.member(`coupon-race-${i}@example.com`));

  const answers = await Promise.all(
    members.map((m) =>
      m.post('/api/orders', {
        order: { orders_payment_type_id: 5 },
        ordersDetail: { product_id: course!.id, coupon_id: couponId },
      }),
    ),
  );
  const placed = answers.filter((a) => a.statusCode === 200);
  const refused = answers.filter((a) => a.statusCode !== 200);
  expect(placed).toHaveLength(5);
  expect(new Set(refused.map((a) => `${a.statusCode} ${a.json().message}`))).toEqual(
    new Set([`409 ${message('couponUsedUp')}`]),
  );
  for (const a of placed) expect(a.json().data).toMatchObject({ orders_discount: 200, orders_net: 800 });
  const held = await t.db.select().from(s.ordersDetail).where(eq(s.ordersDetail.coupon_id, couponId));
  expect(held).toHaveLength(5);
  // The refused ones left no order behind.
  const all = await t.db.select().from(s.ordersDetail).where(eq(s.ordersDetail.product_id, course!.id));
  expect(all).toHaveLength(5);
});

test('ten saves of one new code at once make one coupon; the others answer the form’s message', async () => {
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      staff.post('/api/coupon', { coupon_code: i % 2 ? 'race-same' : 'RACE-SAME', coupon_type: 'Pay', coupon_pay: 10 }),
    ),
  );
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  const refused = answers.filter((a) => a.statusCode !== 200);
  expect(new Set(refused.map((a) => `${a.statusCode} ${a.json().message}`))).toEqual(
    new Set([`409 ${message('couponDuplicate')}`]),
  );
});

test('a Point coupon order approved ten times at once, while its member claims coins, credits its coins once', async () => {
  const [course] = await t.db
    .insert(s.product)
    .values({ product_title: 'คอร์สแข่งคูปองเหรียญ', product_price: baht(300), product_status: 'Show' })
    .returning({ id: s.product.id });
  const made = await staff.post('/api/coupon', {
    coupon_code: 'RACE-POINT',
    product_id: course!.id,
    coupon_type: 'Point',
    coupon_point: 30,
  });
  const member = await t.member('coupon-race-point@example.com');
  const placed = await member.post('/api/orders', {
    order: { orders_payment_type_id: 5 },
    ordersDetail: { product_id: course!.id, coupon_id: made.json().data.id },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const coinCoupon = await staff.post('/api/couponPoint', {
    coupon_point_code: 'RACE-POINT-CLAIM',
    coupon_point_amount: 7,
  });
  expect(coinCoupon.statusCode, coinCoupon.body).toBe(200);

  const [approvals, claims] = await Promise.all([
    Promise.all(
      Array.from({ length: 10 }, () =>
        staff.post('/api/ordersUpdate', { id: placed.json().data.id, orders_status: 'finish' }),
      ),
    ),
    Promise.all(
      Array.from({ length: 5 }, () => member.post('/api/couponPointUseCouponCoinPublic', { code: 'RACE-POINT-CLAIM' })),
    ),
  ]);
  expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
  expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
  const [account] = await t.db.select({ point: s.user.point }).from(s.user).where(eq(s.user.id, member.id!));
  expect(account!.point).toBe(37);
  const lines = await t.db.select().from(s.logPoint).where(eq(s.logPoint.user_id, member.id!));
  expect(lines.map((l) => `${l.log_point_type} ${l.log_point_amount}`).sort()).toEqual(['claim 7', 'coupon 30']);
});
