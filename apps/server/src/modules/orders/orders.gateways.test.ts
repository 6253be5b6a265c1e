import { baht } from '@sikkha/contract/rules';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, SURCHARGE, testApp } from '../../../test/app.js';
import {
  KPGW_MERCHANT_ID,
  KPGW_PUBLIC_KEY,
  KPGW_SECRET_KEY,
  KPGW_SMARTPAY_ID,
  type KpgwNotice,
  kpgwCards,
  startKpgwDouble,
} from '../../../test/kpgw-double.js';
import {
  OPN_PUBLIC_KEY,
  OPN_SECRET_KEY,
  OPN_WEBHOOK_SECRET,
  type OpnWebhook,
  opnCards,
  startOpnDouble,
} from '../../../test/opn-double.js';
import { job, notification, orders, paymentCharge, product } from '../../db/schema/index.js';

// Each gateway payment method end to end through the real app, against local doubles that speak KBank's K-Payment
// Gateway and Opn's documented APIs: the order, the charge, the person's page, the notification, the return.
type App = Awaited<ReturnType<typeof testApp>>;
type Placed = { id: number; token: string; amount: number; expiresAt: string };

const CALLBACK = 'http://shop.test/order/callback';

async function course(t: App, title: string, price: number) {
  const [row] = await t.db
    .insert(product)
    .values({ product_title: title, product_price: baht(price), product_status: 'Show' })
    .returning({ id: product.id });
  return row!.id;
}

async function place(t: App, member: Caller, title: string, typeId: number, price = 990): Promise<Placed> {
  const res = await member.post('/api/orders', {
    order: { orders_payment_type_id: typeId },
    ordersDetail: { product_id: await course(t, title, price) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const statusOf = async (t: App, id: number) =>
  (await t.db.select({ s: orders.orders_status }).from(orders).where(eq(orders.id, id)))[0]!.s;

/** The member's "payment complete" notifications for a course. */
const paidNotices = (t: App, member: Caller, title: string) =>
  t.db
    .select({ id: notification.id })
    .from(notification)
    .where(and(eq(notification.user_id, member.id!), eq(notification.notification_message, `ชำระเงินสำเร็จ: ${title}`)));

/** What a person does on a gateway's page: GET it, then press pay or cancel. */
async function answer(url: string, decision: 'pay' | 'fail') {
  expect((await fetch(url)).status).toBe(200);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
    redirect: 'manual',
  });
}

/** The form KBank's result page posts to the result URL set in its portal (`objectId`, `status`). */
function resultForm(html: string) {
  const action = /action="([^"]*)"/.exec(html)?.[1];
  const fields = [...html.matchAll(/<input name="(\w+)" value="([^"]*)">/g)].map((m): [string, string] => [
    m[1]!,
    m[2]!,
  ]);
  return { action, body: new URLSearchParams(fields).toString() };
}

