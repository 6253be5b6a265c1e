import { message } from '@sikkha/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseOnShow } from '../../../test/fixtures.js';
import { blankPicture, slipForm, slipPicture } from '../../../test/slip.js';
import {
  auditLog,
  logPoint,
  mailOutbox,
  notification,
  orderRefund,
  orders,
  paymentCharge,
  user,
} from '../../db/schema/index.js';
import { coursesOf } from '../../policies/index.js';
import { GatewayRefused } from '../../providers/payments/port.js';
import { SANDBOX_PREFIX } from '../../providers/payments/sandbox/sandbox.js';

// Money coming back through the real app and the built-in sandbox gateway: refunds by each way money came in,
// their documents, a charge confirmed after its order was cancelled, cancels that stop the gateway's charge first.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

const HOUR = 3_600_000;

const course = (title: string, price: number, extra: Parameters<typeof courseOnShow>[3] = {}) =>
  courseOnShow(t.db, title, price, extra);

async function place(member: Caller, productId: number, typeId: number, order: Record<string, unknown> = {}) {
  const res = await member.post('/api/orders', {
    order: { orders_payment_type_id: typeId, ...order },
    ordersDetail: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; token: string; amount: number };
}

async function cardToken(number: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/tokens`,
    payload: { card: { number, expiration_month: 12, expiration_year: 2030, security_code: '123' } },
  });
  return res.json().data.id as string;
}

/** A card order paid at once by the sandbox's good test card. */
async function paidByCard(member: Caller, productId: number, order: Record<string, unknown> = {}) {
  const placed = await place(member, productId, 1, order);
  const paid = await member.post('/api/ordersPay', { ref: placed.token, token: await cardToken('4242424242424242') });
  expect(paid.json().data.status).toBe('paid');
  return placed;
}

/** A card order whose 3-D Secure page is open at the sandbox: the charge is pending. */
async function pendingCard(member: Caller, productId: number) {
  const placed = await place(member, productId, 1);
  const pending = (
    await member.post('/api/ordersPay', { ref: placed.token, token: await cardToken('4000000000003220') })
  ).json().data;
  expect(pending.status).toBe('pending');
  return { ...placed, authorize: new URL(pending.authorizeUrl, 'http://localhost').pathname };
}

/** The person finishes the sandbox's 3-D Secure page: the sandbox pays the charge if it still may. */
const payOnPage = (path: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=pay',
  });

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const chargeOf = async (orderId: number) =>
  (
    await t.db
      .select()
      .from(paymentCharge)
      .where(eq(paymentCharge.orders_id, orderId))
      .orderBy(desc(paymentCharge.id))
      .limit(1)
  )[0]!;
const gateway = () => t.app.ctx.providers.payments!;
const courseIds = async (member: Caller) =>
  (await coursesOf(t.db, member.id!, t.clock.now())).finished.map((c) => c.product_id);

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('refund-staff');
});
afterAll(() => t?.close());

describe('refunds through the gateway', () => {
  test('a partial refund keeps the course; the rest ends it, frees nothing twice, and tells the member each time', async () => {
    const member = await t.member('refund-card@example.com');
    const productId = await course('คืนเงินบัตร', 1990);
    const order = await paidByCard(member, productId);
    const charge = await chargeOf(order.id);

    const partial = await staff.post('/api/ordersRefund', { id: order.id, amount: 500, reason: 'ลูกค้าขอคืนบางส่วน' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      message: message('refunded'),
      data: { orders_status: 'finish', orders_refunded: 500, paid_by_gateway: true },
    });
    expect((await gateway().getCharge(charge.charge_id)).refunded).toBe(50_000);

    const over = await staff.post('/api/ordersRefund', { id: order.id, amount: 1490.01, reason: 'เกิน' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(message('refundTooMuch'));

    const rest = await staff.post('/api/ordersRefund', { id: order.id, reason: 'ยกเลิกการเรียน' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ orders_status: 'refund', orders_refunded: 1990 });
    expect((await gateway().getCharge(charge.charge_id)).refunded).toBe(199_000);
    expect(await courseIds(member)).not.toContain(productId);

    const again = await staff.post('/api/ordersRefund', { id: order.id, amount: 1, reason: 'อีกครั้ง' });
    expect(again.statusCode).toBe(409);

    const refunds = (await member.get(`/api/ordersRefunds?id=${order.id}`)).json().data;
    expect(refunds).toHaveLength(2);
    expect(refunds.map((r: { amount: number }) => r.amount)).toEqual([1490, 500]);
    expect(
      refunds.every((r: { method: string; status: string }) => r.method === 'gateway' && r.status === 'done'),
    ).toBe(true);
    // A plain receipt's order gets refund notes, each numbered in its own series.
    expect(refunds.map((r: { doc_no: string }) => r.doc_no)).toEqual([
      expect.stringMatching(/^RN2026-\d{6}$/),
      expect.stringMatching(/^RN2026-\d{6}$/),
    ]);
    const notices = await t.db
      .select({ m: notification.notification_message })
      .from(notification)
      .where(and(eq(notification.user_id, member.id!), like(notification.notification_message, 'คืนเงิน%')));
    expect(notices).toHaveLength(2);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_id, order.id), eq(auditLog.action, 'refund')));
    expect(audit.map((a) => a.note).sort()).toEqual(['ยกเลิกการเรียน', 'ลูกค้าขอคืนบางส่วน']);

    // The documents are made by the job and downloadable by the member.
    await t.app.ctx.jobs.runDue();
    const file = await member.get(`/api/ordersRefundFile?id=${refunds[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    await t.app.ctx.jobs.runDue();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.mail_to, 'refund-card@example.com'));
    expect(mails.filter((m) => m.subject.startsWith('คืนเงินคำสั่งซื้อ'))).toHaveLength(2);
  });

  test('a tax-invoiced order is refunded with a credit note (its own series)', async () => {
    const member = await t.member('refund-invoice@example.com');
    const order = await paidByCard(member, await course('คืนเงินใบกำกับ', 1590), {
      receipt: 'Y',
      receipt_type: 'person',
      card_id: '1101700207366',
      address: '99 ถนนพระราม 4 กรุงเทพมหานคร 10500',
    });
    const res = await staff.post('/api/ordersRefund', { id: order.id, amount: 590, reason: 'ปรับราคา' });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = (await staff.get(`/api/ordersRefunds?id=${order.id}`)).json().data;
    expect(refund).toMatchObject({ doc_type: 'creditNote', doc_no: expect.stringMatching(/^CN2026-\d{6}$/) });
  });

  test('only staff refund; a member reads only their own refunds', async () => {
    const member = await t.member('refund-rights@example.com');
    const stranger = await t.member('refund-stranger@example.com');
    const order = await paidByCard(member, await course('คืนเงินสิทธิ์', 300));
    expect((await member.post('/api/ordersRefund', { id: order.id, reason: 'ขอเอง' })).statusCode).toBe(403);
    expect((await t.visitor.post('/api/ordersRefund', { id: order.id, reason: 'x' })).statusCode).toBe(401);
    expect([403, 404]).toContain((await stranger.get(`/api/ordersRefunds?id=${order.id}`)).statusCode);
    expect((await staff.post('/api/ordersRefund', { id: order.id, reason: '' })).statusCode).toBe(400);
    expect((await staff.post('/api/ordersRefund', { id: order.id, amount: -5, reason: 'x' })).statusCode).toBe(400);
    expect((await staff.post('/api/ordersRefund', { id: 99_999_999, reason: 'x' })).statusCode).toBe(404);
    // A waiting order has nothing to give back.
    const waiting = await place(member, await course('คืนเงินรอชำระ', 300), 1);
    expect((await staff.post('/api/ordersRefund', { id: waiting.id, reason: 'x' })).statusCode).toBe(409);
  });
});

