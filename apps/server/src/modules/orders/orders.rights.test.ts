import { message } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { certificate, job, orders, product, user } from '../../db/schema/index.js';

// Every order call of spec 2 §7 against the same ladder: a visitor, another member, the order's member, staff.
// A caller who may not see an order gets 404 (it does not exist for them); one who may not do a thing gets 403.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let owner: Caller;
let other: Caller;
type Role = 'visitor' | 'other' | 'owner' | 'staff';
let callers: Record<Role, Caller>;
let waiting: { id: number; token: string };
let finished: { id: number; token: string };
let card: { id: number; token: string };
let courseIds: number[];

async function course(title: string, extra: Partial<typeof product.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(product)
    .values({ product_title: title, product_price: baht(450), product_status: 'Show', ...extra })
    .returning({ id: product.id });
  return row!.id;
}

async function place(caller: Caller, productId: number, typeId = 5) {
  const res = await caller.post('/api/orders', {
    order: { orders_payment_type_id: typeId },
    ordersDetail: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; token: string };
}

/** Each role's status code for one request. */
async function ladder(request: (caller: Caller) => Promise<{ statusCode: number }>) {
  const codes: Partial<Record<Role, number>> = {};
  for (const role of ['visitor', 'other', 'owner', 'staff'] as const) {
    codes[role] = (await request(callers[role])).statusCode;
  }
  return codes;
}

beforeAll(async () => {
  t = await testApp({ env: { PROMPTPAY_ID: '0812345678' } });
  staff = await t.staff('rights-staff');
  owner = await t.member('rights-owner@example.com');
  other = await t.member('rights-other@example.com');
  callers = { visitor: t.visitor, other, owner, staff };
  await t.db.update(user).set({ send_address: '1 ถนนสีลม กรุงเทพฯ' }).where(eq(user.id, owner.id!));
  courseIds = [
    await course('สิทธิ์ ก'),
    await course('สิทธิ์ ข', { product_book: 'Y' }),
    await course('สิทธิ์ ค'),
    await course('สิทธิ์ ง', { product_coin_pay: 'Y' }),
  ];
  waiting = await place(owner, courseIds[0]!);
  finished = await place(owner, courseIds[1]!);
  card = await place(owner, courseIds[2]!, 1);
  const approved = await staff.post('/api/ordersUpdate', { id: finished.id, orders_status: 'finish' });
  expect(approved.statusCode, approved.body).toBe(200);
});
afterAll(() => t?.close());

describe('reading orders', () => {
  test('one order (ordersView, ordersById, ordersFileTaxInvoice): its member and staff; nobody else', async () => {
    for (const url of [
      `/api/ordersView?id=${finished.id}`,
      `/api/ordersById?id=${finished.id}`,
      `/api/ordersFileTaxInvoice?id=${finished.id}`,
    ]) {
      expect(await ladder((c) => c.get(url)), url).toEqual({ visitor: 401, other: 404, owner: 200, staff: 200 });
    }
    const number = (await owner.get(`/api/ordersFileTaxInvoice?id=${finished.id}`)).json().data.order_no;
    expect(number).toMatch(/^RC\d{4}-\d{6}$/);
  });

  test('lists of orders and their details: a member sees their own rows only, staff everyone’s', async () => {
    const lists = [
      '/api/orders',
      '/api/ordersByStatus?orders_status=wait',
      '/api/ordersDetail',
      `/api/ordersDetailByOrderId?orders_id=${waiting.id}`,
      `/api/ordersDetailByProductId?product_id=${courseIds[0]}`,
    ];
    for (const url of lists) {
      expect((await t.visitor.get(url)).statusCode, url).toBe(401);
      const mine = (await owner.get(url)).json().data as { id: number }[];
      const theirs = (await other.get(url)).json().data as { id: number }[];
      const all = (await staff.get(url)).json().data as { id: number }[];
      expect(mine.length, url).toBeGreaterThan(0);
      expect(theirs, url).toEqual([]);
      expect(all.length, url).toBeGreaterThanOrEqual(mine.length);
    }
    // Asking by another member's id is refused outright.
    expect(await ladder((c) => c.get(`/api/ordersByUserId?user_id=${owner.id}`))).toEqual({
      visitor: 401,
      other: 403,
      owner: 200,
      staff: 200,
    });
    const detail = (await owner.get(`/api/ordersDetailByOrderId?orders_id=${waiting.id}`)).json().data[0];
    expect(await ladder((c) => c.get(`/api/ordersDetailById?id=${detail.id}`))).toEqual({
      visitor: 401,
      other: 404,
      owner: 200,
      staff: 200,
    });
  });

  test('finished detail rows: the member’s own, any member’s for staff', async () => {
    for (const name of ['ordersDetailByFinish', 'ordersDetailByProductIdAndFinish']) {
      const url = `/api/${name}?user_id=${owner.id}&product_id=${courseIds[1]}`;
      expect(await ladder((c) => c.get(url)), url).toEqual({ visitor: 401, other: 403, owner: 200, staff: 200 });
      const rows = (await staff.get(url)).json().data;
      expect(rows.map((r: { orders_id: number }) => r.orders_id)).toEqual([finished.id]);
      expect((await other.get(`/api/${name}?product_id=${courseIds[1]}`)).json().data).toEqual([]);
    }
  });

  test('the back office’s lists and badge: staff only', async () => {
    for (const url of [
      '/api/ordersReview',
      '/api/ordersExpire',
      '/api/ordersByProductBooks',
      '/api/ordersByDate?from=2026-11-01&to=2026-11-30',
      '/api/ordersTotalStatus',
    ]) {
      expect(await ladder((c) => c.get(url)), url).toEqual({ visitor: 401, other: 403, owner: 403, staff: 200 });
    }
    const byDate = (await staff.get('/api/ordersByDate?from=2026-11-22&to=2026-11-22')).json();
    expect(byDate.data.map((o: { id: number }) => o.id)).toEqual(
      expect.arrayContaining([waiting.id, finished.id, card.id]),
    );
    expect(byDate.userIn.map((u: { id: number }) => u.id)).toContain(owner.id);
    expect(JSON.stringify(byDate.userIn)).not.toContain('password');
    expect((await staff.get('/api/ordersTotalStatus?orders_status=wait')).json().data.total).toBe(2);
    const books = (await staff.get('/api/ordersByProductBooks')).json().data;
    expect(books.map((b: { id: number }) => b.id)).toEqual([finished.id]);
  });

  test('a payment page’s reference (ordersByRef, ordersByCode) is public and tells nothing personal', async () => {
    for (const url of [`/api/ordersByRef?ref=${waiting.token}`, `/api/ordersByCode?code=${waiting.token}`]) {
      const codes = await ladder((c) => c.get(url));
      expect(codes, url).toEqual({ visitor: 200, other: 200, owner: 200, staff: 200 });
      const page = (await t.visitor.get(url)).json().data;
      expect(Object.keys(page).sort()).toEqual(
        [
          'account',
          'amount',
          'card',
          'expiresAt',
          'fee',
          'orders_net',
          'orders_payment',
          'orders_ref',
          'orders_status',
          'product_id',
          'product_title',
          'qr',
          'redirect_url',
          'slip',
        ].sort(),
      );
      const text = JSON.stringify(page);
      for (const secret of ['rights-owner', 'ทดสอบ', 'สีลม', 'user_id', 'token']) expect(text).not.toContain(secret);
    }
    expect((await t.visitor.get('/api/ordersByRef?ref=SPSK0000000001')).statusCode).toBe(404);
    expect((await t.visitor.get(`/api/ordersByCode?code=${waiting.id}`)).statusCode).toBe(404);
  });

  test('the payment types are public', async () => {
    expect(await ladder((c) => c.get('/api/ordersPaymentType'))).toEqual({
      visitor: 200,
      other: 200,
      owner: 200,
      staff: 200,
    });
  });
});

describe('writing orders', () => {
  test('buying is for members: visitors sign in, staff do not buy', async () => {
    const body = { order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: courseIds[2] } };
    expect((await t.visitor.post('/api/orders', body)).statusCode).toBe(401);
    expect((await staff.post('/api/orders', body)).statusCode).toBe(403);
    const coins = { order: { orders_payment_type_id: 6 }, ordersDetail: { product_id: courseIds[3] } };
    expect((await t.visitor.post('/api/ordersCoinPay', coins)).statusCode).toBe(401);
    expect((await staff.post('/api/ordersCoinPay', coins)).statusCode).toBe(403);
    // Another member's order cannot be charged; staff do not pay in a member's name.
    const pay = { ref: card.token, token: 'tokn_x' };
    expect(await ladder((c) => c.post('/api/ordersPay', pay))).toMatchObject({ visitor: 401, other: 404, staff: 403 });
  });

  test('ordersUpdate: the member cancels or attaches a slip to their own; only staff approve or mark', async () => {
    const order = await place(owner, courseIds[3]!);
    expect((await t.visitor.post('/api/ordersUpdate', { id: order.id, orders_status: 'cancel' })).statusCode).toBe(401);
    expect((await other.post('/api/ordersUpdate', { id: order.id, orders_status: 'cancel' })).statusCode).toBe(404);
    for (const body of [{ orders_status: 'finish' }, { orders_book_send: 'Y' }, { orders_certificate: 'Y' }]) {
      expect((await owner.post('/api/ordersUpdate', { id: order.id, ...body })).statusCode).toBe(403);
    }
    expect((await staff.post('/api/ordersUpdate', { id: order.id, orders_book_send: 'C' })).statusCode).toBe(200);
    expect((await owner.post('/api/ordersUpdate', { id: order.id, orders_status: 'cancel' })).statusCode).toBe(200);
    expect((await staff.post('/api/ordersUpdate', { id: order.id, orders_status: 'finish' })).statusCode).toBe(409);
    expect((await staff.post('/api/ordersUpdate', { id: 999_999, orders_status: 'finish' })).statusCode).toBe(404);
  });

  test('bulk approval and book shipping: staff only', async () => {
    const bulk = { id: [waiting.id], orders_status: 'cancel' };
    expect(await ladder((c) => c.post('/api/ordersUpdataListBookSend', { status: 'Y', id: [finished.id] }))).toEqual({
      visitor: 401,
      other: 403,
      owner: 403,
      staff: 200,
    });
    const codes: Record<string, number> = {};
    for (const role of ['visitor', 'other', 'owner'] as const) {
      codes[role] = (await callers[role].post('/api/ordersUpdataAll', bulk)).statusCode;
    }
    expect(codes).toEqual({ visitor: 401, other: 403, owner: 403 });
    const [still] = await t.db.select({ s: orders.orders_status }).from(orders).where(eq(orders.id, waiting.id));
    expect(still!.s).toBe('wait');
  });

  test('ordersCancelByCode: whoever holds the payment page’s reference; a guess cancels nothing', async () => {
    const order = await place(other, courseIds[0]!);
    expect((await t.visitor.post('/api/ordersCancelByCode', { code: 'x'.repeat(43) })).statusCode).toBe(404);
    expect((await t.visitor.post('/api/ordersCancelByCode', { code: String(order.id) })).statusCode).toBe(404);
    const cancelled = await t.visitor.post('/api/ordersCancelByCode', { code: order.token });
    expect(cancelled.json()).toMatchObject({ result: true, message: message('orderCancelled') });
  });

  test('ordersRecheckByUser: a member asks about their own payments; staff about any member’s', async () => {
    expect((await t.visitor.get('/api/ordersRecheckByUser')).statusCode).toBe(401);
    expect((await owner.get('/api/ordersRecheckByUser')).statusCode).toBe(200);
    expect((await other.get(`/api/ordersRecheckByUser?user_id=${owner.id}`)).statusCode).toBe(403);
    expect((await owner.get(`/api/ordersRecheckByUser?user_id=${owner.id}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/ordersRecheckByUser?user_id=${owner.id}`)).statusCode).toBe(200);
  });

  test('nobody writes orders or their details through the generic routes', async () => {
    for (const role of ['other', 'owner', 'staff'] as const) {
      const caller = callers[role];
      expect((await caller.post('/api/ordersDetail', { orders_id: waiting.id, product_id: 1 })).statusCode).toBe(404);
      expect((await caller.del(`/api/ordersDetail?id=${waiting.id}`)).statusCode).toBe(404);
      expect((await caller.del(`/api/orders?id=${waiting.id}`)).statusCode).toBe(404);
    }
  });
});

describe('the certificate mark', () => {
  test('orders_certificate Y on a paid order asks the certificate job, which makes the certificate', async () => {
    const refused = await staff.post('/api/ordersUpdate', { id: waiting.id, orders_certificate: 'Y' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(message('orderNotFinished'));

    const marked = await staff.post('/api/ordersUpdate', { id: finished.id, orders_certificate: 'Y' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.orders_certificate).toBe('Y');
    const queued = await t.db.select().from(job).where(eq(job.name, 'certificate.issue'));
    expect(queued.map((j) => j.payload)).toEqual([{ reason: 'order', orders_id: finished.id }]);

    await t.app.ctx.jobs.runDue();
    const made = await t.db
      .select()
      .from(certificate)
      .where(and(eq(certificate.user_id, owner.id!), eq(certificate.product_id, courseIds[1]!)));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ orders_id: finished.id });
    expect(made[0]!.path).toBeTruthy();
  });
});