describe('KBank K-Payment Gateway', () => {
  let t: App;
  let kbank: Awaited<ReturnType<typeof startKpgwDouble>>;
  let member: Caller;
  /** Notifications KBank sent; `hold` keeps them from the shop until a test sends them itself. */
  let hold = false;

  const notify = (notice: KpgwNotice) =>
    t.app.inject({ method: 'POST', url: '/order/notify', headers: notice.headers, payload: notice.body });

  beforeAll(async () => {
    kbank = await startKpgwDouble({ resultUrl: CALLBACK });
    t = await testApp({
      env: {
        PAYMENT_GATEWAY: 'kpgw',
        FEE_FACTOR: SURCHARGE,
        KPGW_API_URL: kbank.origin,
        KPGW_SCRIPT_URL: `${kbank.origin}/ui/v2/kpayment.min.js`,
        KPGW_PUBLIC_KEY,
        KPGW_SECRET_KEY,
        KPGW_MERCHANT_ID,
        KPGW_SMARTPAY_ID,
      },
    });
    kbank.deliverTo(async (notice) => {
      if (!hold) expect((await notify(notice)).statusCode).toBe(200);
    });
    member = await t.member('kpgw-buyer@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await kbank?.close();
  });

  /** The person comes back from KBank's page: its form posts to the shop's result URL. */
  async function comeBack(html: string) {
    const form = resultForm(html);
    expect(form.action).toBe(CALLBACK);
    const back = await t.app.inject({
      method: 'POST',
      url: '/order/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.body,
    });
    expect(back.statusCode).toBe(303);
    return back.headers.location;
  }

  test('card with 3-D Secure: KBank’s page, then the return asks KBank and opens #gateway-success', async () => {
    const order = await place(t, member, 'KPGW บัตร 3DS', 1, 1990);
    const page = (await t.visitor.get(`/api/ordersByRef?ref=${order.token}`)).json().data;
    expect(page.card).toMatchObject({ gateway: 'kpgw', kind: 'kpayment', merchantId: KPGW_MERCHANT_ID });
    const pending = await member.post('/api/ordersPay', {
      ref: order.token,
      token: kbank.token(kpgwCards.threeDSecure),
    });
    expect(pending.json().data).toMatchObject({ status: 'pending' });
    const authorize = pending.json().data.authorizeUrl as string;
    expect(authorize.startsWith(`${kbank.origin}/3ds/`)).toBe(true);
    // KBank was asked for the net plus the fee line, in decimal baht, under the order's reference.
    expect(kbank.requests.find((r) => r.method === 'POST' && r.path === '/card/v2/charge')?.body).toMatchObject({
      amount: order.amount,
      reference_order: `SPSK${String(order.id).padStart(10, '0')}`,
    });

    // The notification is late: the return alone must settle it, by asking KBank.
    hold = true;
    const result = await answer(authorize, 'pay');
    hold = false;
    expect(await statusOf(t, order.id)).toBe('wait');
    expect(await comeBack(await result.text())).toBe('/courses/onlyOrder#gateway-success');
    expect(await statusOf(t, order.id)).toBe('finish');
    // The late notification then settles nothing new.
    expect((await notify(kbank.notices.at(-1)!)).statusCode).toBe(200);
    expect(await paidNotices(t, member, 'KPGW บัตร 3DS')).toHaveLength(1);
    const view = (
      await member.get(
        `/api/courseView?id=${(await member.get(`/api/ordersView?id=${order.id}`)).json().data.product_id}`,
      )
    ).json().data;
    expect(view.state).toBe('finish');
  });

  test('a card refused at 3-D Secure returns to #gateway-fail and the order still waits', async () => {
    const order = await place(t, member, 'KPGW บัตรไม่ผ่าน', 1);
    const pending = (
      await member.post('/api/ordersPay', { ref: order.token, token: kbank.token(kpgwCards.threeDSecure) })
    ).json().data;
    const result = await answer(pending.authorizeUrl, 'fail');
    expect(await comeBack(await result.text())).toBe('/courses/onlyOrder#gateway-fail');
    expect(await statusOf(t, order.id)).toBe('wait');
  });

  test('smart-pay: a card charge with the smart-pay id and term, paid on KBank’s page', async () => {
    const order = await place(t, member, 'KPGW สมาร์ทเพย์', 7, 3000);
    const started = await member.post('/api/ordersPay', {
      ref: order.token,
      token: kbank.token(kpgwCards.success),
      installmentTerm: 6,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(kbank.requests.at(-1)?.body).toMatchObject({
      additional_data: { mid: KPGW_MERCHANT_ID, smartpay_id: KPGW_SMARTPAY_ID, term: 6 },
    });
    const result = await answer(started.json().data.redirect_url, 'pay');
    expect(await statusOf(t, order.id)).toBe('finish');
    expect(await comeBack(await result.text())).toBe('/courses/onlyOrder#gateway-success');
  });

  test('union-pay: the gateway’s redirect_url, paid there, finished by the signed notification', async () => {
    const order = await place(t, member, 'KPGW ยูเนียนเพย์', 8);
    const started = (await member.post('/api/ordersPay', { ref: order.token })).json().data;
    expect(started.redirect_url.startsWith(`${kbank.origin}/redirect/`)).toBe(true);
    expect(kbank.requests.at(-1)?.body).toMatchObject({ source_type: 'unionpay' });
    await answer(started.redirect_url, 'pay');
    expect(await statusOf(t, order.id)).toBe('finish');
  });

  test('ordersRecheckByUser asks KBank about a payment whose notification never came', async () => {
    const order = await place(t, member, 'KPGW ถามซ้ำ', 8);
    const started = (await member.post('/api/ordersPay', { ref: order.token })).json().data;
    hold = true;
    await answer(started.redirect_url, 'pay');
    hold = false;
    expect(await statusOf(t, order.id)).toBe('wait');
    const asked = kbank.requests.length;
    const checked = await member.get('/api/ordersRecheckByUser');
    expect(checked.json().data).toContainEqual({ id: order.id, orders_status: 'finish' });
    expect(kbank.requests.slice(asked).some((r) => r.method === 'GET')).toBe(true);
    expect(await statusOf(t, order.id)).toBe('finish');
  });

  test('gateway QR: KBank’s QR order shown by its script, paid in a bank app, finished by the notification', async () => {
    const order = await place(t, member, 'KPGW คิวอาร์', 5, 450);
    const page = (await t.visitor.get(`/api/ordersByRef?ref=${order.token}`)).json().data;
    expect(page.qr.script).toMatchObject({ publicKey: KPGW_PUBLIC_KEY });
    expect(page.fee).toBe(0);
    const qrOrder = page.qr.script.orderId as string;
    expect(kbank.transaction(qrOrder)).toMatchObject({ amount: 450, source_type: 'qr' });
    await kbank.payQr(qrOrder);
    expect(await statusOf(t, order.id)).toBe('finish');
  });

  test('the same notification ten times at once finishes the order once, notifies and mails once', async () => {
    const title = 'KPGW แจ้งซ้ำ';
    const order = await place(t, member, title, 8);
    const started = (await member.post('/api/ordersPay', { ref: order.token })).json().data;
    hold = true;
    await answer(started.redirect_url, 'pay');
    hold = false;
    const notice = kbank.notices.at(-1)!;
    expect(await statusOf(t, order.id)).toBe('wait');

    const forged = { ...notice, body: notice.body.replace(/"checksum":"\w+"/, `"checksum":"${'0'.repeat(64)}"`) };
    expect((await notify(forged)).statusCode).toBe(401);
    expect(await statusOf(t, order.id)).toBe('wait');

    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(notice)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await statusOf(t, order.id)).toBe('finish');
    expect(await paidNotices(t, member, title)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(job)
        .where(like(job.key, `orders.paid:${order.id}`)),
    ).toHaveLength(1);
    const [row] = await t.db.select({ no: orders.order_no }).from(orders).where(eq(orders.id, order.id));
    expect(row!.no).toMatch(/^RC\d{4}-\d{6}$/);
    const [charge] = await t.db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id));
    expect(charge).toMatchObject({ gateway: 'kpgw', status: 'paid' });
  });

  test('expiry: an unpaid card order lapses after the gateway’s hour (not 3 days); a QR paid, never notified, finishes', async () => {
    const staff = await t.staff('kpgw-staff');
    const card = await place(t, member, 'KPGW ไม่ได้จ่าย', 1);
    const qr = await place(t, member, 'KPGW จ่ายแต่ไม่แจ้ง', 5, 350);
    expect(new Date(card.expiresAt).getTime() - t.clock.now().getTime()).toBe(60 * 60_000);
    const page = (await t.visitor.get(`/api/ordersByRef?ref=${qr.token}`)).json().data;
    hold = true;
    await kbank.payQr(page.qr.script.orderId);
    hold = false;
    expect(await statusOf(t, qr.id)).toBe('wait');

    t.clock.advance(59 * 60_000);
    await t.app.ctx.jobs.runDue();
    expect([await statusOf(t, card.id), await statusOf(t, qr.id)]).toEqual(['wait', 'wait']);
    t.clock.advance(2 * 60_000);
    await t.app.ctx.jobs.runDue();
    // The expiry job asked KBank first: the paid QR finished, the unpaid card order was cancelled.
    expect([await statusOf(t, card.id), await statusOf(t, qr.id)]).toEqual(['cancel', 'finish']);
    const listed = (await staff.get('/api/ordersExpire')).json().data.map((o: { id: number }) => o.id);
    expect(listed).toContain(card.id);
    expect(listed).not.toContain(qr.id);
  });
});

