import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { message } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import { validate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseOnShow } from '../../../test/fixtures.js';
import { blankPicture, slipForm, slipPicture } from '../../../test/slip.js';
import { job, logPoint, notification, orderPayment, orders, user } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;
let alice: Caller;
let bob: Caller;
let courses: Record<'a' | 'b' | 'c' | 'book' | 'coin' | 'd', number>;

const HOUR = 3_600_000;

const course = (title: string, price: number, extra: Parameters<typeof courseOnShow>[3] = {}) =>
  courseOnShow(t.db, title, price, extra);

async function uploadSlip(caller: Caller, picture: Buffer): Promise<string> {
  const res = await caller.request('POST', '/api/uploadSlip', slipForm(picture));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const transfer = (productId: number, slip: string, more: Record<string, unknown> = {}) => ({
  order: {
    orders_payment_type_id: 4,
    orders_payment_slip: slip,
    orders_payment_date: '2569-11-22',
    orders_payment_time: '09:15',
    orders_payment_bank: 'SCB',
    ...more,
  },
  ordersDetail: { product_id: productId },
  notification: 'ignored',
});

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-orders-'));
  t = await testApp({ dataDir, env: { PROMPTPAY_ID: '0812345678' } });
  staff = await t.staff('orders-staff');
  alice = await t.member('orders-alice@example.com');
  bob = await t.member('orders-bob@example.com');
  courses = {
    a: await course('คอร์ส ก', 1990),
    b: await course('คอร์ส ข', 990.5),
    c: await course('คอร์ส ค', 500),
    d: await course('คอร์ส ง', 700),
    book: await course('คอร์สมีหนังสือ', 1200, { product_book: 'Y' }),
    coin: await course('คอร์สเหรียญ', 120, { product_coin_pay: 'Y' }),
  };
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('bank transfer with a slip', () => {
  test('the server decides the amounts, reads the slip, and staff approval finishes once with a number', async () => {
    const slip = await uploadSlip(alice, await slipPicture('016330104526BPP07912', '014'));
    const forged = transfer(courses.a, slip, { orders_net: 1, orders_total: 1, orders_status: 'finish', user_id: 1 });
    const placed = await alice.post('/api/orders', {
      ...forged,
      order: { ...forged.order, orders_payment_amount: 1990 },
      ordersDetail: { product_id: courses.a, orders_detail_net: 1, orders_detail_price: 1 },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order).toMatchObject({
      orders_status: 'wait',
      orders_payment: 'transfer',
      orders_total: 1990,
      orders_discount: 0,
      orders_net: 1990,
      fee: 0,
      amount: 1990,
    });
    expect(order.orders_ref).toBe(`SPSK${String(order.id).padStart(10, '0')}`);
    expect(order.token).toMatch(/^[\w-]{43}$/);

    const seen = (await staff.get(`/api/ordersView?id=${order.id}`)).json().data;
    expect(seen.orders_payment_date).toBe('2026-11-22');
    expect(seen.slipCheck).toMatchObject({
      reference: '016330104526BPP07912',
      bank: 'SCB',
      typed_amount: 1990,
      flags: [],
    });
    expect(seen.slipCheck.qr).toMatch(/^0041000600000101030140220016330104526BPP07912/);

    // Waiting: the course is not open yet, and the badge counts it.
    expect((await staff.get('/api/ordersTotalStatus')).json().data.total).toBeGreaterThanOrEqual(1);
    const waiting = (await staff.get('/api/ordersReview')).json();
    expect(waiting.data.map((o: { id: number }) => o.id)).toContain(order.id);

    // A member cannot approve; staff can, once.
    expect((await alice.post('/api/ordersUpdate', { id: order.id, orders_status: 'finish' })).statusCode).toBe(403);
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () => staff.post('/api/ordersUpdate', { id: order.id, orders_status: 'finish' })),
    );
    expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const done = (await alice.get(`/api/ordersView?id=${order.id}`)).json().data;
    expect(done).toMatchObject({ orders_status: 'finish', approve_by: staff.id, order_no: 'RC2026-000001' });
    expect((await alice.get(`/api/ordersFileTaxInvoice?id=${order.id}`)).json().data.order_no).toBe('RC2026-000001');
    const view = (await alice.get(`/api/courseView?id=${courses.a}`)).json().data;
    expect(view.state).toBe('finish');

    const told = await t.db.select().from(notification).where(eq(notification.user_id, alice.id!));
    expect(told.filter((n) => n.notification_message?.startsWith('ชำระเงินสำเร็จ'))).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(job)
      .where(eq(job.key, `orders.paid:${order.id}`));
    expect(mails).toHaveLength(1);

    // Owned within its window: no second purchase.
    const again = await alice.post('/api/orders', transfer(courses.a, slip));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(message('courseOwned'));
  });

  test('a slip that paid one order is refused on another, inside the database', async () => {
    const picture = await slipPicture('REUSED0000000000001', '004');
    const first = await alice.post('/api/orders', transfer(courses.b, await uploadSlip(alice, picture)));
    expect(first.statusCode, first.body).toBe(200);
    const second = await alice.post('/api/orders', transfer(courses.c, await uploadSlip(alice, picture)));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(message('slipReused'));
    // Nothing of the refused order was kept.
    const mine = (await alice.get('/api/ordersByStatus?orders_status=wait')).json().data;
    expect(mine.map((o: { id: number }) => o.id)).toEqual([first.json().data.id]);
  });

  test('a slip without a QR, a date out of range and a different amount are flagged for staff', async () => {
    const slip = await uploadSlip(bob, await blankPicture());
    const placed = await bob.post(
      '/api/orders',
      transfer(courses.c, slip, { orders_payment_date: '2026-10-01', orders_payment_amount: 450 }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const seen = (await staff.get(`/api/ordersView?id=${placed.json().data.id}`)).json().data;
    expect(seen.slipCheck.flags).toEqual(['noQr', 'dateOutOfRange', 'amountMismatch']);
  });

  test('a member sees neither another member’s order nor their slip', async () => {
    const [aliceOrder] = (await alice.get('/api/ordersByStatus?orders_status=wait')).json().data;
    expect((await bob.get(`/api/ordersView?id=${aliceOrder.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/ordersById?id=${aliceOrder.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/ordersFileTaxInvoice?id=${aliceOrder.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/ordersDetailByOrderId?orders_id=${aliceOrder.id}`)).json().data).toEqual([]);
    expect((await bob.get(`/api/ordersDetailByFinish?user_id=${alice.id}`)).statusCode).toBe(403);
    expect((await bob.get(`/api/slip/${aliceOrder.orders_payment_slip}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/slip/${aliceOrder.orders_payment_slip}`)).statusCode).toBe(200);
    expect((await bob.post('/api/ordersUpdate', { id: aliceOrder.id, orders_status: 'cancel' })).statusCode).toBe(404);
    // A slip is attached only by the member who uploaded it.
    const bobsSlip = await uploadSlip(bob, await slipPicture('BOBSLIP000000000001'));
    const stolen = await alice.post('/api/orders', transfer(courses.d, bobsSlip));
    expect(stolen.statusCode).toBe(422);
    // Nobody writes orders through the generic routes.
    expect(
      (await staff.post('/api/ordersDetail', { orders_id: aliceOrder.id, product_id: courses.a })).statusCode,
    ).toBe(404);
  });
});

describe('one order per course and per click', () => {
  test('an idempotency key makes one order; a second waiting order for the course is offered back', async () => {
    const carol = await t.member('orders-carol@example.com');
    const body = { order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: courses.d } };
    const key = 'click-0001-abcdef';
    const [one, two] = await Promise.all([
      carol.request('POST', '/api/orders', { ...body, order: { ...body.order, idempotency_key: key } }),
      carol.request('POST', '/api/orders', { ...body, order: { ...body.order, idempotency_key: key } }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().data.id).toBe(two.json().data.id);
    const header = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${carol.token}`, 'idempotency-key': key },
      payload: body,
    });
    expect(header.json().data.id).toBe(one.json().data.id);

    const other = await carol.post('/api/orders', body);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      result: false,
      code: 'ORDER_WAITING',
      message: message('orderWaiting'),
      data: { id: one.json().data.id, token: one.json().data.token, orders_payment: 'qrcode' },
    });
  });
});

describe('before any payment (spec 2 §5)', () => {
  test('a book course needs the delivery address first', async () => {
    const dave = await t.member('orders-dave@example.com');
    const body = { order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: courses.book } };
    const refused = await dave.post('/api/orders', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('! คอร์สมีเอกสารที่ต้องจัดส่ง');
    await t.db.update(user).set({ send_address: '99 ถนนสุขุมวิท กรุงเทพฯ' }).where(eq(user.id, dave.id!));
    expect((await dave.post('/api/orders', body)).statusCode).toBe(200);
  });

  test('a company receipt asks for its fields in order, and keeps them with the order', async () => {
    const erin = await t.member('orders-erin@example.com');
    const order = (fields: Record<string, string>) => ({
      order: { orders_payment_type_id: 5, receipt: 'Y', receipt_type: 'company', ...fields },
      ordersDetail: { product_id: courses.c },
    });
    const missing = await erin.post('/api/orders', order({ company_id: '0994000165510' }));
    expect(missing.json().message).toBe('กรุณากรอก ชื่อบริษัท');
    const badId = await erin.post('/api/orders', order({ company_id: '0994000165511' }));
    expect(badId.json().message).toBe(message('companyIdInvalid'));
    const fields = {
      company_id: '0994000165510',
      company_name: 'บริษัท ตัวอย่าง จำกัด',
      company_address: '1 ถนนพระราม 9',
      company_address_send: '1 ถนนพระราม 9',
    };
    const placed = await erin.post('/api/orders', order(fields));
    expect(placed.statusCode, placed.body).toBe(200);
    const [kept] = await t.db
      .select({ receipt_data: orderPayment.receipt_data })
      .from(orderPayment)
      .where(eq(orderPayment.orders_id, placed.json().data.id));
    expect(kept!.receipt_data).toMatchObject({ type: 'company', ...fields });
  });
});

describe('personal PromptPay QR', () => {
  test('a dynamic QR for the exact amount, then a slip, then staff; the page says nothing personal', async () => {
    const frank = await t.member('orders-frank@example.com');
    const placed = (
      await frank.post('/api/orders', { order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: courses.b } })
    ).json().data;
    const page = await t.visitor.get(`/api/ordersByRef?ref=${placed.token}`);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(validate.anyId(data.qr.payload)).toEqual({ type: 'MSISDN', target: '0812345678', amount: 990.5 });
    expect(data.qr.image).toMatch(/^data:image\/png;base64,/);
    expect(data).toMatchObject({ amount: 990.5, orders_status: 'wait', product_title: 'คอร์ส ข', slip: false });
    expect(JSON.stringify(data)).not.toContain('orders-frank');
    expect((await t.visitor.get('/api/ordersByRef?ref=guess')).statusCode).toBe(404);

    const slip = await uploadSlip(frank, await slipPicture('PROMPTPAY0000000001', '006'));
    const attached = await frank.post('/api/ordersUpdate', {
      id: placed.id,
      orders_payment_slip: slip,
      orders_payment_date: '2026-11-22',
      orders_payment_time: '10:00',
      orders_payment_amount: 990.5,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({ orders_status: 'wait', expiresAt: null });
    expect(attached.json().data.slipCheck).toMatchObject({ bank: 'KTB', flags: [] });
  });
});

describe('coins', () => {
  test('a coin payment finishes at once and moves the balance with a ledger row', async () => {
    const ivy = await t.member('orders-ivy@example.com');
    const body = { order: { orders_payment_type_id: 6 }, ordersDetail: { product_id: courses.coin } };
    const poor = await ivy.post('/api/ordersCoinPay', body);
    expect(poor.statusCode).toBe(409);
    expect(poor.json().message).toBe(message('coinsInsufficient'));
    await staff.post('/api/logPoint', {
      user_id: ivy.id,
      log_point_amount: 500,
      log_point_type: 'staff',
      log_point_note: 'เติม',
    });
    const paid = await ivy.post('/api/ordersCoinPay', body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ orders_net: 120, point: 380 });
    const order = (await ivy.get(`/api/ordersView?id=${paid.json().data.id}`)).json().data;
    expect(order).toMatchObject({ orders_status: 'finish', orders_payment: 'coin', approve_by: ivy.id });
    const ledger = await t.db.select().from(logPoint).where(eq(logPoint.user_id, ivy.id!));
    expect(ledger.map((l) => l.log_point_amount)).toEqual([500, -120]);
    // Courses that do not take coins refuse them.
    const refused = await ivy.post('/api/ordersCoinPay', { ...body, ordersDetail: { product_id: courses.d } });
    expect(refused.json().message).toBe(message('coinPayOff'));
  });
});

describe('book shipping', () => {
  test('staff list finished book orders and set their shipping state in bulk', async () => {
    const jay = await t.member('orders-jay@example.com');
    await t.db.update(user).set({ send_address: '5 ซอยลาดพร้าว' }).where(eq(user.id, jay.id!));
    const placed = (
      await jay.post('/api/orders', {
        order: { orders_payment_type_id: 5 },
        ordersDetail: { product_id: courses.book },
      })
    ).json().data;
    await staff.post('/api/ordersUpdataAll', { id: [placed.id], orders_status: 'finish' });
    const books = (await staff.get('/api/ordersByProductBooks?orders_book_send=N')).json().data;
    expect(books.find((b: { id: number }) => b.id === placed.id)).toMatchObject({ send_address: '5 ซอยลาดพร้าว' });
    const sent = await staff.post('/api/ordersUpdataListBookSend', { status: 'Y', id: [placed.id] });
    expect(sent.json().data.updated).toBe(1);
    expect((await jay.get(`/api/ordersView?id=${placed.id}`)).json().data.orders_book_send).toBe('Y');
    expect((await jay.post('/api/ordersUpdataListBookSend', { status: 'C', id: [placed.id] })).statusCode).toBe(403);
    // The finish made a tax invoice number when a receipt was asked for, a receipt number otherwise.
    expect((await jay.get(`/api/ordersView?id=${placed.id}`)).json().data.order_no).toMatch(/^RC2026-\d{6}$/);
  });
});

describe('expiry and cancelling', () => {
  test('a transfer proved by its slip never expires: it waits for staff', async () => {
    const kim = await t.member('orders-kim@example.com');
    const slip = await uploadSlip(kim, await slipPicture('NOEXPIRY00000000001', '002'));
    const placed = await kim.post('/api/orders', transfer(courses.c, slip, { orders_payment_date: '2026-11-22' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order.expiresAt).toBeNull();
    expect(
      await t.db
        .select()
        .from(job)
        .where(eq(job.key, `orders.expire:${order.id}`)),
    ).toEqual([]);
    t.clock.advance(10 * 24 * HOUR);
    await t.app.ctx.jobs.runDue();
    const [still] = await t.db.select({ status: orders.orders_status }).from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe('wait');
  });

  test('an unpaid order is cancelled by the queue after 3 days and listed for staff', async () => {
    const gina = await t.member('orders-gina@example.com');
    const placed = (
      await gina.post('/api/orders', { order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: courses.c } })
    ).json().data;
    expect(new Date(placed.expiresAt).getTime() - t.clock.now().getTime()).toBe(72 * HOUR);
    t.clock.advance(71 * HOUR);
    await t.app.ctx.jobs.runDue();
    const [still] = await t.db.select({ status: orders.orders_status }).from(orders).where(eq(orders.id, placed.id));
    expect(still!.status).toBe('wait');
    t.clock.advance(2 * HOUR);
    await t.app.ctx.jobs.runDue();
    // Sessions last hours: after 3 days everyone signs in again.
    const again = await t.member('orders-gina-again@example.com');
    const staffAgain = await t.staff('orders-staff-again');
    const gone = (await staffAgain.get(`/api/ordersView?id=${placed.id}`)).json().data;
    expect(gone).toMatchObject({ orders_status: 'cancel', cancel_reason: 'expiry' });
    const listed = (await staffAgain.get('/api/ordersExpire')).json().data.map((o: { id: number }) => o.id);
    expect(listed).toContain(placed.id);
    expect((await again.get('/api/ordersExpire')).statusCode).toBe(403);
  });

  test('a member cancels their order; a visitor cancels one by its payment page’s code', async () => {
    const hank = await t.member('orders-hank@example.com');
    const place = (productId: number) =>
      hank.post('/api/orders', { order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: productId } });
    const first = (await place(courses.a)).json().data;
    const second = (await place(courses.b)).json().data;
    const cancel = (id: number) => hank.post('/api/ordersUpdate', { id, orders_status: 'cancel' });
    expect((await cancel(first.id)).statusCode).toBe(200);
    // The same cancel sent again, as a retry does when the first answer was lost, gets the same answer.
    const repeated = await cancel(first.id);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().data).toMatchObject({ id: first.id, orders_status: 'cancel' });
    expect((await t.visitor.post('/api/ordersCancelByCode', { code: second.token })).statusCode).toBe(200);
    // An order cancelled by someone else is not the member's to cancel again.
    expect((await cancel(second.id)).statusCode).toBe(409);
    expect((await t.visitor.post('/api/ordersCancelByCode', { code: second.token })).statusCode).toBe(409);
    const reasons = await Promise.all(
      [first.id, second.id].map(async (id) => (await hank.get(`/api/ordersView?id=${id}`)).json().data.cancel_reason),
    );
    expect(reasons).toEqual(['member', 'code']);
  });
});
