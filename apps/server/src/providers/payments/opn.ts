import { createHmac } from 'node:crypto';
import { type Satang, satang } from '@sikkha/contract/rules';
import { callGateway, headerValue, parseJsonObject, sameSignature, text } from './http.js';
import { type ChargeInfo, type ChargeRecord, type ChargeStatus, GatewayRefused, type PaymentGateway } from './port.js';

export interface OpnConfig {
  /** https://api.omise.co */
  apiUrl: string;
  /** https://cdn.omise.co/omise.js */
  scriptUrl: string;
  publicKey: string;
  secretKey: string;
  /** The webhook signing secret from Opn's dashboard, base64 as shown there. */
  webhookSecret: string;
  /** How long a call may take before Opn counts as down (http.ts's default when not set). */
  timeoutMs?: number | undefined;
}

/** Opn's charge object, as far as the shop reads it. */
interface OpnCharge {
  object?: string;
  id?: string;
  amount?: number;
  currency?: string;
  status?: string;
  /** A card charge authorized but not captured yet is pending with this true. */
  authorized?: boolean;
  paid?: boolean;
  refunded_amount?: number;
  created_at?: string;
  authorize_uri?: string | null;
  expires_at?: string | null;
  failure_code?: string | null;
  failure_message?: string | null;
  metadata?: { orderRef?: string } | null;
  source?: { scannable_code?: { image?: { download_uri?: string } } } | null;
}

/** Opn's refund object, as far as the shop reads it. */
interface OpnRefund {
  id?: string;
  amount?: number;
  /** `closed` once Opn has sent it (a same-day refund is voided and closed at once), `pending` until then. */
  status?: string;
}

/** A page of Opn's list endpoints. */
interface OpnList<T> {
  data?: T[];
  total?: number;
  offset?: number;
}

/** Opn's API version the adapter speaks, whatever the account's default. */
const API_VERSION = '2019-05-29';

/** Opn's largest page. */
const PAGE = 100;

function statusOf(charge: OpnCharge): ChargeStatus {
  switch (charge.status) {
    case 'successful':
      return 'paid';
    case 'pending':
      return 'pending';
    case 'expired':
      return 'expired';
    default:
      // failed, reversed
      return 'failed';
  }
}

/**
 * Opn Payments (Omise): charges in satang on `POST /charges` with the secret key (HTTP basic), a card token from
 * Omise.js (`card`), a PromptPay source (`source[type]=promptpay`, the QR at `source.scannable_code.image`), KBank
 * instalments for smart-pay (`installment_kbank`, paid at `authorize_uri`), 3-D Secure by `authorize_uri` back to
 * `return_uri`, each charge with the attempt's `Idempotency-Key`; `GET /charges/{id}` is the truth. A pending charge is stopped by `POST /charges/{id}/expire`, an
 * authorization not captured by `/reverse`; refunds are `POST /charges/{id}/refunds` with an `Idempotency-Key`, and
 * `GET /charges` lists a window a page of 100 at a time. Webhooks are events signed in `Omise-Signature` (hex
 * HMAC-SHA256, key = the base64-decoded secret, over `<Omise-Signature-Timestamp>.<raw body>`; two during a secret's
 * rotation).
 * Opn has no union-pay redirect: that method is not offered.
 */
