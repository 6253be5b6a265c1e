import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { hangUp, readBody, sendJson, startHttpDouble } from './http-double.js';

export const KPGW_PUBLIC_KEY = 'pkey_test_21890sikkhaDouble0123456789';
export const KPGW_SECRET_KEY = 'skey_test_21890sikkhaDouble9876543210';
export const KPGW_MERCHANT_ID = '401234567890001';
export const KPGW_SMARTPAY_ID = '06';

/** The test cards of the double: what KBank's form would tokenize, and what the issuer then does. */
export const kpgwCards = {
  success: '4242424242424242',
  decline: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;
type Outcome = 'success' | 'decline' | '3ds';
const outcomeOf: Record<string, Outcome> = {
  [kpgwCards.success]: 'success',
  [kpgwCards.decline]: 'decline',
  [kpgwCards.threeDSecure]: '3ds',
};

interface KpgwTransaction {
  id: string;
  object: 'charge' | 'order';
  amount: number;
  currency: string;
  description: string;
  source_type: string;
  status: 'success' | 'fail';
  transaction_state: string;
  reference_order: string;
  redirect_url: string | null;
  failure_code: string | null;
  failure_message: string | null;
  /** A paid QR order: the charge that paid it. */
  charge_id?: string;
  /** What the charge of a QR order says unlike its order (`changeCharge`). */
  chargeSays?: Partial<Pick<KpgwTransaction, 'transaction_state' | 'status'>>;
  /** `YYYYMMDDHHmmSSsss`, Bangkok time, as KBank's sample charge shows it (with the double's `clock` only). */
  created?: string;
  /** Decimal baht given back so far (docs/PAYMENTS.md's assumption), once something was. */
  refund_amount?: number;
  /** What the shop sent in `metadata`, kept as sent. */
  metadata: Record<string, unknown> | null;
}

/** `YYYYMMDDHHmmSSsss` in Bangkok time. */
const bangkokStamp = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 17);

export interface KpgwNotice {
  headers: Record<string, string>;
  body: string;
}

const error = (response: ServerResponse, status: number, code: string, message: string) =>
  sendJson(response, status, { object: 'error', status: 'fail', code, message });

/** KBank's notify checksum: SHA-256 of id, amount with 4 decimals, currency, status, state and the secret key. */
export function kpgwChecksum(body: {
  id: string;
  amount: number;
  currency: string;
  status: string;
  transaction_state: string;
}) {
  return createHash('sha256')
    .update(
      `${body.id}${body.amount.toFixed(4)}${body.currency}${body.status}${body.transaction_state}${KPGW_SECRET_KEY}`,
    )
    .digest('hex');
}

/**
 * KBank's K-Payment Gateway as the shop uses it, on a local port: `x-api-key` with the secret key;
 * `POST /card/v2/charge` (a token from KBank's form: `token(number)` stands in for the form; source_type card or
 * unionpay; smart-pay by `additional_data.smartpay_id` and `term`), `GET /card/v2/charge/{id}`, `POST /qr/v2/order`,
 * `GET /qr/v2/order/{id}`, and a QR order's charge at `GET /qr/v2/qr/{id}` by the charge id or the order id (404
 * until someone pays); amounts in decimal baht. The order answer carries `transaction_state` and `charge_id` as this
 * double first assumed or, with `qrOrderState: false`, only what public integrations show of an order. A 3-D
 * Secure, smart-pay or union-pay charge waits at `redirect_url`, a page whose form pays or refuses and then posts
 * `objectId` and `status` to the result URL (as KBank's portal is set). Each settled transaction is notified, signed
 * with the checksum, to `deliver`.
 *
 * As docs/PAYMENTS.md assumes them: `POST {inquiry path}/void` (a pending transaction, or a paid one on its Bangkok
 * day) and `POST {inquiry path}/refund` (decimal baht, at most what is left; `refund_amount` grows), and `created`
 * on every transaction when a `clock` is given (the shop's test clock). Without a clock there is no `created`, as
 * before, so the adapter cannot list and a test app's daily reconciliation job changes nothing. Also assumed:
 * `GET /card/v2/charge?reference_order=...` (and under `/qr/v2/order`) lists the transactions made with that
 * reference, `{ object: 'list', data }`. What KBank's side does without telling the shop: `change` (a transaction's
 * state or amount), `refundAtDashboard`.
 *
 * Faults: `outage(true)` answers 503 to every API call; `hang(true)` never answers one; `dropAfterCharge(true)`
 * makes each new charge or QR order, then cuts the connection without answering.
 */