describe('when the gateway says no, or says nothing', () => {
  test('a refund the gateway refuses leaves the order as it was and says why', async () => {
    const member = await t.member('refund-refused@example.com');
    const order = await paidByCard(member, await course('คืนเงินถูกปฏิเสธ', 1000));
    const charge = await chargeOf(order.id);
    // Someone refunded part of it at the gateway's own dashboard: the shop's full refund is now too much there.
    await gateway().refund({ chargeId: charge.charge_id, amount: 10_000 as never, idempotencyKey: 'dashboard-1' });
    const res = await staff.post('/api/ordersRefund', { id: order.id, reason: 'คืนทั้งหมด' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(new RegExp(`^${message('refundRejected')}: `));
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ orders_status: 'finish', orders_refunded: 0 });
    expect(await t.db.select().from(orderRefund).where(eq(orderRefund.orders_id, order.id))).toEqual([]);
  });

  test('a refund refused while another completes leaves the order finished with the course: only money back counts', async () => {
    const member = await t.member('refund-overlap@example.com');
    const productId = await course('คืนเงินซ้อน', 1990);
    const order = await paidByCard(member, productId);
    const port = gateway();
    const real = port.refund.bind(port);
    let secondDone: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      secondDone = resolve;
    });
    let firstAsked: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      firstAsked = resolve;
    });
    // Both are reserved before either is answered; the gateway answers the larger, then refuses the smaller.
    port.refund = async (input) => {
      if (input.amount === 50_000) {
        firstAsked();
        await second;
        throw new GatewayRefused('sandbox', 'declined', 'refund declined');
      }
      await first;
      const done = await real(input);
      secondDone();
      return done;
    };
    try {
      const [small, large] = await Promise.all([
        staff.post('/api/ordersRefund', { id: order.id, amount: 500, reason: 'บางส่วน 1' }),
        staff.post('/api/ordersRefund', { id: order.id, amount: 1490, reason: 'บางส่วน 2' }),
      ]);
      expect(small.statusCode).toBe(422);
      expect(large.statusCode, large.body).toBe(200);
    } finally {
      port.refund = real;
    }
    expect(await orderRow(order.id)).toMatchObject({ orders_status: 'finish', orders_refunded: 1490 });
    expect(await courseIds(member)).toContain(productId);
  });

  test('a refund that gets no answer is kept pending and asked again by the job with the same key, once', async () => {
    const member = await t.member('refund-outage@example.com');
    const order = await paidByCard(member, await course('คืนเงินตอนล่ม', 600));
    const charge = await chargeOf(order.id);
    const port = gateway();
    const real = port.refund.bind(port);
    const keys: string[] = [];
    // The gateway takes the refund but the answer is lost on the way back (a timeout after the fact).
    port.refund = async (input) => {
      keys.push(input.idempotencyKey);
      await real(input);
      throw new Error('socket hang up');
    };
    try {
      const res = await staff.post('/api/ordersRefund', { id: order.id, reason: 'คืนเงิน' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(message('refundPending'));
      expect(res.json().data).toMatchObject({ orders_status: 'finish', orders_refunded: 600 });
    } finally {
      port.refund = async (input) => {
        keys.push(input.idempotencyKey);
        return real(input);
      };
    }
    // A second refund cannot pass the reservation while the first is unanswered.
    expect((await staff.post('/api/ordersRefund', { id: order.id, amount: 1, reason: 'x' })).statusCode).toBe(422);
    t.clock.advance(2 * 60_000);
    await t.app.ctx.jobs.runDue();
    port.refund = real;
    expect(new Set(keys).size).toBe(1);
    expect((await gateway().getCharge(charge.charge_id)).refunded).toBe(60_000);
    const [refund] = await t.db.select().from(orderRefund).where(eq(orderRefund.orders_id, order.id));
    expect(refund).toMatchObject({ status: 'done', doc_no: expect.stringMatching(/^RN/) });
    expect((await orderRow(order.id)).orders_status).toBe('refund');
  });
});

