import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { satang } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readBody, sendJson, startHttpDouble } from '../../../test/http-double.js';
import {
  OPN_PUBLIC_KEY,
  OPN_SECRET_KEY,
  OPN_WEBHOOK_SECRET,
  opnCards,
  opnSignature,
  startOpnDouble,
} from '../../../test/opn-double.js';
import { describeGatewayContract } from '../../../test/payment-gateway-contract.js';
import { opnGateway } from './opn.js';
import { GatewayRefused } from './port.js';

const returnUrl = 'http://shop.test/order/callback?ref=x';
const order = (ref: string) => ({ orderRef: ref, description: 'คอร์สทดสอบ', returnUrl });
type OpnDouble = Awaited<ReturnType<typeof startOpnDouble>>;
const settings = (opn: { origin: string }) => ({
  apiUrl: opn.origin,
  scriptUrl: 'https://cdn.omise.co/omise.js',
  publicKey: OPN_PUBLIC_KEY,
  secretKey: OPN_SECRET_KEY,
  webhookSecret: OPN_WEBHOOK_SECRET,
});

/** The person on Opn's authorize page; answers where they are sent back to. */
async function authorize(url: string, decision: 'pay' | 'fail') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
    redirect: 'manual',
  });
  return response.headers.get('location');
}

describeGatewayContract('Opn', async () => {
  const opn = await startOpnDouble();
  return {
    gateway: opnGateway(settings(opn)),
    cardToken: (card) => opn.token(opnCards[card]),
    answerPage: authorize,
    payQr: (id) => opn.payQr(id),
    expireQr: (id) => opn.expire(id),
    lastNotification: () => opn.webhooks.at(-1)!,
    withSecretKey: (secretKey) => opnGateway({ ...settings(opn), secretKey }),
    unreachable: () => opnGateway({ ...settings(opn), apiUrl: 'http://127.0.0.1:9' }),
    close: () => opn.close(),
  };
});

let opn: OpnDouble;
let gateway: ReturnType<typeof opnGateway>;
beforeAll(async () => {
  opn = await startOpnDouble();
  gateway = opnGateway(settings(opn));
});
afterAll(() => opn.close());

