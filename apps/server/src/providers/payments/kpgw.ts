import { createHash } from 'node:crypto';
import { type Satang, toBaht, toSatang } from '@sikkha/contract/rules';
import { type Clock, systemClock } from '../../clock.js';
import { callGateway, headerValue, parseJsonObject, sameSignature, text } from './http.js';
import {
  type ChargeInfo,
  type ChargeRecord,
  type ChargeStatus,
  GatewayRefused,
  type PaymentGateway,
  type RedirectChargeInput,
} from './port.js';

export interface KpgwConfig {
  /** e.g. https://kpaymentgateway-services.kasikornbank.com (test: https://dev-kpaymentgateway-services...) */
  apiUrl: string;
  /** e.g. https://kpaymentgateway.kasikornbank.com/ui/v2/kpayment.min.js */
  scriptUrl: string;
  publicKey: string;
  secretKey: string;
  /** The shop's merchant id for cards and QR (`mid`). */
  merchantId: string;
  /** The shop's smart-pay id; smart-pay is offered only with one. */
  smartpayId?: string;
  /** How long a call may take before KBank counts as down (http.ts's default when not set). */
  timeoutMs?: number | undefined;
}

/** KPGW's charge and order objects, as far as the shop reads them. */
interface KpgwObject {
  id?: string;
  object?: string;
  amount?: number | string;
  currency?: string;
  status?: string;
  transaction_state?: string;
  reference_order?: string;
  redirect_url?: string;
  failure_code?: string;
  failure_message?: string;
  /** `YYYYMMDDHHmmSS` (KBank's sample adds milliseconds), Bangkok time. */
  created?: string;
  /** Assumed (docs/PAYMENTS.md): what has been refunded of it, decimal baht. */
  refund_amount?: number | string;
  /** What the shop sent in `metadata`: the attempt that made it. */
  metadata?: { attempt?: string } | null;
  /** A QR charge: the order it pays. */
  order_id?: string;
}

/** A transaction as KBank tells it, and what that makes it for the shop. */
interface Inquiry {
  object: KpgwObject;
  status: ChargeStatus;
}

/** Assumed (docs/PAYMENTS.md): the transactions made with one `reference_order`. */
interface KpgwList {
  data?: KpgwObject[];
}

/** KPGW's answer to a refund, as assumed in docs/PAYMENTS.md. */
interface KpgwRefund {
  id?: string;
  amount?: number | string;
  status?: string;
}

/** Enough to reconcile a day quickly without a burst KBank might throttle. */
const INQUIRIES_AT_ONCE = 4;

/** KPGW speaks decimal baht with 2 places. */
const kpgwAmount = (amount: Satang) => Number(toBaht(amount).toFixed(2));

const BANGKOK_OFFSET_MS = 7 * 3600_000;

/** The calendar day in Thailand (no daylight saving), the day KBank's settlement batch closes on. */
const bangkokDay = (at: Date) => new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);

/** KBank's `created` is local Bangkok time without a zone. */
function createdOf(object: KpgwObject): Date | undefined {
  const digits = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(object.created ?? '');
  if (!digits) return undefined;
  const [, year, month, day, hour, minute, second] = digits;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+07:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A QR payment is an order until it is paid; cards, smart-pay and union-pay are charges. */
const isQrOrder = (id: string) => id.startsWith('order_');
const objectPath = (id: string) =>
  isQrOrder(id) ? `/qr/v2/order/${encodeURIComponent(id)}` : `/card/v2/charge/${encodeURIComponent(id)}`;

/**
 * KBank's word on a transaction: `transaction_state` Authorized is paid; Initialize and Pre-Authorized (waiting for
 * 3-D Secure or the QR scan) are pending; Declined, Reversed, Voided and Refund Sent are failed; Expired is expired.
 * A `status` of fail with no state is a failed request.
 */
function statusOf(object: KpgwObject): ChargeStatus {
  switch (object.transaction_state) {
    case 'Authorized':
      return object.status === 'success' ? 'paid' : 'failed';
    case 'Initialize':
    case 'Pre-Authorized':
      return 'pending';
    case 'Expired':
      return 'expired';
    case undefined:
      return object.status === 'fail' ? 'failed' : 'pending';
    default:
      return 'failed';
  }
}

/** What a field-by-field merge keeps: what the later object actually says. */
const said = (object: KpgwObject) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined));