describe('Opn Payments', () => {
  let t: App;
  let opn: Awaited<ReturnType<typeof startOpnDouble>>;
  let member: Caller;

  const notify = (webhook: OpnWebhook) =>
    t.app.inject({ method: 'POST', url: '/order/notify', headers: webhook.headers, payload: webhook.body });

  beforeAll(async () => {
    opn = await startOpnDouble();
    t = await testApp({
      env: {
        PAYMENT_GATEWAY: 'opn',
        FEE_FACTOR: SURCHARGE,
        OPN_API_URL: opn.origin,
        OPN_SCRIPT_URL: `${opn.origin}/omise.js`,
        OPN_PUBLIC_KEY,
        OPN_SECRET_KEY,
        OPN_WEBHOOK_SECRET,
      },
    });
    opn.deliverTo(async (webhook) => {
      expect((await notify(webhook)).statusCode).toBe(200);
    });
    member = await t.member('opn-buyer@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await opn?.close();
  });

  /** Opn sends the person back to the return URL the shop gave: our callback with the page's reference. */
  async function comeBack(location: string) {
    const url = new URL(location);
    expect(url.pathname).toBe('/order/callback');
    const back = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(back.statusCode).toBe(303);
    return back.headers.location;
  }

  test('a card without 3-D Secure is paid at once, in satang', async () => {
    const order = await place(t, member, 'Opn บัตร', 1, 1990);
    const paid = await member.post('/api/ordersPay', { ref: order.token, token: await opn.token(opnCards.success) });
    expect(paid.json()).toMatchObject({ result: true, data: { status: 'paid' } });
    expect(opn.requests.find((r) => r.path === '/charges')?.body).toMatchObject({
      amount: Math.round(order.amount * 100),
      currency: 'THB',
    });
    expect(await statusOf(t, order.id)).toBe('finish');
  });

  test('card with 3-D Secure: authorize_uri, then back to #gateway-success', async () => {
    const order = await place(t, member, 'Opn บัตร 3DS', 1);
    const pending = (
      await member.post('/api/ordersPay', { ref: order.token, token: await opn.token(opnCards.threeDSecure) })
    ).json().data;
    expect(pending.status).toBe('pending');
    const back = await answer(pending.authorizeUrl, 'pay');
    expect(back.status).toBe(302);
    expect(await comeBack(back.headers.get('location')!)).toBe('/courses/onlyOrder#gateway-success');
    expect(await statusOf(t, order.id)).toBe('finish');
    expect(await paidNotices(t, member, 'Opn บัตร 3DS')).toHaveLength(1);
  });

  test('a declined card answers the bank’s refusal', async () => {
    const order = await place(t, member, 'Opn บัตรถูกปฏิเสธ', 1);
    const declined = await member.post('/api/ordersPay', {
      ref: order.token,
      token: await opn.token(opnCards.decline),
    });
    expect(declined.json()).toMatchObject({ result: false, message: 'รายการถูกปฏิเสธโดยธนาคาร' });
    expect(await statusOf(t, order.id)).toBe('wait');
  });

  test('smart-pay is KBank instalments at Opn: paid on its page, finished by the signed webhook', async () => {
    const order = await place(t, member, 'Opn ผ่อน', 7, 5000);
    const started = (await member.post('/api/ordersPay', { ref: order.token, installmentTerm: 4 })).json().data;
    expect(opn.requests.at(-1)?.body).toMatchObject({ source: { type: 'installment_kbank', installment_term: 4 } });
    const back = await answer(started.redirect_url, 'pay');
    expect(await statusOf(t, order.id)).toBe('finish');
    expect(await comeBack(back.headers.get('location')!)).toBe('/courses/onlyOrder#gateway-success');
  });

  test('union-pay is not offered by Opn', async () => {
    const res = await member.post('/api/orders', {
      order: { orders_payment_type_id: 8 },
      ordersDetail: { product_id: await course(t, 'Opn ยูเนียนเพย์', 990) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('ช่องทางการชำระเงินนี้ปิดให้บริการ');
  });

  test('PromptPay through Opn: its QR image, scanned and paid, finishes the order', async () => {
    const order = await place(t, member, 'Opn พร้อมเพย์', 5, 300);
    const page = (await t.visitor.get(`/api/ordersByRef?ref=${order.token}`)).json().data;
    expect(page.qr.image).toBeTruthy();
    const [charge] = await t.db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id));
    expect(opn.charge(charge!.charge_id)).toMatchObject({ amount: 30_000, source: { type: 'promptpay' } });
    await opn.payQr(charge!.charge_id);
    expect(await statusOf(t, order.id)).toBe('finish');
  });
});
