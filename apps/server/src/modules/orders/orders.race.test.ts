import { baht } from '@sikkha/contract/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { slipForm, slipPicture } from '../../../test/slip.js';
import { logPoint, notification, orderPayment, orderSlip, orders, product, user } from '../../db/schema/index.js';

// Races that matter on PostgreSQL (TEST_DATABASE_URL): PGlite has one connection and serializes them.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

async function courses(count: number, price: number, extra: Partial<typeof product.$inferInsert> = {}) {
  const rows = await t.db
    .insert(product)
    .values(
      Array.from({ length: count }, (_, i) => ({
        product_title: `แข่ง ${price} ${i}`,
        product_price: baht(price),
        product_status: 'Show' as const,
        ...extra,
      })),
    )
    .returning({ id: product.id });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('race-staff');
});
afterAll(() => t?.close());

test('100 coin payments at once against a balance for 10: exactly 10 finish, the balance never below zero', async () => {
  const member = await t.member('race-coins@example.com');
  await staff.post('/api/logPoint', {
    user_id: member.id,
    log_point_amount: 100,
    log_point_type: 'staff',
    log_point_note: 'เติม',
  });
  const ids = await courses(100, 10, { product_coin_pay: 'Y' });
  const answers = await Promise.all(
    ids.map((id) =>
      member.post('/api/ordersCoinPay', { order: { orders_payment_type_id: 6 }, ordersDetail: { product_id: id } }),
    ),
  );
  const codes = answers.map((a) => a.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(10);
  expect(codes.filter((c) => c === 409)).toHaveLength(90);
  const [row] = await t.db.select({ point: user.point }).from(user).where(eq(user.id, member.id!));
  const [ledger] = await t.db
    .select({ sum: sql<number>`sum(${logPoint.log_point_amount})::int` })
    .from(logPoint)
    .where(eq(logPoint.user_id, member.id!));
  expect(row!.point).toBe(0);
  expect(ledger!.sum).toBe(0);
  const finished = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, member.id!), eq(orders.orders_status, 'finish')));
  expect(finished).toHaveLength(10);
  // A refused payment left no order behind.
  const all = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.user_id, member.id!));
  expect(all).toHaveLength(10);
});

test('ten approvals of one order at once finish it once, notify once; numbers have no gaps', async () => {
  const member = await t.member('race-approve@example.com');
  const ids = await courses(12, 100);
  const placed: number[] = [];
  for (const id of ids) {
    const res = await member.post('/api/orders', {
      order: { orders_payment_type_id: 5 },
      ordersDetail: { product_id: id },
    });
    expect(res.statusCode, res.body).toBe(200);
    placed.push(res.json().data.id);
  }
  const [first, ...rest] = placed as [number, ...number[]];
  const approvals = await Promise.all(
    Array.from({ length: 10 }, () => staff.post('/api/ordersUpdate', { id: first, orders_status: 'finish' })),
  );
  expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
  const told = await t.db
    .select({ id: notification.id })
    .from(notification)
    .where(and(eq(notification.user_id, member.id!), sql`${notification.notification_message} LIKE 'ชำระเงินสำเร็จ%'`));
  expect(told).toHaveLength(1);

  // The others finish at once, each by its own request: the numbers are consecutive, none twice.
  await Promise.all(rest.map((id) => staff.post('/api/ordersUpdate', { id, orders_status: 'finish' })));
  const numbers = await t.db.select({ no: orders.order_no }).from(orders).where(inArray(orders.id, placed));
  const sequence = numbers.map((n) => Number(n.no!.slice(-6))).sort((a, b) => a - b);
  expect(sequence).toEqual(Array.from({ length: 12 }, (_, i) => sequence[0]! + i));
});