export function opnGateway(config: OpnConfig): PaymentGateway {
  const api = config.apiUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`;
  const webhookKey = Buffer.from(config.webhookSecret, 'base64');

  const request = <T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) =>
    callGateway<T>(
      'opn',
      `${api}${path}`,
      {
        method,
        headers: { authorization, 'omise-version': API_VERSION, ...headers },
        body,
        timeoutMs: config.timeoutMs,
      },
      (status, b) => ({ code: text(b.code) ?? String(status), message: text(b.message) ?? '' }),
    );
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => request<OpnCharge>(method, path, body);
  const chargePath = (id: string) => `/charges/${encodeURIComponent(id)}`;

  // Opn answers a key it has seen with the charge it made then: a retry after a lost answer makes no second charge.
  const create = (
    input: { amount: Satang; orderRef: string; description: string; attemptKey?: string | undefined },
    rest: Record<string, unknown>,
  ) =>
    request<OpnCharge>(
      'POST',
      '/charges',
      {
        amount: input.amount,
        currency: 'THB',
        description: input.description,
        metadata: { orderRef: input.orderRef },
        ...rest,
      },
      input.attemptKey ? { 'Idempotency-Key': input.attemptKey } : {},
    );

  function idOf(charge: OpnCharge): string {
    const id = text(charge.id);
    if (!id) throw new Error('Opn answered without a charge id');
    return id;
  }

  function info(charge: OpnCharge): ChargeInfo {
    return {
      chargeId: idOf(charge),
      status: statusOf(charge),
      amount: satang(charge.amount ?? Number.NaN),
      orderRef: text(charge.metadata?.orderRef) ?? '',
      failureMessage: text(charge.failure_message),
      ...(typeof charge.refunded_amount === 'number' ? { refunded: satang(charge.refunded_amount) } : {}),
    };
  }

  function record(charge: OpnCharge): ChargeRecord {
    const createdAt = new Date(charge.created_at ?? Number.NaN);
    if (Number.isNaN(createdAt.getTime())) throw new Error(`Opn charge ${idOf(charge)} has no created_at`);
    return { ...info(charge), refunded: satang(charge.refunded_amount ?? 0), createdAt };
  }

  return {
    name: 'opn',
    methods: ['qr', 'card', 'smartpay'],

    async createQrCharge(input) {
      const charge = await create(input, { source: { type: 'promptpay' } });
      const image = text(charge.source?.scannable_code?.image?.download_uri);
      if (!image) throw new Error(`Opn PromptPay charge ${idOf(charge)} has no QR image`);
      const theirs = charge.expires_at ? new Date(charge.expires_at) : undefined;
      const expiresAt = theirs && theirs.getTime() < input.expiresAt.getTime() ? theirs : input.expiresAt;
      return { chargeId: idOf(charge), display: { kind: 'image', url: image }, expiresAt };
    },

    async chargeCard(input) {
      const charge = await create(input, {
        card: input.token,
        return_uri: input.returnUrl,
      });
      const status = statusOf(charge);
      return {
        chargeId: idOf(charge),
        status,
        authorizeUrl: status === 'pending' ? (text(charge.authorize_uri) ?? undefined) : undefined,
        failureMessage: text(charge.failure_message),
      };
    },

    async createRedirectCharge(input) {
      if (input.method !== 'smartpay') throw new Error('Opn offers no union-pay redirect');
      const charge = await create(input, {
        source: { type: 'installment_kbank', installment_term: input.installmentTerm ?? 3 },
        return_uri: input.returnUrl,
      });
      const url = text(charge.authorize_uri);
      if (!url) throw new Error(`Opn instalment charge ${idOf(charge)} has no authorize_uri`);
      return { chargeId: idOf(charge), redirectUrl: url };
    },

    async getCharge(id) {
      return info(await call('GET', chargePath(id)));
    },

    async cancelCharge(id) {
      const charge = await call('GET', chargePath(id));
      if (charge.status !== 'pending') return info(charge);
      // An authorization holds the person's money until released; anything else pending only needs to stop waiting.
      const verb = charge.authorized && !charge.paid ? 'reverse' : 'expire';
      try {
        return info(await call('POST', `${chargePath(id)}/${verb}`));
      } catch (error) {
        // Paid (or expired by Opn) between the two calls: Opn refuses, and its word now is the answer.
        if (!(error instanceof GatewayRefused)) throw error;
        const now = await call('GET', chargePath(id));
        if (now.status === 'pending') throw error;
        return info(now);
      }
    },

    async refund(input) {
      const made = await request<OpnRefund>(
        'POST',
        `${chargePath(input.chargeId)}/refunds`,
        { amount: input.amount },
        { 'Idempotency-Key': input.idempotencyKey },
      );
      const refundId = text(made.id);
      if (!refundId) throw new Error(`Opn refunded ${input.chargeId} without a refund id`);
      return {
        refundId,
        amount: satang(made.amount ?? Number.NaN),
        status: made.status === 'closed' ? 'done' : 'pending',
      };
    },

    async listCharges(window) {
      const records: ChargeRecord[] = [];
      for (let offset = 0; ; ) {
        const query = new URLSearchParams({
          from: window.from.toISOString(),
          to: window.to.toISOString(),
          limit: String(PAGE),
          offset: String(offset),
          order: 'chronological',
        });
        const page = await request<OpnList<OpnCharge>>('GET', `/charges?${query}`);
        const data = page.data ?? [];
        records.push(...data.map(record));
        offset += data.length;
        // `total` counts the whole window; an empty page also ends it, should charges leave the window meanwhile.
        if (data.length === 0 || offset >= (page.total ?? 0)) return records;
      }
    },

    verifyNotification(headers, rawBody) {
      const signatures = headerValue(headers, 'omise-signature');
      const timestamp = headerValue(headers, 'omise-signature-timestamp');
      if (!signatures || !timestamp || !/^\d{1,12}$/.test(timestamp) || webhookKey.length === 0) return null;
      const expected = createHmac('sha256', webhookKey).update(`${timestamp}.`).update(rawBody).digest();
      const valid = signatures
        .split(',')
        .some((s) => /^[0-9a-f]{64}$/i.test(s.trim()) && sameSignature(expected, s.trim(), 'hex'));
      if (!valid) return null;
      const event = parseJsonObject(rawBody);
      const data = event?.data as OpnCharge | undefined;
      // Only charge events move an order; any other signed event is acknowledged and ignored.
      const id = data?.object === 'charge' ? text(data.id) : undefined;
      return id ? { chargeId: id } : null;
    },

    cardForm() {
      return { gateway: 'opn', kind: 'omise-js', scriptUrl: config.scriptUrl, publicKey: config.publicKey };
    },
  };
}
