import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { satang } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readBody, sendJson, startHttpDouble } from '../../../test/http-double.js';
import {
  KPGW_MERCHANT_ID,
  KPGW_PUBLIC_KEY,
  KPGW_SECRET_KEY,
  KPGW_SMARTPAY_ID,
  kpgwCards,
  startKpgwDouble,
} from '../../../test/kpgw-double.js';
import { describeGatewayContract } from '../../../test/payment-gateway-contract.js';
import { kpgwGateway } from './kpgw.js';
import { GatewayRefused } from './port.js';

const returnUrl = 'http://shop.test/order/callback';
const order = (ref: string) => ({ orderRef: ref, description: 'คอร์สทดสอบ', returnUrl });
type KpgwDouble = Awaited<ReturnType<typeof startKpgwDouble>>;
const settings = (kbank: { origin: string }) => ({
  apiUrl: kbank.origin,
  scriptUrl: `${kbank.origin}/ui/v2/kpayment.min.js`,
  publicKey: KPGW_PUBLIC_KEY,
  secretKey: KPGW_SECRET_KEY,
  merchantId: KPGW_MERCHANT_ID,
  smartpayId: KPGW_SMARTPAY_ID,
});

/** What a person does on KBank's 3-D Secure or payment page; answers the page that sends them back. */
async function answerPage(url: string, decision: 'pay' | 'fail') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
  });
  return response.text();
}

describeGatewayContract('KPGW', async () => {
  const kbank = await startKpgwDouble({ resultUrl: returnUrl });
  return {
    gateway: kpgwGateway(settings(kbank)),
    cardToken: async (card) => kbank.token(kpgwCards[card]),
    answerPage,
    payQr: (id) => kbank.payQr(id),
    expireQr: async (id) => kbank.expire(id),
    lastNotification: () => kbank.notices.at(-1)!,
    withSecretKey: (secretKey) => kpgwGateway({ ...settings(kbank), secretKey }),
    unreachable: () => kpgwGateway({ ...settings(kbank), apiUrl: 'http://127.0.0.1:9' }),
    close: () => kbank.close(),
  };
});

let kbank: KpgwDouble;
let gateway: ReturnType<typeof kpgwGateway>;
beforeAll(async () => {
  kbank = await startKpgwDouble({ resultUrl: returnUrl });
  gateway = kpgwGateway(settings(kbank));
});
afterAll(() => kbank.close());

