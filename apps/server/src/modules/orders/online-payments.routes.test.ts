import { createHmac } from 'node:crypto';
import { baht } from '@sikkha/contract/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, SURCHARGE, testApp } from '../../../test/app.js';
import { mailOutbox, notification, orders, paymentCharge, product } from '../../db/schema/index.js';
import { SANDBOX_PREFIX, SANDBOX_SIGNATURE_HEADER } from '../../providers/payments/sandbox/sandbox.js';

// The embedded default's gateway is the built-in sandbox: the real flow (a card token from its script, charges,
// a 3-D Secure page, signed notifications, getCharge as the truth) on the shop's own server.
let t: Awaited<ReturnType<typeof testApp>>;
let member: Caller;

async function course(title: string, price: number) {
  const [row] = await t.db
    .insert(product)
    .values({ product_title: title, product_price: baht(price), product_status: 'Show' })
    .returning({ id: product.id });
  return row!.id;
}

async function place(productId: number, typeId: number) {
  const res = await member.post('/api/orders', {
    order: { orders_payment_type_id: typeId },
    ordersDetail: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; token: string; amount: number; fee: number; orders_net: number };
}

async function cardToken(number: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/tokens`,
    payload: { card: { number, expiration_month: 12, expiration_year: 2030, security_code: '123' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

/** A person's choice on one of the sandbox's pages (3-D Secure, union-pay, the test QR). */
const decide = (path: string, decision: 'pay' | 'fail') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });

const statusOf = async (id: number) =>
  (await t.db.select({ s: orders.orders_status }).from(orders).where(eq(orders.id, id)))[0]!.s;

beforeAll(async () => {
  t = await testApp({ env: { FEE_FACTOR: SURCHARGE } });
  member = await t.member('gateway-buyer@example.com');
});
afterAll(() => t?.close());

describe('card through the gateway', () => {
  test('a good card pays the net plus the fee line, and the order finishes', async () => {
    const order = await place(await course('บัตรผ่าน', 1990), 1);
    expect(order).toMatchObject({ orders_net: 1990, fee: 53.23, amount: 2043.23 });
    const page = (await t.visitor.get(`/api/ordersByRef?ref=${order.token}`)).json().data;
    expect(page.card).toMatchObject({ gateway: 'sandbox', kind: 'omise-js' });
    expect(page.qr).toBeNull();

    const paid = await member.post('/api/ordersPay', { ref: order.token, token: await cardToken('4242424242424242') });
    expect(paid.json()).toMatchObject({ result: true, data: { status: 'paid', authorizeUrl: null } });
    expect(await statusOf(order.id)).toBe('finish');
    const [charge] = await t.db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id));
    expect(charge).toMatchObject({ gateway: 'sandbox', status: 'paid', amount: 2043.23 });
    // Every amount the member reads for the order is what was charged: the paid mail and "my orders".
    await t.app.ctx.jobs.runDue();
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.mail_to, 'gateway-buyer@example.com'));
    expect(mail?.text ?? '').toContain('2,043.23');
    const mine = (await member.get('/api/ordersMine')).json().data;
    const listed = mine.find((o: { id: number }) => o.id === order.id);
    expect(listed).toMatchObject({ orders_net: 1990, fee: 53.23, orders_status: 'finish', orders_refunded: 0 });
    const stranger = await t.member('gateway-mine-stranger@example.com');
    expect((await stranger.get('/api/ordersMine')).json().data).toEqual([]);
  });

  test('a declined card leaves the order waiting and says the bank refused', async () => {
    const order = await place(await course('บัตรไม่ผ่าน', 500), 1);
    const declined = await member.post('/api/ordersPay', {
      ref: order.token,
      token: await cardToken('4000000000000002'),
    });
    expect(declined.json()).toMatchObject({ result: false, data: { status: 'failed' } });
    expect(await statusOf(order.id)).toBe('wait');
    // Another member cannot pay it, nor can a guessed reference.
    const stranger = await t.member('gateway-stranger@example.com');
    expect((await stranger.post('/api/ordersPay', { ref: order.token, token: 'x' })).statusCode).toBe(404);
    expect((await member.post('/api/ordersPay', { ref: 'guessed', token: 'x' })).statusCode).toBe(404);
  });

  test('3-D Secure: the authorize page, a signed notification, the return to #gateway-success', async () => {
    const order = await place(await course('บัตร 3DS', 990), 1);
    const pending = (
      await member.post('/api/ordersPay', { ref: order.token, token: await cardToken('4000000000003220') })
    ).json().data;
    expect(pending.status).toBe('pending');
    const authorize = new URL(pending.authorizeUrl, 'http://localhost');
    expect(await statusOf(order.id)).toBe('wait');

    const back = await decide(authorize.pathname, 'pay');
    expect(back.statusCode).toBe(303);
    const callback = new URL(back.headers.location as string);
    expect(callback.pathname).toBe('/order/callback');
    expect(await statusOf(order.id)).toBe('finish');
    const landed = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/courses/onlyOrder#gateway-success');
  });

  test('a failed 3-D Secure returns to #gateway-fail', async () => {
    const order = await place(await course('บัตร 3DS ไม่ผ่าน', 990), 1);
    const pending = (
      await member.post('/api/ordersPay', { ref: order.token, token: await cardToken('4000000000003220') })
    ).json().data;
    const back = await decide(new URL(pending.authorizeUrl, 'http://localhost').pathname, 'fail');
    const callback = new URL(back.headers.location as string);
    const landed = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(landed.headers.location).toBe('/courses/onlyOrder#gateway-fail');
    expect(await statusOf(order.id)).toBe('wait');
  });
});

describe('notifications', () => {
  test('a forged notification moves nothing; the same one ten times finishes once and notifies once', async () => {
    const order = await place(await course('แจ้งซ้ำ', 750), 8);
    const started = (await member.post('/api/ordersPay', { ref: order.token })).json().data;
    expect(started.redirect_url).toMatch(/\/authorize\//);
    const [charge] = await t.db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id));

    const body = JSON.stringify({ object: 'event', key: 'charge.complete', id: charge!.charge_id, status: 'paid' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/order/notify',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'f'.repeat(64) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);

    // The person pays on the gateway's page, whose notification finishes the order; the same notification, signed
    // as the sandbox signs it, then arrives ten times at once.
    await decide(new URL(started.redirect_url, 'http://localhost').pathname, 'pay');
    expect(await statusOf(order.id)).toBe('finish');
    const secret = createHmac('sha256', t.app.ctx.config.jwtSecret).update('payments-sandbox').digest('hex');
    const key = createHmac('sha256', secret).update('sandbox-gateway').digest();
    const event = JSON.stringify({ object: 'event', key: 'charge.complete', id: charge!.charge_id, status: 'paid' });
    const replays = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/order/notify',
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: createHmac('sha256', key).update(event).digest('hex'),
          },
          payload: event,
        }),
      ),
    );
    expect(replays.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const landed = await t.app.inject({ method: 'GET', url: `/order/callback?ref=${encodeURIComponent(order.token)}` });
    expect(landed.headers.location).toBe('/courses/onlyOrder#gateway-success');
    const told = await t.db
      .select()
      .from(notification)
      .where(and(eq(notification.user_id, member.id!), eq(notification.notification_message, 'ชำระเงินสำเร็จ: แจ้งซ้ำ')));
    expect(told).toHaveLength(1);
  });
});

describe('gateway QR', () => {
  test('the QR is the gateway’s charge; paid on its page, the member’s recheck sees it finished', async () => {
    const order = await place(await course('คิวอาร์', 300), 5);
    const page = (await t.visitor.get(`/api/ordersByRef?ref=${order.token}`)).json().data;
    expect(page.qr.payload).toBeTruthy();
    expect(page.qr.image).toMatch(/^data:image\/png;base64,/);
    // Asking again shows the same charge, not a new one.
    const again = (await t.visitor.get(`/api/ordersByRef?ref=${order.token}`)).json().data;
    expect(again.qr.payload).toBe(page.qr.payload);
    expect(await t.db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id))).toHaveLength(1);

    await decide(page.qr.testPayUrl, 'pay');
    const checked = await member.get('/api/ordersRecheckByUser');
    expect(checked.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('finish');
  });
});