/**
 * A QR order's status when its charge has not settled: the order may say it is over (Expired, or Voided by the
 * shop), never that it is paid; that is the charge's word alone.
 */
function orderStatus(order: KpgwObject): ChargeStatus {
  const status = statusOf(order);
  return status === 'paid' ? 'pending' : status;
}

/**
 * KBank's K-Payment Gateway: QR orders (`POST /qr/v2/order`, shown by KBank's script with the order id), card
 * charges with a token from KBank's form (`POST /card/v2/charge`, 3-D Secure by `redirect_url`), smart-pay (a card
 * charge with the smart-pay id and term) and union-pay (`source_type` unionpay, paid at `redirect_url`), inquiry
 * (`GET /card/v2/charge/{id}`; for a QR order `GET /qr/v2/order/{id}` and its charge, `GET /qr/v2/qr/{id}`), all with
 * the secret key in `x-api-key`. Notifications carry
 * `checksum` = SHA-256 of id, amount with 4 decimals, currency, status, transaction_state and the secret key.
 * Void (`POST .../{id}/void`) and refund (`POST .../{id}/refund`) under the same two paths, the inquiry's
 * `created` and `refund_amount`, and the lookup by reference (`GET /card/v2/charge?reference_order=...`, the same
 * under `/qr/v2/order`) that keeps a retried attempt from charging twice, are assumptions, not KBank's documentation: docs/PAYMENTS.md says which and why.
 *
 * KPGW returns the person after 3-D Secure to the result URL set in KBank's merchant portal (the shop's
 * `/order/callback`) with a form post of `objectId` (the charge) and `status`; `returnUrl` is not sent.
 */