describe('KPGW’s wire format', () => {
  test('amounts go out as decimal baht and come back as satang', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000001'),
      token: kbank.token(kpgwCards.success),
      amount: satang(199_050),
    });
    expect(kbank.requests.at(-1)?.body).toMatchObject({
      amount: 1990.5,
      currency: 'THB',
      reference_order: 'SPSK0000000001',
    });
    expect((await gateway.getCharge(made.chargeId)).amount).toBe(199_050);
  });

  test('after 3-D Secure, KBank posts the charge id back to the result URL', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000003'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    expect(made.authorizeUrl).toBe(`${kbank.origin}/3ds/${made.chargeId}`);
    const back = await answerPage(made.authorizeUrl!, 'pay');
    expect(back).toContain(`action="${returnUrl}"`);
    expect(back).toContain(`value="${made.chargeId}"`);
  });

  test('a QR order is drawn by KBank’s script with the public key and order id', async () => {
    const expiresAt = new Date('2026-11-22T04:00:00Z');
    const qr = await gateway.createQrCharge({
      orderRef: 'SPSK0000000006',
      amount: satang(99_000),
      description: 'QR',
      expiresAt,
    });
    expect(kbank.requests.at(-1)).toMatchObject({ path: '/qr/v2/order', body: { amount: 990, source_type: 'qr' } });
    expect(qr).toEqual({
      chargeId: qr.chargeId,
      display: {
        kind: 'script',
        scriptUrl: `${kbank.origin}/ui/v2/kpayment.min.js`,
        publicKey: KPGW_PUBLIC_KEY,
        orderId: qr.chargeId,
      },
      expiresAt,
    });
    expect(qr.chargeId).toMatch(/^order_/);
  });

  test('union-pay is paid at KBank’s redirect_url', async () => {
    const made = await gateway.createRedirectCharge({
      ...order('SPSK0000000008'),
      method: 'unionpay',
      amount: satang(120_000),
    });
    expect(kbank.requests.at(-1)?.body).toMatchObject({ source_type: 'unionpay', amount: 1200 });
    expect(made.redirectUrl).toBe(`${kbank.origin}/redirect/${made.chargeId}`);
    await answerPage(made.redirectUrl, 'pay');
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
  });

  test('smart-pay charges the card token with the merchant id, smart-pay id and term', async () => {
    await gateway.createRedirectCharge({
      ...order('SPSK0000000009'),
      method: 'smartpay',
      amount: satang(600_000),
      token: kbank.token(kpgwCards.success),
      installmentTerm: 6,
    });
    expect(kbank.requests.at(-1)?.body).toMatchObject({
      source_type: 'card',
      mode: 'token',
      additional_data: { mid: KPGW_MERCHANT_ID, smartpay_id: KPGW_SMARTPAY_ID, term: 6 },
    });
  });

  test('a notification counts only with KBank’s checksum over its fields', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000010'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    await answerPage(made.authorizeUrl!, 'pay');
    const notice = kbank.notices.at(-1)!;
    const headers = notice.headers;
    expect(gateway.verifyNotification(headers, Buffer.from(notice.body))).toEqual({ chargeId: made.chargeId });

    const body = JSON.parse(notice.body) as Record<string, unknown>;
    const forged = (changes: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...body, ...changes }));
    expect(gateway.verifyNotification(headers, forged({ amount: 1 }))).toBeNull();
    expect(gateway.verifyNotification(headers, forged({ checksum: undefined }))).toBeNull();
    expect(gateway.verifyNotification(headers, forged({ checksum: '0'.repeat(64) }))).toBeNull();
    expect(gateway.verifyNotification(headers, forged({ checksum: 'not hex' }))).toBeNull();
    expect(gateway.verifyNotification(headers, Buffer.from('not json'))).toBeNull();
    expect(gateway.verifyNotification({ 'content-type': 'text/plain' }, Buffer.from(notice.body))).toBeNull();
  });

  test('a wrong secret key is KBank’s unauthorized', async () => {
    const wrong = kpgwGateway({ ...settings(kbank), secretKey: 'skey_wrong' });
    await expect(wrong.getCharge('chrg_test_1')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  test('the browser’s card form is KBank’s, with the public key and merchant id', () => {
    expect(gateway.cardForm()).toEqual({
      gateway: 'kpgw',
      kind: 'kpayment',
      scriptUrl: `${kbank.origin}/ui/v2/kpayment.min.js`,
      publicKey: KPGW_PUBLIC_KEY,
      merchantId: KPGW_MERCHANT_ID,
      smartpayId: KPGW_SMARTPAY_ID,
    });
    expect(gateway.methods).toEqual(['qr', 'card', 'smartpay', 'unionpay']);
  });
});

/** KBank's transaction as the extended double keeps it: the shared double's object, with what refunds add. */
type LiveTransaction = NonNullable<ReturnType<KpgwDouble['transaction']>> & {
  created?: string;
  refund_amount?: number;
};

/** `YYYYMMDDHHmmSSsss` in Bangkok time, as KBank's sample charge shows `created`. */
const bangkokStamp = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 17);

/**
 * KPGW's void and refund as docs/PAYMENTS.md assumes them, in front of the shared KBank double
 * (`test/kpgw-double.ts`, outside this change's files), whose transactions it reads and changes:
 * `POST /card/v2/charge/{id}/void` and `POST /qr/v2/order/{id}/void` (a pending one; a paid one only on the day it
 * was made, Bangkok time, before its batch is settled), `POST .../{id}/refund` (`amount` in decimal baht, at most
 * what is left; `refund_amount` grows), and `created` on every transaction, from `clock`. `settle(id)` closes a paid
 * charge's batch early; `outage` answers 503. Anything else goes to the shared double as it is.
 */