describe('Opn’s wire format', () => {
  test('a card charge goes out in satang with the order in its metadata and the return URI', async () => {
    await gateway.chargeCard({
      ...order('SPSK0000000001'),
      token: await opn.token(opnCards.success),
      amount: satang(199_050),
    });
    expect(opn.requests.at(-1)?.body).toMatchObject({
      amount: 199_050,
      currency: 'THB',
      metadata: { orderRef: 'SPSK0000000001' },
      return_uri: returnUrl,
    });
  });

  test('after 3-D Secure, authorize_uri sends the person back to return_uri', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000003'),
      token: await opn.token(opnCards.threeDSecure),
      amount: satang(150_000),
    });
    expect(made.authorizeUrl).toBe(`${opn.origin}/payments/${made.chargeId}/authorize`);
    expect(await authorize(made.authorizeUrl!, 'pay')).toBe(returnUrl);
  });

  test('an amount under Opn’s minimum is a refusal', async () => {
    const small = gateway.chargeCard({
      ...order('SPSK0000000006'),
      token: await opn.token(opnCards.success),
      amount: satang(1_000),
    });
    await expect(small).rejects.toBeInstanceOf(GatewayRefused);
  });

  test('a PromptPay charge shows Opn’s QR image until the earlier of its expiry and ours', async () => {
    const ours = new Date(Date.now() + 15 * 60_000);
    const qr = await gateway.createQrCharge({
      orderRef: 'SPSK0000000007',
      amount: satang(99_000),
      description: 'QR',
      expiresAt: ours,
    });
    expect(opn.requests.at(-1)?.body).toMatchObject({ source: { type: 'promptpay' }, amount: 99_000 });
    expect(qr.display).toEqual({ kind: 'image', url: `${opn.origin}/qr/${qr.chargeId}.svg` });
    expect(qr.expiresAt).toEqual(ours);
    const later = await gateway.createQrCharge({
      orderRef: 'SPSK0000000007',
      amount: satang(99_000),
      description: 'QR',
      expiresAt: new Date(Date.now() + 3 * 86_400_000),
    });
    expect(later.expiresAt).toEqual(new Date(opn.charge(later.chargeId)!.expires_at));
  });

  test('smart-pay is a KBank instalment source; union-pay is not offered', async () => {
    await gateway.createRedirectCharge({
      ...order('SPSK0000000009'),
      method: 'smartpay',
      amount: satang(600_000),
      installmentTerm: 6,
    });
    expect(opn.requests.at(-1)?.body).toMatchObject({
      source: { type: 'installment_kbank', installment_term: 6 },
      return_uri: returnUrl,
    });
    expect(gateway.methods).not.toContain('unionpay');
    await expect(
      gateway.createRedirectCharge({ ...order('SPSK0000000010'), method: 'unionpay', amount: satang(600_000) }),
    ).rejects.toThrow();
  });

  test('a webhook counts only with Opn’s signature over its timestamp and raw body', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000011'),
      token: await opn.token(opnCards.threeDSecure),
      amount: satang(150_000),
    });
    await authorize(made.authorizeUrl!, 'pay');
    const { headers, body } = opn.webhooks.at(-1)!;
    const raw = Buffer.from(body);
    expect(gateway.verifyNotification(headers, raw)).toEqual({ chargeId: made.chargeId });

    const timestamp = headers['omise-signature-timestamp']!;
    // During a secret's rotation Opn sends two signatures: either may be the one.
    expect(
      gateway.verifyNotification(
        { ...headers, 'omise-signature': `${'0'.repeat(64)},${headers['omise-signature']}` },
        raw,
      ),
    ).toEqual({
      chargeId: made.chargeId,
    });
    const tampered = Buffer.from(body.replace('"successful"', '"failed"'));
    expect(gateway.verifyNotification(headers, tampered)).toBeNull();
    expect(
      gateway.verifyNotification({ ...headers, 'omise-signature-timestamp': String(Number(timestamp) + 1) }, raw),
    ).toBeNull();
    expect(gateway.verifyNotification({ ...headers, 'omise-signature': undefined }, raw)).toBeNull();
    const otherSecret = Buffer.from('somebody else').toString('base64');
    expect(
      gateway.verifyNotification({ ...headers, 'omise-signature': opnSignature(timestamp, body, otherSecret) }, raw),
    ).toBeNull();
    // A signed event about something other than a charge moves nothing.
    const refund = JSON.stringify({
      object: 'event',
      key: 'refund.create',
      data: { object: 'refund', id: 'rfnd_test_1' },
    });
    expect(
      gateway.verifyNotification(
        { ...headers, 'omise-signature': opnSignature(timestamp, refund) },
        Buffer.from(refund),
      ),
    ).toBeNull();
  });

  test('a wrong secret key is Opn’s authentication_failure', async () => {
    const wrong = opnGateway({ ...settings(opn), secretKey: 'skey_test_wrong' });
    await expect(wrong.getCharge('chrg_test_1')).rejects.toMatchObject({ code: 'authentication_failure' });
  });

  test('the browser tokenizes with Omise.js and the public key', () => {
    expect(gateway.cardForm()).toEqual({
      gateway: 'opn',
      kind: 'omise-js',
      scriptUrl: 'https://cdn.omise.co/omise.js',
      publicKey: OPN_PUBLIC_KEY,
    });
  });
});

/** Opn's charge as the extended double keeps it: the shared double's object, with what refunds and reversals add. */
type LiveCharge = NonNullable<ReturnType<OpnDouble['charge']>> & {
  refunded_amount: number;
  reversed?: boolean;
  status: string;
};

interface OpnRefundObject {
  object: 'refund';
  id: string;
  amount: number;
  currency: 'thb';
  charge: string;
  status: 'closed';
  created_at: string;
}

/**
 * Opn's cancel, refund and list calls, in front of the shared Opn double (`test/opn-double.ts`, outside this
 * change's files), whose charges it reads and changes: `POST /charges/{id}/expire` (a pending charge not
 * authorized), `POST /charges/{id}/reverse` (authorized, not captured: `capture: false` on `POST /charges`),
 * `POST /charges/{id}/refunds` (satang, at most what is left; an `Idempotency-Key` seen before replays its first
 * answer), `GET /charges?from&to&limit&offset` (chronological, at most 100 a page, `total` for the window), and
 * `refunded_amount` on every charge. Anything else goes to the shared double as it is. `outage` answers 503.
 */