export function kpgwGateway(config: KpgwConfig, clock: Clock = systemClock): PaymentGateway {
  const api = config.apiUrl.replace(/\/$/, '');
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    callGateway<T>(
      'kpgw',
      `${api}${path}`,
      { method, headers: { 'x-api-key': config.secretKey }, body, timeoutMs: config.timeoutMs },
      (status, b) => ({
        code: text(b.code) ?? text(b.failure_code) ?? String(status),
        message: text(b.message) ?? text(b.failure_message) ?? '',
      }),
    );

  /**
   * KBank's word on a transaction. A QR order answers what was asked (amount, reference, created); whether it is
   * paid is its charge's, asked with the order id as public integrations do (docs/PAYMENTS.md): no KBank document
   * here shows the order answer carrying `transaction_state`. A charge KBank does not know yet is no payment.
   */
  async function inquire(id: string): Promise<Inquiry> {
    const object = await call<KpgwObject>('GET', objectPath(id));
    if (!isQrOrder(id)) return { object, status: statusOf(object) };
    const charge = await call<KpgwObject>('GET', `/qr/v2/qr/${encodeURIComponent(id)}`).catch((error: unknown) => {
      if (error instanceof GatewayRefused) return undefined;
      throw error;
    });
    if (charge?.order_id !== undefined && charge.order_id !== id) {
      throw new Error(`KPGW answered the charge of ${id} with one of ${charge.order_id}`);
    }
    if (!charge || statusOf(charge) === 'pending') return { object, status: orderStatus(object) };
    // The charge says what was paid; the order fills in what the charge does not say.
    return { object: { ...object, ...said(charge) }, status: statusOf(charge) };
  }

  /**
   * Makes a charge or a QR order, unless the same attempt made one whose answer was lost. KPGW has no idempotency
   * key that we know of: the attempt's key travels in `metadata`, and the transactions of the order's reference are
   * asked first. A lookup KBank refuses (no such call after all) counts as none found, so paying still works.
   */
  async function create(
    path: '/card/v2/charge' | '/qr/v2/order',
    body: Record<string, unknown> & { reference_order: string },
    attemptKey: string | undefined,
  ) {
    if (!attemptKey) return call<KpgwObject>('POST', path, body);
    const query = new URLSearchParams({ reference_order: body.reference_order });
    const made = await call<KpgwList>('GET', `${path}?${query}`).catch((error: unknown) => {
      if (error instanceof GatewayRefused) return {} as KpgwList;
      throw error;
    });
    const earlier = made.data?.find((object) => object.metadata?.attempt === attemptKey);
    return earlier ?? call<KpgwObject>('POST', path, { ...body, metadata: { attempt: attemptKey } });
  }
  const charge = (body: Record<string, unknown> & { reference_order: string }, attemptKey: string | undefined) =>
    create('/card/v2/charge', body, attemptKey);

  function chargeId(object: KpgwObject): string {
    const id = text(object.id);
    if (!id) throw new Error('KPGW answered without an id');
    return id;
  }

  async function redirectCharge(input: RedirectChargeInput) {
    const common = {
      amount: kpgwAmount(input.amount),
      currency: 'THB',
      description: input.description,
      reference_order: input.orderRef,
    };
    if (input.method === 'unionpay') {
      const made = await charge(
        { ...common, source_type: 'unionpay', additional_data: { mid: config.merchantId } },
        input.attemptKey,
      );
      const url = text(made.redirect_url);
      if (!url) throw new Error(`KPGW union-pay charge ${chargeId(made)} has no redirect_url`);
      return { chargeId: chargeId(made), redirectUrl: url };
    }
    if (!config.smartpayId) throw new Error('smart-pay needs KPGW_SMARTPAY_ID');
    if (!input.token) throw new Error('a KPGW smart-pay charge needs the token of KBank’s form');
    const made = await charge(
      {
        ...common,
        source_type: 'card',
        mode: 'token',
        token: input.token,
        additional_data: { mid: config.merchantId, smartpay_id: config.smartpayId, term: input.installmentTerm ?? 3 },
      },
      input.attemptKey,
    );
    // A card enrolled without 3-D Secure is settled at once: the person goes straight back.
    return { chargeId: chargeId(made), redirectUrl: text(made.redirect_url) ?? input.returnUrl };
  }

  function info({ object, status }: Inquiry, id: string): ChargeInfo {
    return {
      chargeId: id,
      status,
      amount: toSatang(object.amount ?? Number.NaN),
      orderRef: text(object.reference_order) ?? '',
      failureMessage: text(object.failure_message),
      ...refundedOf(object),
    };
  }

  /**
   * Only where KBank says it. `Voided` alone says nothing: a pending charge the shop cancelled is voided too, with
   * nothing taken.
   */
  function refundedOf(object: KpgwObject): { refunded?: Satang } {
    const amount = object.refund_amount;
    return amount === undefined || amount === '' ? {} : { refunded: toSatang(amount) };
  }

  function record(inquiry: Inquiry, id: string): ChargeRecord {
    const createdAt = createdOf(inquiry.object);
    if (!createdAt) throw new Error(`KPGW ${id} has no created time`);
    const known = info(inquiry, id);
    return { ...known, refunded: known.refunded ?? toSatang(0), createdAt };
  }

  async function voidOf(id: string): Promise<Inquiry> {
    const object = await call<KpgwObject>('POST', `${objectPath(id)}/void`);
    return { object, status: statusOf(object) };
  }

  return {
    name: 'kpgw',
    methods: config.smartpayId ? ['qr', 'card', 'smartpay', 'unionpay'] : ['qr', 'card', 'unionpay'],

    async createQrCharge(input) {
      const order = await create(
        '/qr/v2/order',
        {
          amount: kpgwAmount(input.amount),
          currency: 'THB',
          description: input.description,
          source_type: 'qr',
          reference_order: input.orderRef,
          additional_data: { mid: config.merchantId },
        },
        input.attemptKey,
      );
      const orderId = chargeId(order);
      return {
        chargeId: orderId,
        display: { kind: 'script', scriptUrl: config.scriptUrl, publicKey: config.publicKey, orderId },
        expiresAt: input.expiresAt,
      };
    },

    async chargeCard(input) {
      const made = await charge(
        {
          amount: kpgwAmount(input.amount),
          currency: 'THB',
          description: input.description,
          source_type: 'card',
          mode: 'token',
          token: input.token,
          reference_order: input.orderRef,
          additional_data: { mid: config.merchantId },
        },
        input.attemptKey,
      );
      const status = statusOf(made);
      const authorizeUrl = status === 'pending' ? text(made.redirect_url) : undefined;
      return { chargeId: chargeId(made), status, authorizeUrl, failureMessage: text(made.failure_message) };
    },

    createRedirectCharge: redirectCharge,

    async getCharge(id) {
      return info(await inquire(id), id);
    },

    async cancelCharge(id) {
      const before = await inquire(id);
      if (before.status !== 'pending') return info(before, id);
      try {
        return info(await voidOf(id), id);
      } catch (error) {
        // Paid or expired between the two calls: KBank refuses the void, and its word now is the answer.
        if (!(error instanceof GatewayRefused)) throw error;
        const now = await inquire(id);
        if (now.status === 'pending') throw error;
        return info(now, id);
      }
    },

    async refund(input) {
      const id = input.chargeId;
      const { object } = await inquire(id);
      const whole = toSatang(object.amount ?? Number.NaN);
      // A void already made is the answer to the same full refund asked again: no idempotency key is known for KPGW.
      if (object.transaction_state === 'Voided') {
        if (input.amount !== whole) throw new GatewayRefused('kpgw', 'already_voided', `${id} was voided in full`);
        return { refundId: id, amount: whole, status: 'done' };
      }
      const created = createdOf(object);
      // Before the day's settlement a void cancels the sale itself: nothing reaches the statement, no refund fee.
      if (input.amount === whole && created && bangkokDay(created) === bangkokDay(clock.now())) {
        let voided: Inquiry | undefined;
        try {
          voided = await voidOf(id);
        } catch (error) {
          // Already settled (a batch may close before midnight): only a refund can give it back now.
          if (!(error instanceof GatewayRefused)) throw error;
        }
        if (voided) {
          // Accepted but not Voided: refunding on top could give it back twice, so the caller asks again later.
          const state = voided.object.transaction_state;
          if (state !== 'Voided') {
            throw new Error(`KPGW answered the void of ${id} with ${state ?? 'no state'}`);
          }
          return { refundId: id, amount: whole, status: 'done' };
        }
      }
      const made = await call<KpgwRefund>('POST', `${objectPath(id)}/refund`, {
        amount: kpgwAmount(input.amount),
        currency: 'THB',
      });
      const refundId = text(made.id);
      if (!refundId) throw new Error(`KPGW refunded ${id} without a refund id`);
      return {
        refundId,
        amount: made.amount === undefined ? input.amount : toSatang(made.amount),
        status: made.status === 'success' ? 'done' : 'pending',
      };
    },

    async listCharges(window) {
      // KPGW has no list: each charge the shop knows is asked, a few at a time. A charge KBank refuses to know is
      // left out of the list (reconciliation then reports a shop's paid charge as not paid there); an outage still
      // stops the run, to be tried again.
      const records: ChargeRecord[] = [];
      const known = async (id: string) => {
        try {
          return record(await inquire(id), id);
        } catch (error) {
          if (error instanceof GatewayRefused) return null;
          throw error;
        }
      };
      for (let start = 0; start < window.chargeIds.length; start += INQUIRIES_AT_ONCE) {
        const ids = window.chargeIds.slice(start, start + INQUIRIES_AT_ONCE);
        for (const found of await Promise.all(ids.map(known))) if (found) records.push(found);
      }
      return records;
    },

    verifyNotification(headers, rawBody) {
      const type = headerValue(headers, 'content-type') ?? '';
      if (!type.startsWith('application/json')) return null;
      const body = parseJsonObject(rawBody);
      if (!body) return null;
      const id = text(body.id);
      const checksum = text(body.checksum);
      const amount = Number(body.amount);
      if (!id || !checksum || !Number.isFinite(amount)) return null;
      const signed = `${id}${amount.toFixed(4)}${text(body.currency) ?? ''}${text(body.status) ?? ''}${
        text(body.transaction_state) ?? ''
      }${config.secretKey}`;
      const expected = createHash('sha256').update(signed, 'utf8').digest();
      if (!/^[0-9a-f]{64}$/i.test(checksum) || !sameSignature(expected, checksum, 'hex')) return null;
      // A paid QR order notifies with its charge and the order it pays; the shop knows the order.
      return { chargeId: text(body.order_id) ?? id };
    },

    cardForm() {
      return {
        gateway: 'kpgw',
        kind: 'kpayment',
        scriptUrl: config.scriptUrl,
        publicKey: config.publicKey,
        merchantId: config.merchantId,
        smartpayId: config.smartpayId,
      };
    },
  };
}