async function startKpgwWithRefunds(clock: { now(): Date }) {
  const kbank = await startKpgwDouble({ resultUrl: returnUrl });
  const settled = new Set<string>();
  const calls: { method: string; path: string; body: string }[] = [];
  const control = {
    outage: false,
    /** Runs just before a void is answered: what happens at KBank while the shop's call is on its way. */
    beforeVoid: undefined as ((id: string) => Promise<void>) | undefined,
  };
  const live = (id: string) => kbank.transaction(id) as LiveTransaction | undefined;
  const refuse = (response: ServerResponse, status: number, code: string, message: string) =>
    sendJson(response, status, { object: 'error', status: 'fail', code, message });

  const front = await startHttpDouble(async (request, url, response) => {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const path = url.pathname;
    calls.push({ method: request.method ?? '', path, body: raw });
    if (control.outage) return refuse(response, 503, 'service_unavailable', 'down for the test');

    const verb = /^\/(card\/v2\/charge|qr\/v2\/order)\/(\w+)\/(void|refund)$/.exec(path);
    if (!verb) {
      const forwarded = await fetch(`${kbank.origin}${path}${url.search}`, {
        method: request.method,
        headers: { 'x-api-key': String(request.headers['x-api-key'] ?? ''), 'content-type': 'application/json' },
        body: raw || undefined,
      });
      const text = await forwarded.text();
      if (request.method === 'POST' && forwarded.ok) {
        const made = live((JSON.parse(text) as { id: string }).id)!;
        made.created = bangkokStamp(clock.now());
        return sendJson(response, 200, made);
      }
      response.writeHead(forwarded.status, { 'content-type': 'application/json' });
      return response.end(text);
    }

    if (request.headers['x-api-key'] !== KPGW_SECRET_KEY)
      return refuse(response, 401, 'unauthorized', 'Invalid API key');
    const [, kind, id, action] = verb;
    const transaction = live(id!);
    if (!transaction || transaction.object !== (kind === 'qr/v2/order' ? 'order' : 'charge')) {
      return refuse(response, 404, 'not_found', 'transaction not found');
    }
    const paid = transaction.transaction_state === 'Authorized' && transaction.status === 'success';
    if (action === 'void') {
      await control.beforeVoid?.(transaction.id);
      const pending = ['Initialize', 'Pre-Authorized'].includes(transaction.transaction_state);
      const sameDay = transaction.created?.slice(0, 8) === bangkokStamp(clock.now()).slice(0, 8);
      if (!pending && !(paid && sameDay && !settled.has(transaction.id))) {
        return refuse(response, 400, 'void_not_allowed', 'only an unsettled transaction of today can be voided');
      }
      transaction.transaction_state = 'Voided';
      return sendJson(response, 200, transaction);
    }
    if (!paid) return refuse(response, 400, 'invalid_state', 'only an authorized transaction can be refunded');
    const amount = (JSON.parse(raw || '{}') as { amount?: unknown }).amount;
    const done = Math.round((transaction.refund_amount ?? 0) * 100);
    if (
      typeof amount !== 'number' ||
      !(amount > 0) ||
      Math.round(amount * 100) !== amount * 100 ||
      Math.round(amount * 100) > Math.round(transaction.amount * 100) - done
    ) {
      return refuse(response, 400, 'invalid_amount', 'amount is more than what is left to refund');
    }
    transaction.refund_amount = (done + Math.round(amount * 100)) / 100;
    return sendJson(response, 200, {
      id: `rfnd_test_${randomBytes(10).toString('hex')}`,
      object: 'refund',
      amount,
      currency: 'THB',
      status: 'success',
      charge_id: transaction.id,
    });
  });

  return {
    ...kbank,
    origin: front.origin,
    calls,
    control,
    settle: (id: string) => settled.add(id),
    close: async () => {
      await front.close();
      await kbank.close();
    },
  };
}