test('ten identical requests with one idempotency key make one order', async () => {
  const member = await t.member('race-idempotent@example.com');
  const [id] = await courses(1, 250);
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      member.post('/api/orders', {
        order: { orders_payment_type_id: 5, idempotency_key: 'race-key-000001' },
        ordersDetail: { product_id: id },
      }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
  expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
  const kept = await t.db.select().from(orderPayment).where(eq(orderPayment.user_id, member.id!));
  expect(kept).toHaveLength(1);
});

test('one slip sent with five orders at once pays one of them; the others are refused by the database', async () => {
  const picture = await slipPicture('RACESLIP00000000001', '014');
  const buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => t.member(`race-slip-${i}@example.com`)));
  const ids = await courses(5, 300);
  // Each buyer uploads the same picture as their own file: only the slip's QR (reference and bank) is shared.
  const slips = await Promise.all(
    buyers.map(async (buyer) => {
      const res = await buyer.request('POST', '/api/uploadSlip', slipForm(picture));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as string;
    }),
  );
  const answers = await Promise.all(
    buyers.map((buyer, i) =>
      buyer.post('/api/orders', {
        order: {
          orders_payment_type_id: 4,
          orders_payment_slip: slips[i],
          orders_payment_date: '2026-11-22',
          orders_payment_time: '09:00',
        },
        ordersDetail: { product_id: ids[i] },
      }),
    ),
  );
  const codes = answers.map((a) => a.statusCode).sort();
  expect(codes).toEqual([200, 409, 409, 409, 409]);
  for (const refused of answers.filter((a) => a.statusCode === 409)) {
    expect(refused.json().message).toBe('สลิปนี้ถูกใช้กับคำสั่งซื้ออื่นแล้ว');
  }
  const kept = await t.db.select().from(orderSlip).where(eq(orderSlip.reference, 'RACESLIP00000000001'));
  expect(kept).toHaveLength(1);
  const made = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      inArray(
        orders.user_id,
        buyers.map((b) => b.id!),
      ),
    );
  expect(made).toHaveLength(1);
});

test('amounts, statuses and owners in the body are ignored: the server prices from the course', async () => {
  const member = await t.member('race-forger@example.com');
  await staff.post('/api/logPoint', {
    user_id: member.id,
    log_point_amount: 1000,
    log_point_type: 'staff',
    log_point_note: 'เติม',
  });
  const [coinCourse] = await courses(1, 640, { product_coin_pay: 'Y' });
  const [cardCourse] = await courses(1, 2000);
  const forged = {
    orders_total: 1,
    orders_discount: 1999,
    orders_net: 1,
    orders_status: 'finish',
    user_id: 1,
    approve_by: 1,
    order_no: 'RC2026-999999',
  };
  const forgedDetail = { orders_detail_price: 1, orders_detail_net: 1, orders_detail_coin: 0 };
  // Ten forged coin payments at once: one goes through, at the course's price.
  const paid = await Promise.all(
    Array.from({ length: 10 }, () =>
      member.post('/api/ordersCoinPay', {
        order: { orders_payment_type_id: 6, ...forged },
        ordersDetail: { product_id: coinCourse, ...forgedDetail },
      }),
    ),
  );
  const ok = paid.filter((p) => p.statusCode === 200);
  expect(ok).toHaveLength(1);
  expect(ok[0]!.json().data).toMatchObject({ orders_net: 640, point: 360 });
  const card = await member.post('/api/orders', {
    order: { orders_payment_type_id: 1, ...forged },
    ordersDetail: { product_id: cardCourse, ...forgedDetail },
  });
  expect(card.statusCode, card.body).toBe(200);
  expect(card.json().data).toMatchObject({ orders_status: 'wait', orders_total: 2000, orders_net: 2000, fee: 0 });
  const rows = await t.db.select().from(orders).where(eq(orders.user_id, member.id!));
  expect(rows.map((r) => [r.orders_net, r.orders_status, r.approve_by]).sort()).toEqual([
    [2000, 'wait', null],
    [640, 'finish', member.id],
  ]);
  expect(rows.every((r) => r.order_no !== 'RC2026-999999')).toBe(true);
  const [balance] = await t.db.select({ point: user.point }).from(user).where(eq(user.id, member.id!));
  expect(balance!.point).toBe(360);
});
