import { message } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { blankPicture, slipForm } from '../../../test/slip.js';
import * as s from '../../db/schema/index.js';

// A coupon in the order (orders §5): the server applies it inside the order's unit of work, with every rule again.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let alice: Caller;

beforeAll(async () => {
  t = await testApp({ env: { PROMPTPAY_ID: '0812345678', LOG_LEVEL: 'error' } });
  staff = await t.staff('coupon-orders-staff');
  alice = await t.member('coupon-orders-alice@example.com');
});
afterAll(() => t?.close());

let n = 0;
async function course(price: number, extra: Partial<typeof s.product.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(s.product)
    .values({ product_title: `คอร์สคูปอง ${++n}`, product_price: baht(price), product_status: 'Show', ...extra })
    .returning({ id: s.product.id });
  return row!.id;
}

async function makeCoupon(productId: number, fields: Record<string, unknown>) {
  const res = await staff.post('/api/coupon', { coupon_code: `ORD${++n}`, product_id: productId, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; coupon_code: string };
}

/** A PromptPay order (type 5) of the course with a coupon: it waits without a slip. */
const orderWith = (who: Caller, productId: number, couponId: number | null, type = 5) =>
  who.post('/api/orders', {
    order: { orders_payment_type_id: type },
    ordersDetail: { product_id: productId, coupon_id: couponId },
  });

async function ordersOf(userId: number) {
  return t.db.select().from(s.orders).where(eq(s.orders.user_id, userId));
}

async function balance(userId: number) {
  const [row] = await t.db.select({ point: s.user.point }).from(s.user).where(eq(s.user.id, userId));
  return row!.point;
}

describe('a coupon in the order', () => {
  test('a percent coupon: the server computes the discount and net the summary showed', async () => {
    const id = await course(1990);
    const c = await makeCoupon(id, { coupon_type: 'Percent', coupon_percent: 10 });
    const checked = (await alice.get(`/api/couponByCode?code=${c.coupon_code}&product_id=${id}`)).json();
    const res = await orderWith(alice, id, c.id);
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json().data;
    expect(placed).toMatchObject({ orders_total: 1990, orders_discount: 199, orders_net: 1791, amount: 1791 });
    expect(placed.orders_net).toBe(checked.data.pricing.net);
    const [detail] = await t.db.select().from(s.ordersDetail).where(eq(s.ordersDetail.orders_id, placed.id));
    expect(detail).toMatchObject({
      coupon_id: c.id,
      orders_detail_price: 1990,
      orders_detail_discount: 199,
      orders_detail_net: 1791,
    });
    // The order now holds a use of the coupon.
    expect((await alice.get(`/api/couponByCode?code=${c.coupon_code}&product_id=${id}`)).json().countOrder).toBe(1);
  });

  test('All: price, percent, point, pay in that order; a net below zero is 0', async () => {
    const id = await course(1990);
    const all = await makeCoupon(id, {
      coupon_type: 'All',
      coupon_price: 1000,
      coupon_percent: 10,
      coupon_point: 20,
      coupon_pay: 50,
    });
    const placed = (await orderWith(alice, id, all.id)).json().data;
    expect(placed).toMatchObject({ orders_total: 1990, orders_discount: 1140, orders_net: 850 });

    const cheap = await course(40);
    const pay = await makeCoupon(cheap, { coupon_type: 'Pay', coupon_pay: 100 });
    const free = (await orderWith(alice, cheap, pay.id)).json().data;
    expect(free).toMatchObject({ orders_total: 40, orders_discount: 40, orders_net: 0 });
  });

  test('a coupon the member may not use places no order, with the spec message', async () => {
    const id = await course(700);
    const memberOnly = await makeCoupon(id, { coupon_type: 'Pay', coupon_pay: 100, coupon_member_only: 'Y' });
    const refused = await orderWith(alice, id, memberOnly.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(message('couponMemberOnly'));

    const elsewhere = await makeCoupon(await course(10), { coupon_type: 'Pay', coupon_pay: 5 });
    const wrong = await orderWith(alice, id, elsewhere.id);
    expect(wrong.json().message).toBe(message('couponWrongProduct'));
    expect((await orderWith(alice, id, 2_000_000_000)).json().message).toBe(message('couponUnknown'));

    const transferOnly = await makeCoupon(id, { coupon_type: 'Pay', coupon_pay: 100, coupon_payment: 'transfer' });
    const byQr = await orderWith(alice, id, transferOnly.id);
    expect(byQr.statusCode).toBe(422);
    expect(byQr.json().message).toBe(message('couponPayment'));

    const mine = await ordersOf(alice.id!);
    const details = await t.db.select().from(s.ordersDetail).where(eq(s.ordersDetail.product_id, id));
    expect(details).toHaveLength(0);
    expect(mine.length).toBeGreaterThan(0);
  });

  test('the limit counts waiting and finished orders; a cancelled order frees its use', async () => {
    const id = await course(500);
    const c = await makeCoupon(id, { coupon_type: 'Percent', coupon_percent: 50, coupon_limit: 1 });
    const bob = await t.member('coupon-orders-bob@example.com');
    const carol = await t.member('coupon-orders-carol@example.com');
    const first = (await orderWith(bob, id, c.id)).json().data;
    const second = await orderWith(carol, id, c.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(message('couponUsedUp'));

    // Finished still holds it.
    expect((await staff.post('/api/ordersUpdate', { id: first.id, orders_status: 'finish' })).statusCode).toBe(200);
    expect((await orderWith(carol, id, c.id)).json().message).toBe(message('couponUsedUp'));

    const dave = await t.member('coupon-orders-dave@example.com');
    const c2 = await makeCoupon(id, { coupon_type: 'Percent', coupon_percent: 50, coupon_limit: 1 });
    const held = (await orderWith(dave, id, c2.id)).json().data;
    expect((await orderWith(carol, id, c2.id)).statusCode).toBe(409);
    expect((await dave.post('/api/ordersUpdate', { id: held.id, orders_status: 'cancel' })).statusCode).toBe(200);
    const freed = await orderWith(carol, id, c2.id);
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json().data.orders_net).toBe(250);
  });

  test('a partial refund keeps the coupon use; a full refund frees it', async () => {
    const id = await course(400);
    const c = await makeCoupon(id, { coupon_type: 'Percent', coupon_percent: 50, coupon_limit: 1 });
    const erin = await t.member('coupon-refund-erin@example.com');
    const fay = await t.member('coupon-refund-fay@example.com');
    const used = (await orderWith(erin, id, c.id)).json().data;
    expect((await staff.post('/api/ordersUpdate', { id: used.id, orders_status: 'finish' })).statusCode).toBe(200);
    const slip = (await staff.request('POST', '/api/uploadSlip', slipForm(await blankPicture()))).json().data;
    const manual = { bank: 'KTB', account: '987-6-54321-0', date: '2026-11-22', slip };
    const partial = await staff.post('/api/ordersRefund', { id: used.id, amount: 50, reason: 'บางส่วน', manual });
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await orderWith(fay, id, c.id)).json().message).toBe(message('couponUsedUp'));
    const rest = await staff.post('/api/ordersRefund', { id: used.id, reason: 'ที่เหลือ', manual });
    expect(rest.json().data).toMatchObject({ orders_status: 'refund', orders_refunded: 200 });
    const freed = await orderWith(fay, id, c.id);
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json().data.orders_net).toBe(200);
  });

  test('a Point coupon gives its coins through the ledger when the order finishes, as promised when placed', async () => {
    const id = await course(300);
    const c = await makeCoupon(id, { coupon_type: 'Point', coupon_point: 40 });
    const erin = await t.member('coupon-orders-erin@example.com');
    const placed = (await orderWith(erin, id, c.id)).json().data;
    expect(placed).toMatchObject({ orders_total: 300, orders_discount: 0, orders_net: 300 });
    expect(await balance(erin.id!)).toBe(0);

    // A later edit of the coupon does not change what the order was promised.
    expect((await staff.post('/api/coupon', { id: c.id, coupon_point: 5 })).statusCode).toBe(200);
    expect((await staff.post('/api/ordersUpdate', { id: placed.id, orders_status: 'finish' })).statusCode).toBe(200);
    expect(await balance(erin.id!)).toBe(40);
    const ledger = await t.db.select().from(s.logPoint).where(eq(s.logPoint.user_id, erin.id!));
    expect(ledger).toEqual([
      expect.objectContaining({ log_point_amount: 40, log_point_type: 'coupon', create_by: staff.id }),
    ]);
    expect(ledger[0]!.log_point_note).toContain(placed.orders_ref);

    // A cancelled Point order gives nothing.
    const other = await course(300);
    const c2 = await makeCoupon(other, { coupon_type: 'Point', coupon_point: 40 });
    const cancelled = (await orderWith(erin, other, c2.id)).json().data;
    await erin.post('/api/ordersUpdate', { id: cancelled.id, orders_status: 'cancel' });
    expect(await balance(erin.id!)).toBe(40);
  });

  test('coins take no coupon, and pay at the configured rate', async () => {
    const id = await course(120, { product_coin_pay: 'Y' });
    const c = await makeCoupon(id, { coupon_type: 'Pay', coupon_pay: 20 });
    const fay = await t.member('coupon-orders-fay@example.com');
    await staff.post('/api/logPoint', {
      user_id: fay.id,
      log_point_amount: 500,
      log_point_type: 'staff',
      log_point_note: 'ทดสอบ',
    });
    const body = { order: { orders_payment_type_id: 6 }, ordersDetail: { product_id: id, coupon_id: c.id } };
    const refused = await fay.post('/api/ordersCoinPay', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(message('couponPayment'));
    const viaOrders = await fay.post('/api/orders', body);
    expect(viaOrders.json().message).toBe(message('couponPayment'));
    expect(await balance(fay.id!)).toBe(500);
    const paid = await fay.post('/api/ordersCoinPay', { ...body, ordersDetail: { product_id: id } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.point).toBe(380);
    const finished = await t.db
      .select()
      .from(s.orders)
      .where(and(eq(s.orders.user_id, fay.id!), eq(s.orders.orders_status, 'finish')));
    expect(finished).toHaveLength(1);
  });
});

describe('the coin rate setting', () => {
  test('COIN_BAHT_RATE=2: a course of 121 baht costs 61 coins', async () => {
    const other = await testApp({ env: { COIN_BAHT_RATE: '2' } });
    try {
      const [row] = await other.db
        .insert(s.product)
        .values({ product_title: 'เหรียญคู่', product_price: baht(121), product_status: 'Show', product_coin_pay: 'Y' })
        .returning({ id: s.product.id });
      const member = await other.member('coin-rate@example.com');
      const admin = await other.staff('coin-rate-staff');
      await admin.post('/api/logPoint', {
        user_id: member.id,
        log_point_amount: 100,
        log_point_type: 'staff',
        log_point_note: 'ทดสอบ',
      });
      const paid = await member.post('/api/ordersCoinPay', {
        order: { orders_payment_type_id: 6 },
        ordersDetail: { product_id: row!.id },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data.point).toBe(39);
      const history = (await member.get('/api/logPointByUser')).json();
      expect(history).toMatchObject({ point: 39, bahtPerCoin: 2 });
    } finally {
      await other.close();
    }
  });
});