async function startOpnWithRefunds() {
  const opn = await startOpnDouble();
  const made: string[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const calls: { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: string }[] =
    [];
  const control = {
    outage: false,
    /** Runs just before an expire is answered: what happens at Opn while the shop's call is on its way. */
    beforeExpire: undefined as ((id: string) => Promise<void>) | undefined,
  };
  const live = (id: string) => opn.charge(id) as LiveCharge | undefined;
  const refuse = (response: ServerResponse, status: number, code: string, message: string) =>
    sendJson(response, status, { object: 'error', code, message });

  const front = await startHttpDouble(async (request, url, response) => {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const path = url.pathname;
    calls.push({ method: request.method ?? '', path, query: url.searchParams, headers: request.headers, body: raw });
    if (control.outage) return refuse(response, 503, 'service_unavailable', 'down for the test');

    const verb = /^\/charges\/(\w+)\/(expire|reverse|refunds)$/.exec(path);
    const isList = path === '/charges' && request.method === 'GET';
    if (!verb && !isList) {
      const forwarded = await fetch(`${opn.origin}${path}${url.search}`, {
        method: request.method,
        headers: {
          authorization: request.headers.authorization ?? '',
          'content-type': request.headers['content-type'] ?? 'application/json',
        },
        body: raw || undefined,
        redirect: 'manual',
      });
      const text = await forwarded.text();
      if (path === '/charges' && request.method === 'POST' && forwarded.ok) {
        const charge = live((JSON.parse(text) as { id: string }).id)!;
        made.push(charge.id);
        charge.refunded_amount = 0;
        if ((JSON.parse(raw) as { capture?: boolean }).capture === false && charge.status === 'successful') {
          Object.assign(charge, { status: 'pending', paid: false });
        }
        return sendJson(response, 200, charge);
      }
      response.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? '' });
      return response.end(text);
    }

    if (request.headers.authorization !== `Basic ${Buffer.from(`${OPN_SECRET_KEY}:`).toString('base64')}`) {
      return refuse(response, 401, 'authentication_failure', 'authentication failed');
    }
    if (isList) {
      const from = new Date(url.searchParams.get('from') ?? 0);
      const to = new Date(url.searchParams.get('to') ?? Date.now());
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const inWindow = made
        .map((id) => live(id)!)
        .filter((c) => new Date(c.created_at) >= from && new Date(c.created_at) <= to);
      return sendJson(response, 200, {
        object: 'list',
        from: from.toISOString(),
        to: to.toISOString(),
        offset,
        limit,
        total: inWindow.length,
        order: 'chronological',
        data: inWindow.slice(offset, offset + limit),
      });
    }

    const [, id, action] = verb!;
    const key = request.headers['idempotency-key'];
    const replay = typeof key === 'string' ? replies.get(key) : undefined;
    if (replay) return sendJson(response, replay.status, replay.body);
    const charge = live(id!);
    if (!charge) return refuse(response, 404, 'not_found', 'charge was not found');

    if (action === 'expire') {
      await control.beforeExpire?.(charge.id);
      if (charge.status !== 'pending' || charge.authorized) {
        return refuse(response, 400, 'invalid_charge', 'only a pending charge can be expired');
      }
      await opn.expire(charge.id);
      return sendJson(response, 200, charge);
    }
    if (action === 'reverse') {
      if (charge.status !== 'pending' || !charge.authorized) {
        return refuse(response, 400, 'invalid_charge', 'only an authorized, uncaptured charge can be reversed');
      }
      Object.assign(charge, { status: 'reversed', reversed: true, authorized: false });
      return sendJson(response, 200, charge);
    }
    const amount = (JSON.parse(raw || '{}') as { amount?: unknown }).amount;
    let answer: { status: number; body: unknown };
    if (!charge.paid) {
      answer = { status: 400, body: { object: 'error', code: 'invalid_charge', message: 'charge is not paid' } };
    } else if (
      typeof amount !== 'number' ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      amount > charge.amount - charge.refunded_amount
    ) {
      answer = { status: 400, body: { object: 'error', code: 'invalid_amount', message: 'amount is not refundable' } };
    } else {
      charge.refunded_amount += amount;
      const refund: OpnRefundObject = {
        object: 'refund',
        id: `rfnd_test_${randomBytes(9).toString('hex')}`,
        amount,
        currency: 'thb',
        charge: charge.id,
        status: 'closed',
        created_at: new Date().toISOString(),
      };
      answer = { status: 200, body: refund };
    }
    if (typeof key === 'string') replies.set(key, answer);
    return sendJson(response, answer.status, answer.body);
  });

  return {
    ...opn,
    origin: front.origin,
    calls,
    control,
    charge: live,
    close: async () => {
      await front.close();
      await opn.close();
    },
  };
}
type OpnWithRefunds = Awaited<ReturnType<typeof startOpnWithRefunds>>;