describe('slips seen before', () => {
  test('a slip another order already sent is approved only with an explicit override and a reason', async () => {
    const member = await t.member('slip-reused@example.com');
    const picture = await blankPicture();
    const placeWith = async (title: string) => {
      const slip = await member.request('POST', '/api/uploadSlip', slipForm(picture));
      return place(member, await course(title, 300), 4, {
        orders_payment_slip: slip.json().data,
        orders_payment_date: '2026-11-22',
        orders_payment_time: '10:00',
        orders_payment_bank: 'SCB',
      });
    };
    const first = await placeWith('สลิปซ้ำ 1');
    const second = await placeWith('สลิปซ้ำ 2');
    const third = await placeWith('สลิปซ้ำ 3');
    expect((await staff.post('/api/ordersUpdate', { id: first.id, orders_status: 'finish' })).statusCode).toBe(200);

    const plain = await staff.post('/api/ordersUpdate', { id: second.id, orders_status: 'finish' });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toBe(message('slipOverrideRequired'));
    const bulk = await staff.post('/api/ordersUpdataAll', { id: [second.id, third.id], orders_status: 'finish' });
    expect(bulk.json().data.updated).toBe(0);
    expect((await orderRow(third.id)).orders_status).toBe('wait');

    const override = await staff.post('/api/ordersUpdate', {
      id: second.id,
      orders_status: 'finish',
      slip_override: 'ลูกค้าโอนสองครั้ง ตรวจยอดในบัญชีแล้ว',
    });
    expect(override.statusCode, override.body).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_id, second.id), eq(auditLog.action, 'approve')));
    expect(audit?.note).toBe('ลูกค้าโอนสองครั้ง ตรวจยอดในบัญชีแล้ว');
    // A member cannot send the override.
    expect((await member.post('/api/ordersUpdate', { id: third.id, slip_override: 'ขอผ่าน' })).statusCode).toBe(403);
  });
});

