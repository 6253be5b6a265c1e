import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { hangUp, readBody, sendJson, startHttpDouble } from './http-double.js';

export const OPN_PUBLIC_KEY = 'pkey_test_5sikkhadouble0000000';
export const OPN_SECRET_KEY = 'skey_test_5sikkhadouble0000000';
/** The webhook secret as Opn's dashboard shows it: base64. */
export const OPN_WEBHOOK_SECRET = Buffer.from('sikkha-opn-double-webhook-secret').toString('base64');

export const opnCards = {
  success: '4242424242424242',
  decline: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;
type Outcome = 'success' | 'decline' | '3ds';
const outcomeOf: Record<string, Outcome> = {
  [opnCards.success]: 'success',
  [opnCards.decline]: 'decline',
  [opnCards.threeDSecure]: '3ds',
};

interface OpnCharge {
  object: 'charge';
  id: string;
  livemode: false;
  amount: number;
  currency: 'THB';
  description: string | null;
  metadata: Record<string, unknown>;
  status: 'pending' | 'successful' | 'failed' | 'expired' | 'reversed';
  authorized: boolean;
  paid: boolean;
  /** Satang given back so far, through `POST /charges/{id}/refunds` or Opn's dashboard (absent until then). */
  refunded_amount?: number;
  authorize_uri: string | null;
  return_uri: string | null;
  failure_code: string | null;
  failure_message: string | null;
  expires_at: string;
  created_at: string;
  source: { object: 'source'; type: string; installment_term?: number; scannable_code?: unknown } | null;
}

export interface OpnWebhook {
  headers: Record<string, string>;
  body: string;
}

const error = (response: ServerResponse, status: number, code: string, message: string) =>
  sendJson(response, status, { object: 'error', location: 'https://www.omise.co/api-errors', code, message });

/** Opn's webhook signature: hex HMAC-SHA256 of `<timestamp>.<body>` under the base64-decoded secret. */
export function opnSignature(timestamp: string, body: string, secret = OPN_WEBHOOK_SECRET) {
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * Opn Payments (Omise) as the shop uses it, vault and API on one local port: `POST /tokens` (HTTP basic with the
 * public key, `card[...]` as Omise.js sends it), `POST /charges` and `GET /charges/{id}` (HTTP basic with the secret
 * key, JSON, amounts in satang, at least 2000) with a card token, a `promptpay` source (a QR image to scan, expiring
 * in 24 hours) or an `installment_kbank` source. A 3-D Secure card and an instalment wait at `authorize_uri`, a page
 * whose form pays or refuses and then redirects to `return_uri`. Each completed charge is a `charge.complete` event,
 * signed in `Omise-Signature`, handed to `deliver`.
 *
 * For reconciliation: `GET /charges?from&to&limit&offset` lists a window of `created_at` (chronological, at most 100
 * a page, `total` for the window), `POST /charges/{id}/refunds` gives back satang of a paid charge (an
 * `Idempotency-Key` seen before replays its first answer). `created_at` comes from `clock` (the shop's test clock).
 * What Opn's dashboard does without telling the shop: `seed` (a charge the shop never made), `change` (a charge's
 * fields), `refundAtDashboard`. `POST /charges` with an `Idempotency-Key` seen before answers the charge made then.
 *
 * Faults: `outage(true)` answers 503 to every API call (before doing anything, as a load balancer in front would, so
 * nothing is kept for an idempotency key); `hang(true)` never answers an API call; `dropAfterCharge(true)` makes
 * the charge, then cuts the connection without answering.
 */
export async function startOpnDouble(
  options: { deliver?: (webhook: OpnWebhook) => Promise<void>; clock?: { now(): Date } } = {},
) {
  const clock = options.clock ?? { now: () => new Date() };
  const charges = new Map<string, OpnCharge>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let down = false;
  let hanging = false;
  let dropping = false;
  const tokens = new Map<string, Outcome>();
  const webhooks: OpnWebhook[] = [];
  const requests: { method: string; path: string; body: unknown }[] = [];
  let deliver = options.deliver;
  const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;
  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

  async function complete(charge: OpnCharge, status: 'successful' | 'failed' | 'expired') {
    charge.status = status;
    charge.authorized = charge.paid = status === 'successful';
    if (status === 'failed') {
      charge.failure_code = 'payment_rejected';
      charge.failure_message = 'The payment was rejected by the issuer';
    }
    const body = JSON.stringify({
      object: 'event',
      id: newId('evnt'),
      livemode: false,
      key: status === 'expired' ? 'charge.expire' : 'charge.complete',
      created_at: new Date().toISOString(),
      data: charge,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const webhook = {
      headers: {
        'content-type': 'application/json',
        'omise-signature': opnSignature(timestamp, body),
        'omise-signature-timestamp': timestamp,
      },
      body,
    };
    webhooks.push(webhook);
    await deliver?.(webhook);
  }

  const server = await startHttpDouble(async (request, url, response) => {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const path = url.pathname;
    if (down) return error(response, 503, 'service_unavailable', 'down for the test');
    if (hanging && !path.startsWith('/payments/')) return;

    const page = /^\/payments\/(chrg_test_\w+)\/authorize$/.exec(path);
    if (page) {
      const charge = charges.get(page[1]!);
      if (!charge) return error(response, 404, 'not_found', 'charge was not found');
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(
          `<form method="post"><button name="decision" value="pay">Authorize</button><button name="decision" value="fail">Fail</button></form>`,
        );
      }
      const pay = new URLSearchParams(raw).get('decision') === 'pay';
      if (charge.status === 'pending') await complete(charge, pay ? 'successful' : 'failed');
      response.writeHead(302, { location: charge.return_uri ?? '/' });
      return response.end();
    }

    let body: Record<string, unknown> = {};
    if (raw) {
      const type = request.headers['content-type'] ?? '';
      if (type.startsWith('application/x-www-form-urlencoded')) {
        // Omise.js posts card[number]=… to the vault.
        const card: Record<string, string> = {};
        for (const [name, value] of new URLSearchParams(raw)) {
          const field = /^card\[(\w+)\]$/.exec(name);
          if (field) card[field[1]!] = value;
        }
        body = { card };
      } else {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return error(response, 400, 'bad_request', 'the body is not JSON');
        }
      }
    }
    requests.push({ method: request.method ?? '', path, body });

    if (path === '/tokens' && request.method === 'POST') {
      if (request.headers.authorization !== basic(OPN_PUBLIC_KEY)) {
        return error(response, 401, 'authentication_failure', 'authentication failed');
      }
      const card = (body.card ?? {}) as Record<string, unknown>;
      const outcome = outcomeOf[String(card.number ?? '').replace(/\s/g, '')];
      if (!outcome) return error(response, 400, 'invalid_card', 'number is invalid and brand not supported (unknown)');
      const id = newId('tokn');
      tokens.set(id, outcome);
      return sendJson(response, 200, { object: 'token', id, livemode: false, used: false, card: { object: 'card' } });
    }

    if (request.headers.authorization !== basic(OPN_SECRET_KEY)) {
      return error(response, 401, 'authentication_failure', 'authentication failed');
    }
    // A POST with a key Opn has seen is answered as the first time, whatever its body.
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? replies.get(key) : undefined;
    if (replay) return sendJson(response, replay.status, replay.body);
    const lookup = /^\/charges\/(\w+)$/.exec(path);
    if (lookup && request.method === 'GET') {
      const charge = charges.get(lookup[1]!);
      return charge ? sendJson(response, 200, charge) : error(response, 404, 'not_found', 'charge was not found');
    }
    if (path === '/charges' && request.method === 'GET') {
      const from = new Date(url.searchParams.get('from') ?? 0);
      const to = new Date(url.searchParams.get('to') ?? clock.now());
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const inWindow = [...charges.values()]
        .filter((c) => new Date(c.created_at) >= from && new Date(c.created_at) <= to)
        .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
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
    const refunds = /^\/charges\/(\w+)\/refunds$/.exec(path);
    if (refunds && request.method === 'POST') {
      const charge = charges.get(refunds[1]!);
      if (!charge) return error(response, 404, 'not_found', 'charge was not found');
      const asked = body.amount;
      let answer: { status: number; body: unknown };
      if (!charge.paid) {
        answer = { status: 400, body: { object: 'error', code: 'invalid_charge', message: 'charge is not paid' } };
      } else if (
        typeof asked !== 'number' ||
        !Number.isInteger(asked) ||
        asked <= 0 ||
        asked > charge.amount - (charge.refunded_amount ?? 0)
      ) {
        answer = {
          status: 400,
          body: { object: 'error', code: 'invalid_amount', message: 'amount is not refundable' },
        };
      } else {
        charge.refunded_amount = (charge.refunded_amount ?? 0) + asked;
        const refund = { object: 'refund', id: newId('rfnd'), amount: asked, currency: 'thb', charge: charge.id };
        answer = { status: 200, body: { ...refund, status: 'closed', created_at: clock.now().toISOString() } };
      }
      if (typeof key === 'string') replies.set(key, answer);
      return sendJson(response, answer.status, answer.body);
    }
    if (path !== '/charges' || request.method !== 'POST') return error(response, 404, 'not_found', 'path not found');

    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 2000) {
      return error(response, 400, 'invalid_charge', 'amount must be an integer of at least 2000 satang');
    }
    if (String(body.currency).toUpperCase() !== 'THB')
      return error(response, 400, 'invalid_charge', 'currency is not supported');
    const now = clock.now();
    const charge: OpnCharge = {
      object: 'charge',
      id: newId('chrg'),
      livemode: false,
      amount,
      currency: 'THB',
      description: typeof body.description === 'string' ? body.description : null,
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      status: 'pending',
      authorized: false,
      paid: false,
      authorize_uri: null,
      return_uri: typeof body.return_uri === 'string' ? body.return_uri : null,
      failure_code: null,
      failure_message: null,
      expires_at: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      created_at: now.toISOString(),
      source: null,
    };
    const authorizeUri = `${server.origin}/payments/${charge.id}/authorize`;
    const source = body.source as { type?: string; installment_term?: number } | undefined;
    if (typeof body.card === 'string') {
      const outcome = tokens.get(body.card);
      if (!outcome) return error(response, 404, 'not_found', 'token was not found');
      tokens.delete(body.card);
      if (outcome === 'success') {
        charge.status = 'successful';
        charge.authorized = charge.paid = true;
      } else if (outcome === 'decline') {
        charge.status = 'failed';
        charge.failure_code = 'payment_rejected';
        charge.failure_message = 'The payment was rejected by the issuer';
      } else {
        if (!charge.return_uri) return error(response, 400, 'invalid_charge', 'return_uri is required for 3-D Secure');
        charge.authorize_uri = authorizeUri;
      }
    } else if (source?.type === 'promptpay') {
      charge.source = {
        object: 'source',
        type: 'promptpay',
        scannable_code: {
          object: 'barcode',
          type: 'qr',
          image: { object: 'document', download_uri: `${server.origin}/qr/${charge.id}.svg` },
        },
      };
    } else if (source?.type === 'installment_kbank') {
      if (![3, 4, 6, 10].includes(Number(source.installment_term)) || !charge.return_uri) {
        return error(response, 400, 'invalid_charge', 'installment_term or return_uri is invalid');
      }
      charge.source = {
        object: 'source',
        type: 'installment_kbank',
        installment_term: Number(source.installment_term),
      };
      charge.authorize_uri = authorizeUri;
    } else {
      return error(response, 400, 'invalid_charge', 'a card or a source is required');
    }
    charges.set(charge.id, charge);
    if (typeof key === 'string') replies.set(key, { status: 200, body: structuredClone(charge) });
    if (dropping) return hangUp(response);
    return sendJson(response, 200, charge);
  });

  return {
    ...server,
    webhooks,
    requests,
    deliverTo(target: (webhook: OpnWebhook) => Promise<void>) {
      deliver = target;
    },
    /** What Omise.js does in the browser: the vault's token for a card. */
    async token(number: string) {
      const response = await fetch(`${server.origin}/tokens`, {
        method: 'POST',
        headers: { authorization: basic(OPN_PUBLIC_KEY), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          'card[name]': 'ทดสอบ ระบบ',
          'card[number]': number,
          'card[expiration_month]': '12',
          'card[expiration_year]': '2030',
          'card[security_code]': '123',
        }),
      });
      return ((await response.json()) as { id: string }).id;
    },
    /** A person scans the PromptPay QR and pays. */
    async payQr(chargeId: string) {
      const charge = charges.get(chargeId);
      if (charge?.source?.type !== 'promptpay' || charge.status !== 'pending')
        throw new Error(`cannot pay ${chargeId}`);
      await complete(charge, 'successful');
    },
    /** Opn gives up on an unpaid PromptPay charge. */
    async expire(chargeId: string) {
      const charge = charges.get(chargeId);
      if (charge?.status === 'pending') await complete(charge, 'expired');
    },
    charge: (id: string) => charges.get(id),
    /** A paid charge made at Opn that the shop never recorded (another integration, a lost answer). */
    seed(fields: { amount: number; orderRef?: string; status?: OpnCharge['status'] }) {
      const status = fields.status ?? 'successful';
      const charge: OpnCharge = {
        object: 'charge',
        id: newId('chrg'),
        livemode: false,
        amount: fields.amount,
        currency: 'THB',
        description: null,
        metadata: fields.orderRef ? { orderRef: fields.orderRef } : {},
        status,
        authorized: status === 'successful',
        paid: status === 'successful',
        authorize_uri: null,
        return_uri: null,
        failure_code: null,
        failure_message: null,
        expires_at: new Date(clock.now().getTime() + 24 * 3600_000).toISOString(),
        created_at: clock.now().toISOString(),
        source: null,
      };
      charges.set(charge.id, charge);
      return charge;
    },
    /** Changes a charge as Opn's side may (paid late, reversed, another amount), with no webhook. */
    change(id: string, fields: Partial<Pick<OpnCharge, 'status' | 'amount' | 'created_at'>>) {
      const charge = charges.get(id);
      if (!charge) throw new Error(`no charge ${id}`);
      Object.assign(charge, fields);
      if (fields.status) charge.authorized = charge.paid = fields.status === 'successful';
    },
    /** A refund made on Opn's dashboard: the shop is not told. */
    refundAtDashboard(id: string, amount: number) {
      const charge = charges.get(id);
      const left = charge ? charge.amount - (charge.refunded_amount ?? 0) : 0;
      if (!charge?.paid || amount > left) throw new Error(`cannot refund ${id}`);
      charge.refunded_amount = (charge.refunded_amount ?? 0) + amount;
    },
    /** Opn out of reach: every API call answers 503 until it is back. */
    outage(on: boolean) {
      down = on;
    },
    /** Opn stuck: every API call waits for ever (the caller must give up). */
    hang(on: boolean) {
      hanging = on;
    },
    /** Each new charge is made, then the connection is cut before the answer. */
    dropAfterCharge(on: boolean) {
      dropping = on;
    },
    /** How many charges Opn holds for an order. */
    chargesOf: (orderRef: string) => [...charges.values()].filter((c) => c.metadata.orderRef === orderRef),
  };
}