describe('Opn: cancelling, refunding and listing charges', () => {
  let opn: OpnWithRefunds;
  let gateway: ReturnType<typeof opnGateway>;
  beforeAll(async () => {
    opn = await startOpnWithRefunds();
    gateway = opnGateway(settings(opn));
  });
  afterAll(() => opn.close());

  const calledFor = (id: string) => opn.calls.filter((c) => c.path.startsWith(`/charges/${id}/`)).map((c) => c.path);
  const qr = (ref: string) =>
    gateway.createQrCharge({ orderRef: ref, amount: satang(99_000), description: 'QR', expiresAt: new Date() });
  const paid = async (ref: string, amount = satang(150_000)) =>
    gateway.chargeCard({ ...order(ref), token: await opn.token(opnCards.success), amount });

  test('a pending PromptPay charge is expired: it can no longer be paid', async () => {
    const charge = await qr('SPSK0000000101');
    expect(await gateway.cancelCharge(charge.chargeId)).toMatchObject({
      chargeId: charge.chargeId,
      status: 'expired',
      orderRef: 'SPSK0000000101',
    });
    expect(calledFor(charge.chargeId)).toEqual([`/charges/${charge.chargeId}/expire`]);
    await expect(opn.payQr(charge.chargeId)).rejects.toThrow();
    expect((await gateway.getCharge(charge.chargeId)).status).toBe('expired');
  });

  test('a card waiting at its 3-D Secure page is expired too', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000102'),
      token: await opn.token(opnCards.threeDSecure),
      amount: satang(150_000),
    });
    expect((await gateway.cancelCharge(made.chargeId)).status).toBe('expired');
    expect(calledFor(made.chargeId)).toEqual([`/charges/${made.chargeId}/expire`]);
  });

  test('an authorized card charge not captured is reversed, which releases the money', async () => {
    const response = await fetch(`${opn.origin}/charges`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${OPN_SECRET_KEY}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        amount: 150_000,
        currency: 'THB',
        card: await opn.token(opnCards.success),
        capture: false,
        metadata: { orderRef: 'SPSK0000000103' },
      }),
    });
    const { id } = (await response.json()) as { id: string };
    expect((await gateway.getCharge(id)).status).toBe('pending');
    // Opn's `reversed` is not paid and never will be: the port's `failed`.
    expect((await gateway.cancelCharge(id)).status).toBe('failed');
    expect(calledFor(id)).toEqual([`/charges/${id}/reverse`]);
    expect(opn.charge(id)).toMatchObject({ status: 'reversed', reversed: true });
  });

  test('a paid charge answers paid and is left alone: the caller finishes its order', async () => {
    const made = await paid('SPSK0000000104');
    expect(await gateway.cancelCharge(made.chargeId)).toMatchObject({ status: 'paid', amount: 150_000 });
    expect(calledFor(made.chargeId)).toEqual([]);
  });

  test('a QR paid while its cancel is on the way answers paid', async () => {
    const charge = await qr('SPSK0000000105');
    opn.control.beforeExpire = (id) => opn.payQr(id);
    try {
      expect((await gateway.cancelCharge(charge.chargeId)).status).toBe('paid');
    } finally {
      opn.control.beforeExpire = undefined;
    }
  });

  test('a refund goes out in satang with the Idempotency-Key; partial, then the rest', async () => {
    const made = await paid('SPSK0000000106', satang(150_050));
    const part = await gateway.refund({ chargeId: made.chargeId, amount: satang(50_000), idempotencyKey: 'rf-106-a' });
    expect(part).toEqual({ refundId: expect.stringMatching(/^rfnd_test_/), amount: 50_000, status: 'done' });
    const call = opn.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: `/charges/${made.chargeId}/refunds` });
    expect(JSON.parse(call.body)).toEqual({ amount: 50_000 });
    expect(call.headers['idempotency-key']).toBe('rf-106-a');
    expect(await gateway.getCharge(made.chargeId)).toMatchObject({ status: 'paid', refunded: 50_000 });

    const rest = await gateway.refund({ chargeId: made.chargeId, amount: satang(100_050), idempotencyKey: 'rf-106-b' });
    expect(rest.amount).toBe(100_050);
    expect(rest.refundId).not.toBe(part.refundId);
    expect((await gateway.getCharge(made.chargeId)).refunded).toBe(150_050);
  });

  test('a full refund at once', async () => {
    const made = await paid('SPSK0000000107');
    expect(
      await gateway.refund({ chargeId: made.chargeId, amount: satang(150_000), idempotencyKey: 'rf-107' }),
    ).toMatchObject({ amount: 150_000, status: 'done' });
    expect((await gateway.getCharge(made.chargeId)).refunded).toBe(150_000);
  });

  test('more than is left to refund is Opn’s refusal', async () => {
    const made = await paid('SPSK0000000108');
    await gateway.refund({ chargeId: made.chargeId, amount: satang(100_000), idempotencyKey: 'rf-108-a' });
    const over = gateway.refund({ chargeId: made.chargeId, amount: satang(50_001), idempotencyKey: 'rf-108-b' });
    await expect(over).rejects.toBeInstanceOf(GatewayRefused);
    await expect(over).rejects.toMatchObject({ code: 'invalid_amount' });
    expect((await gateway.getCharge(made.chargeId)).refunded).toBe(100_000);
  });

  test('the same Idempotency-Key, sent again after an outage, refunds once', async () => {
    const made = await paid('SPSK0000000109');
    const input = { chargeId: made.chargeId, amount: satang(40_000), idempotencyKey: 'rf-109' };
    opn.control.outage = true;
    try {
      const down = gateway.refund(input);
      await expect(down).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
      await expect(down).rejects.not.toBeInstanceOf(GatewayRefused);
    } finally {
      opn.control.outage = false;
    }
    const first = await gateway.refund(input);
    const again = await gateway.refund(input);
    expect(again).toEqual(first);
    const sent = opn.calls.filter((c) => c.path === `/charges/${made.chargeId}/refunds`);
    expect(sent.map((c) => c.headers['idempotency-key'])).toEqual(['rf-109', 'rf-109', 'rf-109']);
    expect((await gateway.getCharge(made.chargeId)).refunded).toBe(40_000);
  });

  test('listing a window reads every page of 100, with refunds and order references', async () => {
    const fresh = await startOpnWithRefunds();
    try {
      const lister = opnGateway(settings(fresh));
      const ids: string[] = [];
      for (let n = 0; n < 103; n++) {
        const ref = `SPSK${String(200 + n).padStart(10, '0')}`;
        ids.push(
          (
            await lister.createQrCharge({
              orderRef: ref,
              amount: satang(99_000),
              description: 'QR',
              expiresAt: new Date(),
            })
          ).chargeId,
        );
      }
      const card = await lister.chargeCard({
        ...order('SPSK0000000400'),
        token: await fresh.token(opnCards.success),
        amount: satang(150_000),
      });
      await lister.refund({ chargeId: card.chargeId, amount: satang(30_000), idempotencyKey: 'rf-400' });
      // Two charges of the day before, outside the window.
      const dayBefore = new Date(Date.now() - 86_400_000).toISOString();
      for (const id of ids.slice(0, 2)) fresh.charge(id)!.created_at = dayBefore;

      const from = new Date(Date.now() - 3_600_000);
      const to = new Date(Date.now() + 3_600_000);
      const records = await lister.listCharges({ from, to, chargeIds: [] });

      const pages = fresh.calls.filter((c) => c.path === '/charges' && c.method === 'GET');
      expect(pages.map((c) => [c.query.get('limit'), c.query.get('offset')])).toEqual([
        ['100', '0'],
        ['100', '100'],
      ]);
      expect(pages[0]!.query.get('from')).toBe(from.toISOString());
      expect(pages[0]!.query.get('to')).toBe(to.toISOString());
      expect(records.map((r) => r.chargeId)).toEqual([...ids.slice(2), card.chargeId]);
      expect(records[0]).toMatchObject({ status: 'pending', amount: 99_000, refunded: 0, orderRef: 'SPSK0000000202' });
      expect(records[0]!.createdAt).toBeInstanceOf(Date);
      expect(records.at(-1)).toMatchObject({
        status: 'paid',
        amount: 150_000,
        refunded: 30_000,
        orderRef: 'SPSK0000000400',
      });
    } finally {
      await fresh.close();
    }
  });
});