describe('refunds outside the gateway', () => {
  test('a transfer order is refunded by staff at the bank: they record the bank, account, date and slip', async () => {
    const member = await t.member('refund-transfer@example.com');
    const paidSlip = await member.request(
      'POST',
      '/api/uploadSlip',
      slipForm(await slipPicture('REFUNDXFER00000001', '014')),
    );
    const placed = await place(member, await course('คืนเงินโอน', 1200), 4, {
      orders_payment_slip: paidSlip.json().data,
      orders_payment_date: '2026-11-22',
      orders_payment_time: '09:15',
      orders_payment_bank: 'KBANK',
    });
    expect((await staff.post('/api/ordersUpdate', { id: placed.id, orders_status: 'finish' })).statusCode).toBe(200);
    const bare = await staff.post('/api/ordersRefund', { id: placed.id, reason: 'ไม่สะดวกเรียน' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().message).toBe(message('refundManualRequired'));

    const unknown = await staff.post('/api/ordersRefund', {
      id: placed.id,
      reason: 'ไม่สะดวกเรียน',
      manual: { bank: 'SCB', account: '123-4-56789-0', date: '2026-11-23', slip: 'never-uploaded.png' },
    });
    expect(unknown.statusCode).toBe(422);
    const upload = await staff.request('POST', '/api/uploadSlip', slipForm(await blankPicture()));
    expect(upload.statusCode, upload.body).toBe(200);
    const res = await staff.post('/api/ordersRefund', {
      id: placed.id,
      reason: 'ไม่สะดวกเรียน',
      manual: { bank: 'SCB', account: '123-4-56789-0', date: '2026-11-23', slip: upload.json().data },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ orders_status: 'refund', paid_by_gateway: false });
    const [refund] = await t.db.select().from(orderRefund).where(eq(orderRefund.orders_id, placed.id));
    expect(refund).toMatchObject({ method: 'manual', bank: 'SCB', refund_date: '2026-11-23', status: 'done' });
  });

  test('a coin order is refunded into the coin ledger, and the balance is the ledger', async () => {
    const member = await t.member('refund-coins@example.com');
    await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: 50,
      log_point_type: 'staff',
      log_point_note: 'เติม',
    });
    const productId = await course('คืนเหรียญ', 30, { product_coin_pay: 'Y' });
    const paid = await member.post('/api/ordersCoinPay', {
      order: { orders_payment_type_id: 6 },
      ordersDetail: { product_id: productId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const balance = async () => (await t.db.select({ p: user.point }).from(user).where(eq(user.id, member.id!)))[0]!.p;
    const before = await balance();
    const res = await staff.post('/api/ordersRefund', { id: paid.json().data.id, reason: 'คืนเหรียญ' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await balance();
    expect(after).toBeGreaterThan(before);
    const ledger = await t.db.select().from(logPoint).where(eq(logPoint.user_id, member.id!));
    expect(ledger.reduce((sum, row) => sum + (row.log_point_amount ?? 0), 0)).toBe(after);
    expect(ledger.filter((row) => row.log_point_type === 'refund')).toHaveLength(1);
  });
});

describe('no charge without a course', () => {
  test('a member cancelling an order with an open 3-D Secure page stops the charge: paying later takes nothing', async () => {
    const member = await t.member('cancel-3ds@example.com');
    const order = await pendingCard(member, await course('ยกเลิกระหว่าง 3DS', 990));
    const cancel = await member.post('/api/ordersUpdate', { id: order.id, orders_status: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const charge = await chargeOf(order.id);
    expect(charge.status).not.toBe('pending');
    await payOnPage(order.authorize);
    expect((await gateway().getCharge(charge.charge_id)).status).not.toBe('paid');
    expect((await orderRow(order.id)).orders_status).toBe('cancel');
  });

  test('a charge confirmed after its order was cancelled is kept for staff, who refund it or grant the course', async () => {
    const member = await t.member('paid-after-cancel@example.com');
    const firstCourse = await course('จ่ายหลังยกเลิก 1', 800);
    const secondCourse = await course('จ่ายหลังยกเลิก 2', 900);
    const paidLate = async (productId: number) => {
      const order = await pendingCard(member, productId);
      const charge = await chargeOf(order.id);
      // The shop believed the charge had failed (its answer lost), so the cancel had nothing to stop.
      await t.db.update(paymentCharge).set({ status: 'failed' }).where(eq(paymentCharge.id, charge.id));
      expect((await member.post('/api/ordersUpdate', { id: order.id, orders_status: 'cancel' })).statusCode).toBe(200);
      await payOnPage(order.authorize);
      await t.app.inject({ method: 'GET', url: `/order/callback?ref=${encodeURIComponent(order.token)}` });
      expect((await orderRow(order.id)).orders_status).toBe('paid_after_cancel');
      return { order, charge };
    };
    const first = await paidLate(firstCourse);
    const second = await paidLate(secondCourse);

    const listed = (await staff.get('/api/ordersReview?orders_status=paid_after_cancel')).json().data;
    expect(listed.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([first.order.id, second.order.id]));
    expect((await staff.get('/api/ordersTotalStatus?orders_status=paid_after_cancel')).json().data.total).toBe(2);

    const refunded = await staff.post('/api/ordersResolvePaid', {
      id: first.order.id,
      action: 'refund',
      reason: 'ลูกค้ายกเลิกแล้ว',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.orders_status).toBe('refund');
    expect((await gateway().getCharge(first.charge.charge_id)).refunded).toBe(80_000);

    const granted = await staff.post('/api/ordersResolvePaid', {
      id: second.order.id,
      action: 'grant',
      reason: 'ลูกค้ายังต้องการเรียน',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data).toMatchObject({ orders_status: 'finish', order_no: expect.stringMatching(/^RC/) });
    expect(await courseIds(member)).toContain(secondCourse);
    expect(await courseIds(member)).not.toContain(firstCourse);

    const twice = await staff.post('/api/ordersResolvePaid', { id: second.order.id, action: 'grant', reason: 'x' });
    expect(twice.statusCode).toBe(409);
    expect((await staff.get('/api/ordersTotalStatus?orders_status=paid_after_cancel')).json().data.total).toBe(0);
  });
});

describe('and', () => {
  test('an idempotency key sent again with another course is refused (422), not answered with the first order', async () => {
    const member = await t.member('idem-reuse@example.com');
    const a = await course('คีย์ซ้ำ A', 100);
    const b = await course('คีย์ซ้ำ B', 200);
    const body = (productId: number) => ({
      order: { orders_payment_type_id: 5, idempotency_key: 'same-key-12345' },
      ordersDetail: { product_id: productId },
    });
    const first = await member.post('/api/orders', body(a));
    expect(first.statusCode).toBe(200);
    expect((await member.post('/api/orders', body(a))).json().data.id).toBe(first.json().data.id);
    const other = await member.post('/api/orders', body(b));
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(message('idempotencyReused'));
  });

  test('a lapsed order tells its member nothing was charged, in the app and by e-mail', async () => {
    const member = await t.member('expiry-told@example.com');
    const placed = await place(member, await course('คอร์สลืมจ่าย', 450), 5);
    t.clock.advance(73 * HOUR);
    await t.app.ctx.jobs.runDue();
    await t.app.ctx.jobs.runDue();
    expect((await orderRow(placed.id)).orders_status).toBe('cancel');
    const [notice] = await t.db
      .select({ m: notification.notification_message, to: notification.notification_to })
      .from(notification)
      .where(and(eq(notification.user_id, member.id!), like(notification.notification_message, '%ไม่มีการเรียกเก็บเงิน%')));
    expect(notice?.m).toContain('หมดเวลาชำระเงิน');
    expect(notice?.to).toBe(`/product/${encodeURIComponent('คอร์สลืมจ่าย')}`);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.mail_to, 'expiry-told@example.com'));
    expect(mails.some((m) => m.subject.includes('ถูกยกเลิก'))).toBe(true);
  });
});