export async function startKpgwDouble(
  options: {
    resultUrl?: string;
    deliver?: (notice: KpgwNotice) => Promise<void>;
    clock?: { now(): Date };
    qrOrderState?: boolean;
  } = {},
) {
  const clock = options.clock;
  let down = false;
  let hanging = false;
  let dropping = false;
  const tokens = new Map<string, Outcome>();
  const transactions = new Map<string, KpgwTransaction>();
  const notices: KpgwNotice[] = [];
  const requests: { method: string; path: string; body: unknown }[] = [];
  let deliver = options.deliver;
  const newId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;

  /** A QR order's charge as KBank answers it, once the order has one. */
  function chargeOf(order: KpgwTransaction) {
    if (order.object !== 'order' || !order.charge_id) return undefined;
    const { charge_id, chargeSays, ...fields } = order;
    return { ...fields, ...chargeSays, id: charge_id, object: 'charge' as const, order_id: order.id };
  }

  /** The order inquiry's answer: without its state and charge when the double speaks as public integrations show. */
  function orderAnswer(order: KpgwTransaction) {
    const { chargeSays, ...fields } = order;
    if (options.qrOrderState !== false) return fields;
    const { transaction_state, charge_id, ...plain } = fields;
    return plain;
  }

  async function settle(transaction: KpgwTransaction, pay: boolean) {
    transaction.transaction_state = pay ? 'Authorized' : 'Declined';
    transaction.status = pay ? 'success' : 'fail';
    if (!pay) {
      transaction.failure_code = 'card_declined';
      transaction.failure_message = 'Declined by the issuer';
    }
    if (transaction.object === 'order') transaction.charge_id ??= newId('chrg');
    const charge = chargeOf(transaction) ?? transaction;
    const body = JSON.stringify({ ...charge, checksum: kpgwChecksum(charge) });
    const notice = { headers: { 'content-type': 'application/json' }, body };
    notices.push(notice);
    await deliver?.(notice);
  }

  const server = await startHttpDouble(async (request, url, response) => {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const path = url.pathname;
    if (down) return error(response, 503, 'service_unavailable', 'down for the test');
    if (hanging && !/^\/(3ds|redirect)\//.test(path)) return;

    // The pages a person sees: no API key.
    const page = /^\/(3ds|redirect)\/([\w]+)$/.exec(path);
    if (page) {
      const transaction = transactions.get(page[2]!);
      if (!transaction) return error(response, 404, 'not_found', 'charge not found');
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(
          `<form method="post"><button name="decision" value="pay">Pay</button><button name="decision" value="fail">Cancel</button></form>`,
        );
      }
      const pay = new URLSearchParams(raw).get('decision') === 'pay';
      if (transaction.transaction_state === 'Pre-Authorized' || transaction.transaction_state === 'Initialize') {
        await settle(transaction, pay);
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<form method="post" action="${options.resultUrl ?? ''}"><input name="objectId" value="${transaction.id}"><input name="status" value="${pay}"></form>`,
      );
    }

    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(response, 400, 'invalid_request', 'body is not JSON');
      }
    }
    requests.push({ method: request.method ?? '', path, body });
    if (request.headers['x-api-key'] !== KPGW_SECRET_KEY)
      return error(response, 401, 'unauthorized', 'Invalid API key');

    const lookup = /^\/(card\/v2\/charge|qr\/v2\/order)\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && lookup) {
      const transaction = transactions.get(lookup[2]!);
      const kind = lookup[1] === 'qr/v2/order' ? 'order' : 'charge';
      if (!transaction || transaction.object !== kind) return error(response, 404, 'not_found', `${kind} not found`);
      return sendJson(response, 200, kind === 'order' ? orderAnswer(transaction) : transaction);
    }
    const qrCharge = /^\/qr\/v2\/qr\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && qrCharge) {
      const id = qrCharge[1]!;
      const order = [...transactions.values()].find((t) => t.id === id || (t.charge_id && t.charge_id === id));
      const charge = order && chargeOf(order);
      if (!charge) return error(response, 404, 'not_found', 'charge not found');
      return sendJson(response, 200, charge);
    }
    const kindOf = (collection: string) => (collection === '/qr/v2/order' ? 'order' : 'charge');
    if (request.method === 'GET' && (path === '/card/v2/charge' || path === '/qr/v2/order')) {
      const reference = url.searchParams.get('reference_order');
      const data = [...transactions.values()].filter(
        (t) => t.object === kindOf(path) && t.reference_order === reference,
      );
      return sendJson(response, 200, {
        object: 'list',
        data: data.map((t) => (t.object === 'order' ? orderAnswer(t) : t)),
      });
    }
    const verb = /^\/(card\/v2\/charge|qr\/v2\/order)\/([\w]+)\/(void|refund)$/.exec(path);
    if (request.method === 'POST' && verb) {
      const transaction = transactions.get(verb[2]!);
      if (!transaction || transaction.object !== (verb[1] === 'qr/v2/order' ? 'order' : 'charge')) {
        return error(response, 404, 'not_found', 'transaction not found');
      }
      const paid = transaction.transaction_state === 'Authorized' && transaction.status === 'success';
      if (verb[3] === 'void') {
        const pending = ['Initialize', 'Pre-Authorized'].includes(transaction.transaction_state);
        const sameDay =
          clock !== undefined && transaction.created?.slice(0, 8) === bangkokStamp(clock.now()).slice(0, 8);
        if (!pending && !(paid && sameDay)) {
          return error(response, 400, 'void_not_allowed', 'only an unsettled transaction of today can be voided');
        }
        transaction.transaction_state = 'Voided';
        return sendJson(response, 200, transaction);
      }
      const asked = Math.round(Number(body.amount) * 100);
      const done = Math.round((transaction.refund_amount ?? 0) * 100);
      if (!paid) return error(response, 400, 'invalid_state', 'only an authorized transaction can be refunded');
      if (!(asked > 0) || asked > Math.round(transaction.amount * 100) - done) {
        return error(response, 400, 'invalid_amount', 'amount is more than what is left to refund');
      }
      transaction.refund_amount = (done + asked) / 100;
      return sendJson(response, 200, {
        id: newId('rfnd'),
        object: 'refund',
        amount: asked / 100,
        currency: 'THB',
        status: 'success',
        charge_id: transaction.id,
      });
    }
    if (request.method !== 'POST' || (path !== '/card/v2/charge' && path !== '/qr/v2/order')) {
      return error(response, 404, 'not_found', 'no such endpoint');
    }

    const amount = body.amount;
    if (typeof amount !== 'number' || !(amount > 0) || Math.round(amount * 100) !== amount * 100) {
      return error(response, 400, 'invalid_amount', 'amount must be decimal baht with 2 places');
    }
    if (body.currency !== 'THB') return error(response, 400, 'invalid_currency', 'currency must be THB');
    if (typeof body.reference_order !== 'string' || !body.reference_order) {
      return error(response, 400, 'invalid_reference_order', 'reference_order is required');
    }
    const extra = (body.additional_data ?? {}) as Record<string, unknown>;
    if (extra.mid !== KPGW_MERCHANT_ID) return error(response, 400, 'invalid_mid', 'unknown merchant id');

    const transaction: KpgwTransaction = {
      id: newId(path === '/qr/v2/order' ? 'order' : 'chrg'),
      object: path === '/qr/v2/order' ? 'order' : 'charge',
      amount,
      currency: 'THB',
      description: String(body.description ?? ''),
      source_type: String(body.source_type),
      status: 'success',
      transaction_state: 'Initialize',
      reference_order: body.reference_order,
      redirect_url: null,
      failure_code: null,
      failure_message: null,
      metadata: (body.metadata ?? null) as Record<string, unknown> | null,
      ...(clock ? { created: bangkokStamp(clock.now()) } : {}),
    };
    if (path === '/qr/v2/order') {
      if (body.source_type !== 'qr') return error(response, 400, 'invalid_source_type', 'source_type must be qr');
    } else if (body.source_type === 'unionpay') {
      transaction.redirect_url = `${server.origin}/redirect/${transaction.id}`;
    } else if (body.source_type === 'card' && body.mode === 'token') {
      const outcome = tokens.get(String(body.token));
      if (!outcome) return error(response, 400, 'invalid_token', 'token is invalid or used');
      tokens.delete(String(body.token));
      if (extra.smartpay_id !== undefined) {
        if (extra.smartpay_id !== KPGW_SMARTPAY_ID || ![3, 4, 6, 10].includes(Number(extra.term))) {
          return error(response, 400, 'invalid_smartpay', 'unknown smartpay_id or term');
        }
        transaction.transaction_state = 'Pre-Authorized';
        transaction.redirect_url = `${server.origin}/3ds/${transaction.id}`;
      } else if (outcome === 'success') {
        transaction.transaction_state = 'Authorized';
      } else if (outcome === 'decline') {
        transaction.transaction_state = 'Declined';
        transaction.status = 'fail';
        transaction.failure_code = 'card_declined';
        transaction.failure_message = 'Declined by the issuer';
      } else {
        transaction.transaction_state = 'Pre-Authorized';
        transaction.redirect_url = `${server.origin}/3ds/${transaction.id}`;
      }
    } else {
      return error(response, 400, 'invalid_source_type', 'source_type must be card (mode token) or unionpay');
    }
    transactions.set(transaction.id, transaction);
    if (dropping) return hangUp(response);
    return sendJson(response, 200, transaction);
  });

  return {
    ...server,
    notices,
    requests,
    /** Where settled transactions are notified from now on. */
    deliverTo(target: (notice: KpgwNotice) => Promise<void>) {
      deliver = target;
    },
    /** What KBank's form makes of a card number in the browser. */
    token(number: string) {
      const id = `tokn_test_${randomBytes(10).toString('hex')}`;
      const outcome = outcomeOf[number];
      if (!outcome) throw new Error(`not a test card: ${number}`);
      tokens.set(id, outcome);
      return id;
    },
    /** A person scans the QR and pays in their bank's app. */
    payQr: async (orderId: string) => {
      const order = transactions.get(orderId);
      if (order?.object !== 'order') throw new Error(`no order ${orderId}`);
      await settle(order, true);
    },
    /** KBank gives up on an unpaid QR order. */
    expire(orderId: string) {
      const order = transactions.get(orderId);
      if (order) order.transaction_state = 'Expired';
    },
    transaction: (id: string) => transactions.get(id),
    /** Changes a transaction as KBank's side may (paid late, reversed, another amount), with no notification. */
    change(id: string, fields: Partial<Pick<KpgwTransaction, 'transaction_state' | 'status' | 'amount'>>) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`no transaction ${id}`);
      Object.assign(transaction, fields);
      // A QR order paid at KBank has the charge that paid it.
      if (transaction.object === 'order' && transaction.transaction_state === 'Authorized') {
        transaction.charge_id ??= newId('chrg');
      }
    },
    /** The charge of a QR order (made if it has none) says this, whatever its order says; no notification. */
    changeCharge(orderId: string, fields: NonNullable<KpgwTransaction['chargeSays']>) {
      const order = transactions.get(orderId);
      if (order?.object !== 'order') throw new Error(`no order ${orderId}`);
      order.charge_id ??= newId('chrg');
      order.chargeSays = { ...order.chargeSays, ...fields };
    },
    /** A refund made in KBank's merchant portal, in decimal baht: the shop is not told. */
    refundAtDashboard(id: string, amount: number) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`no transaction ${id}`);
      transaction.refund_amount = Math.round(((transaction.refund_amount ?? 0) + amount) * 100) / 100;
    },
    /** KBank out of reach: every API call answers 503 until it is back. */
    outage(on: boolean) {
      down = on;
    },
    /** KBank stuck: every API call waits for ever (the caller must give up). */
    hang(on: boolean) {
      hanging = on;
    },
    /** Each new charge or QR order is made, then the connection is cut before the answer. */
    dropAfterCharge(on: boolean) {
      dropping = on;
    },
    /** How many transactions KBank holds for an order. */
    transactionsOf: (reference: string) => [...transactions.values()].filter((t) => t.reference_order === reference),
  };
}