describe('KPGW: cancelling, refunding and listing charges', () => {
  // 10:00 in Bangkok on 23 November 2026.
  let now = new Date('2026-11-23T03:00:00Z');
  const clock = { now: () => now };
  let kbank: Awaited<ReturnType<typeof startKpgwWithRefunds>>;
  let gateway: ReturnType<typeof kpgwGateway>;
  beforeAll(async () => {
    kbank = await startKpgwWithRefunds(clock);
    gateway = kpgwGateway(settings(kbank), clock);
  });
  afterAll(() => kbank.close());

  const calledFor = (id: string) =>
    kbank.calls.filter((c) => c.method === 'POST' && c.path.includes(`/${id}/`)).map((c) => c.path);
  const paid = async (ref: string, amount = satang(150_050)) =>
    gateway.chargeCard({ ...order(ref), token: kbank.token(kpgwCards.success), amount });

  test('a card waiting at 3-D Secure is voided: KBank’s Voided is not paid, and its page no longer pays', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000101'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    expect(await gateway.cancelCharge(made.chargeId)).toMatchObject({ chargeId: made.chargeId, status: 'failed' });
    expect(calledFor(made.chargeId)).toEqual([`/card/v2/charge/${made.chargeId}/void`]);
    await answerPage(made.authorizeUrl!, 'pay');
    expect((await gateway.getCharge(made.chargeId)).status).toBe('failed');
  });

  test('a QR order is voided on its own path', async () => {
    const qr = await gateway.createQrCharge({
      orderRef: 'SPSK0000000102',
      amount: satang(99_000),
      description: 'QR',
      expiresAt: new Date(now.getTime() + 900_000),
    });
    expect((await gateway.cancelCharge(qr.chargeId)).status).toBe('failed');
    expect(calledFor(qr.chargeId)).toEqual([`/qr/v2/order/${qr.chargeId}/void`]);
  });

  test('a paid charge answers paid and is left alone: the caller finishes its order', async () => {
    const made = await paid('SPSK0000000103');
    expect(await gateway.cancelCharge(made.chargeId)).toMatchObject({ status: 'paid', amount: 150_050 });
    expect(calledFor(made.chargeId)).toEqual([]);
  });

  test('paid and settled while the void is on the way: KBank refuses it, and the charge answers paid', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000104'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    kbank.control.beforeVoid = async (id) => {
      await answerPage(made.authorizeUrl!, 'pay');
      kbank.settle(id);
    };
    try {
      expect((await gateway.cancelCharge(made.chargeId)).status).toBe('paid');
    } finally {
      kbank.control.beforeVoid = undefined;
    }
  });

  test('a full refund on the day of the charge is a void; asked again, it is the same void', async () => {
    const made = await paid('SPSK0000000105');
    const input = { chargeId: made.chargeId, amount: satang(150_050), idempotencyKey: 'rf-105' };
    expect(await gateway.refund(input)).toEqual({ refundId: made.chargeId, amount: 150_050, status: 'done' });
    expect(await gateway.refund(input)).toEqual({ refundId: made.chargeId, amount: 150_050, status: 'done' });
    expect(calledFor(made.chargeId)).toEqual([`/card/v2/charge/${made.chargeId}/void`]);
    expect((await gateway.getCharge(made.chargeId)).status).toBe('failed');
    // Part of a voided charge cannot be given back again.
    await expect(gateway.refund({ ...input, amount: satang(100) })).rejects.toBeInstanceOf(GatewayRefused);
  });

  test('after midnight in Bangkok (still the same day in UTC) a full refund is a refund, in decimal baht', async () => {
    now = new Date('2026-11-23T16:30:00Z'); // 23:30 in Bangkok
    const made = await paid('SPSK0000000106');
    now = new Date('2026-11-23T17:30:00Z'); // 00:30 the next day in Bangkok
    try {
      const refund = await gateway.refund({
        chargeId: made.chargeId,
        amount: satang(150_050),
        idempotencyKey: 'rf-106',
      });
      expect(refund).toEqual({ refundId: expect.stringMatching(/^rfnd_test_/), amount: 150_050, status: 'done' });
      expect(calledFor(made.chargeId)).toEqual([`/card/v2/charge/${made.chargeId}/refund`]);
      expect(JSON.parse(kbank.calls.at(-1)!.body)).toEqual({ amount: 1500.5, currency: 'THB' });
      expect(await gateway.getCharge(made.chargeId)).toMatchObject({ status: 'paid', refunded: 150_050 });
    } finally {
      now = new Date('2026-11-23T03:00:00Z');
    }
  });

  test('part of a charge is refunded even on its day; then the rest, and no more', async () => {
    const made = await paid('SPSK0000000107');
    const part = await gateway.refund({ chargeId: made.chargeId, amount: satang(50_000), idempotencyKey: 'rf-107-a' });
    expect(part).toMatchObject({ amount: 50_000, status: 'done' });
    expect(JSON.parse(kbank.calls.at(-1)!.body)).toEqual({ amount: 500, currency: 'THB' });
    const over = gateway.refund({ chargeId: made.chargeId, amount: satang(100_051), idempotencyKey: 'rf-107-b' });
    await expect(over).rejects.toBeInstanceOf(GatewayRefused);
    await expect(over).rejects.toMatchObject({ code: 'invalid_amount' });
    // What is left is a partial refund too: not a void, though it empties the charge.
    await gateway.refund({ chargeId: made.chargeId, amount: satang(100_050), idempotencyKey: 'rf-107-c' });
    expect(calledFor(made.chargeId).every((p) => p.endsWith('/refund'))).toBe(true);
    expect((await gateway.getCharge(made.chargeId)).refunded).toBe(150_050);
  });

  test('a charge settled before midnight cannot be voided: the full refund falls back to a refund', async () => {
    const made = await paid('SPSK0000000108');
    kbank.settle(made.chargeId);
    const refund = await gateway.refund({ chargeId: made.chargeId, amount: satang(150_050), idempotencyKey: 'rf-108' });
    expect(refund.refundId).toMatch(/^rfnd_test_/);
    expect(calledFor(made.chargeId)).toEqual([
      `/card/v2/charge/${made.chargeId}/void`,
      `/card/v2/charge/${made.chargeId}/refund`,
    ]);
  });

  test('KBank down while refunding is an outage (try again), not a refusal', async () => {
    const made = await paid('SPSK0000000109');
    kbank.control.outage = true;
    try {
      const down = gateway.refund({ chargeId: made.chargeId, amount: satang(10_000), idempotencyKey: 'rf-109' });
      await expect(down).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
      await expect(down).rejects.not.toBeInstanceOf(GatewayRefused);
    } finally {
      kbank.control.outage = false;
    }
  });

  test('with no list at KBank, each known charge of the window is inquired', async () => {
    const card = await paid('SPSK0000000110');
    await gateway.refund({ chargeId: card.chargeId, amount: satang(10_050), idempotencyKey: 'rf-110' });
    const declined = await gateway.chargeCard({
      ...order('SPSK0000000111'),
      token: kbank.token(kpgwCards.decline),
      amount: satang(50_000),
    });
    const qr = await gateway.createQrCharge({
      orderRef: 'SPSK0000000112',
      amount: satang(99_000),
      description: 'QR',
      expiresAt: new Date(now.getTime() + 900_000),
    });
    const before = kbank.calls.length;
    const records = await gateway.listCharges({
      from: new Date('2026-11-22T17:00:00Z'),
      to: new Date('2026-11-23T17:00:00Z'),
      chargeIds: [card.chargeId, declined.chargeId, qr.chargeId],
    });
    expect(kbank.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /card/v2/charge/${card.chargeId}`,
      `GET /card/v2/charge/${declined.chargeId}`,
      `GET /qr/v2/order/${qr.chargeId}`,
      `GET /qr/v2/qr/${qr.chargeId}`,
    ]);
    expect(records).toEqual([
      expect.objectContaining({ chargeId: card.chargeId, status: 'paid', amount: 150_050, refunded: 10_050 }),
      expect.objectContaining({ chargeId: declined.chargeId, status: 'failed', refunded: 0 }),
      expect.objectContaining({ chargeId: qr.chargeId, status: 'pending', orderRef: 'SPSK0000000112', refunded: 0 }),
    ]);
    expect(records.map((r) => r.createdAt)).toEqual([now, now, now]);

    // A charge KBank does not know is left out of the list; it does not stop the run.
    const withUnknown = await gateway.listCharges({
      from: new Date('2026-11-22T17:00:00Z'),
      to: new Date('2026-11-23T17:00:00Z'),
      chargeIds: ['chrg_unknown_to_kbank', card.chargeId],
    });
    expect(withUnknown.map((r) => r.chargeId)).toEqual([card.chargeId]);
  });
});

describe('KPGW: a QR order is paid when its charge says so', () => {
  // KBank's order answer as public integrations show it: what was asked, no transaction_state.
  let kbank: KpgwDouble;
  let gateway: ReturnType<typeof kpgwGateway>;
  beforeAll(async () => {
    kbank = await startKpgwDouble({ resultUrl: returnUrl, qrOrderState: false });
    gateway = kpgwGateway(settings(kbank));
  });
  afterAll(() => kbank.close());

  const qrOrder = (ref: string) =>
    gateway.createQrCharge({ orderRef: ref, amount: satang(99_000), description: 'QR', expiresAt: new Date() });
  const orderAnswer = async (id: string) =>
    (await fetch(`${kbank.origin}/qr/v2/order/${id}`, { headers: { 'x-api-key': KPGW_SECRET_KEY } })).json();

  test('paid: the order answer says nothing of it, the charge inquiry with the order id does', async () => {
    const qr = await qrOrder('SPSK0000000201');
    expect(await gateway.getCharge(qr.chargeId)).toMatchObject({ status: 'pending' });

    await kbank.payQr(qr.chargeId);
    const answer = await orderAnswer(qr.chargeId);
    expect(answer).toMatchObject({ id: qr.chargeId, object: 'order', amount: 990 });
    expect(answer).not.toHaveProperty('transaction_state');
    const asked = kbank.requests.length;
    expect(await gateway.getCharge(qr.chargeId)).toEqual({
      chargeId: qr.chargeId,
      status: 'paid',
      amount: 99_000,
      orderRef: 'SPSK0000000201',
      failureMessage: undefined,
    });
    expect(kbank.requests.slice(asked).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /qr/v2/order/${qr.chargeId}`,
      `GET /qr/v2/qr/${qr.chargeId}`,
    ]);
  });

  test('not paid while the charge says otherwise, whatever the order says', async () => {
    const waiting = await qrOrder('SPSK0000000202');
    kbank.changeCharge(waiting.chargeId, { transaction_state: 'Initialize', status: 'success' });
    expect((await gateway.getCharge(waiting.chargeId)).status).toBe('pending');

    const declined = await qrOrder('SPSK0000000203');
    kbank.changeCharge(declined.chargeId, { transaction_state: 'Declined', status: 'fail' });
    expect((await gateway.getCharge(declined.chargeId)).status).toBe('failed');

    // The double's first shape, the order claiming Authorized: its charge still decides.
    const stated = await startKpgwDouble({ resultUrl: returnUrl });
    try {
      const withState = kpgwGateway(settings(stated));
      const qr = await withState.createQrCharge({
        orderRef: 'SPSK0000000204',
        amount: satang(99_000),
        description: 'QR',
        expiresAt: new Date(),
      });
      stated.change(qr.chargeId, { transaction_state: 'Authorized', status: 'success' });
      stated.changeCharge(qr.chargeId, { transaction_state: 'Pre-Authorized' });
      expect((await withState.getCharge(qr.chargeId)).status).toBe('pending');
      stated.changeCharge(qr.chargeId, { transaction_state: 'Authorized' });
      expect((await withState.getCharge(qr.chargeId)).status).toBe('paid');
    } finally {
      await stated.close();
    }
  });
});
