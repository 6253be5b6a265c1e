import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Satang, satang, sumSatang } from '@sikkha/contract/rules';
import type { Clock } from '../../../clock.js';
import { headerValue, parseJsonObject, sameSignature, text } from '../http.js';
import {
  type ChargeInfo,
  type ChargeMethod,
  type ChargeRecord,
  type ChargeStatus,
  GatewayRefused,
  type PaymentGateway,
  type RefundResult,
} from '../port.js';

/** Where the sandbox's pages and calls live on the shop's own server. */
export const SANDBOX_PREFIX = '/api/sandbox-gateway';

export type TestCardOutcome = 'success' | 'decline' | '3ds';

/** The sandbox's test cards (Opn's and the card schemes' usual test numbers); any other number is refused. */
export const sandboxTestCards: readonly { number: string; outcome: TestCardOutcome }[] = [
  { number: '4242424242424242', outcome: 'success' },
  { number: '4000000000000002', outcome: 'decline' },
  { number: '4000000000003220', outcome: '3ds' },
];

/** How long a card or redirect charge waits for its 3-D Secure or payment page. */
const REDIRECT_LIFETIME_MS = 60 * 60 * 1000;

export interface SandboxCharge {
  id: string;
  method: ChargeMethod;
  amount: Satang;
  orderRef: string;
  description: string;
  status: ChargeStatus;
  expiresAt: string;
  /** Absent on charges kept from before the sandbox listed charges: those are in no window. */
  createdAt?: string;
  returnUrl?: string;
  failureMessage?: string;
  refunds?: SandboxRefund[];
}

export interface SandboxRefund {
  id: string;
  amount: Satang;
  idempotencyKey: string;
  createdAt: string;
}

interface SandboxToken {
  outcome: TestCardOutcome;
  used: boolean;
}

export interface SandboxConfig {
  /** Signs the sandbox's notifications. */
  secret: string;
  /** The shop's address: the QR of a test charge opens the sandbox's page there. */
  publicUrl: string;
  clock: Clock;
  /** Keeps the charges across restarts (the embedded shop's data folder); in memory when absent. */
  file?: string;
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/**
 * A gateway of its own for the embedded default with no keys: test cards decide a card's outcome (success, decline,
 * or a 3-D Secure page), a test QR is marked paid by a person on its page, smart-pay and union-pay are a page that
 * pays or fails. It keeps the real flow: a token from a script in the browser, a charge that may wait for an
 * authorize page, a signed notification to `/order/notify`, and `getCharge` as the truth. Refused in production
 * unless PAYMENT_SANDBOX=true (config).
 */
export function sandboxGateway(config: SandboxConfig) {
  const charges = new Map<string, SandboxCharge>();
  const tokens = new Map<string, SandboxToken>();
  const key = createHmac('sha256', config.secret).update('sandbox-gateway').digest();

  if (config.file) {
    try {
      const kept = JSON.parse(readFileSync(config.file, 'utf8')) as SandboxCharge[];
      for (const charge of kept) charges.set(charge.id, charge);
    } catch {
      // first start
    }
  }
  function save() {
    if (!config.file) return;
    mkdirSync(dirname(config.file), { recursive: true });
    const temporary = `${config.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify([...charges.values()]));
    renameSync(temporary, config.file);
  }

  const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;
  const now = () => config.clock.now();
  const pageUrl = (path: string) => `${SANDBOX_PREFIX}/${path}`;

  function add(charge: Omit<SandboxCharge, 'id' | 'status'> & { status?: ChargeStatus }): SandboxCharge {
    const made: SandboxCharge = { id: newId('chrg'), status: 'pending', createdAt: now().toISOString(), ...charge };
    charges.set(made.id, made);
    save();
    return made;
  }

  /** A charge as it stands now: a pending one past its time has expired. */
  function current(id: string): SandboxCharge | undefined {
    const charge = charges.get(id);
    if (charge?.status === 'pending' && new Date(charge.expiresAt).getTime() <= now().getTime()) {
      charge.status = 'expired';
      save();
    }
    return charge;
  }

  function found(id: string): SandboxCharge {
    const charge = current(id);
    if (!charge) throw new GatewayRefused('sandbox', 'not_found', `no charge ${id}`);
    return charge;
  }

  const refunded = (charge: SandboxCharge) => sumSatang((charge.refunds ?? []).map((r) => r.amount));

  function info(charge: SandboxCharge): ChargeInfo {
    return {
      chargeId: charge.id,
      status: charge.status,
      amount: satang(charge.amount),
      orderRef: charge.orderRef,
      failureMessage: charge.failureMessage,
      refunded: refunded(charge),
    };
  }

  /** The refund a key already made, wherever it was made. */
  function refundOfKey(key: string): { charge: SandboxCharge; refund: SandboxRefund } | undefined {
    for (const charge of charges.values()) {
      const refund = charge.refunds?.find((r) => r.idempotencyKey === key);
      if (refund) return { charge, refund };
    }
    return undefined;
  }

  function sign(body: string): string {
    return createHmac('sha256', key).update(body).digest('hex');
  }

  const gateway: PaymentGateway = {
    name: 'sandbox',
    methods: ['qr', 'card', 'smartpay', 'unionpay'],

    async createQrCharge(input) {
      const charge = add({
        method: 'qr',
        amount: input.amount,
        orderRef: input.orderRef,
        description: input.description,
        expiresAt: input.expiresAt.toISOString(),
      });
      const testPayUrl = pageUrl(`qr/${charge.id}`);
      // Scanned with a phone, the test QR opens the page where a person marks it paid.
      return {
        chargeId: charge.id,
        display: { kind: 'payload', payload: `${config.publicUrl}${testPayUrl}` },
        expiresAt: input.expiresAt,
        testPayUrl,
      };
    },

    async chargeCard(input) {
      const token = tokens.get(input.token);
      if (!token || token.used) throw new GatewayRefused('sandbox', 'invalid_card', 'token was not found or used');
      token.used = true;
      const base = {
        method: 'card' as const,
        amount: input.amount,
        orderRef: input.orderRef,
        description: input.description,
        expiresAt: new Date(now().getTime() + REDIRECT_LIFETIME_MS).toISOString(),
        returnUrl: input.returnUrl,
      };
      switch (token.outcome) {
        case 'success':
          return { chargeId: add({ ...base, status: 'paid' }).id, status: 'paid' };
        case 'decline': {
          const failureMessage = 'insufficient funds (sandbox test card)';
          return { chargeId: add({ ...base, status: 'failed', failureMessage }).id, status: 'failed', failureMessage };
        }
        case '3ds': {
          const charge = add(base);
          return { chargeId: charge.id, status: 'pending', authorizeUrl: pageUrl(`authorize/${charge.id}`) };
        }
      }
    },

    async createRedirectCharge(input) {
      const charge = add({
        method: input.method,
        amount: input.amount,
        orderRef: input.orderRef,
        description: input.description,
        expiresAt: new Date(now().getTime() + REDIRECT_LIFETIME_MS).toISOString(),
        returnUrl: input.returnUrl,
      });
      return { chargeId: charge.id, redirectUrl: pageUrl(`authorize/${charge.id}`) };
    },

    async getCharge(id): Promise<ChargeInfo> {
      return info(found(id));
    },

    async cancelCharge(id) {
      const charge = found(id);
      // Expired, its pages show it as over and take no answer (`decide` moves pending charges only).
      if (charge.status === 'pending') {
        charge.status = 'expired';
        save();
      }
      return info(charge);
    },

    async refund(input): Promise<RefundResult> {
      const earlier = refundOfKey(input.idempotencyKey);
      if (earlier) {
        // A key stands for one refund: the same key for another charge or amount is a mistake, not a retry.
        if (earlier.charge.id !== input.chargeId || earlier.refund.amount !== input.amount) {
          throw new GatewayRefused('sandbox', 'idempotency_key_reused', 'the key was used for another refund');
        }
        return { refundId: earlier.refund.id, amount: earlier.refund.amount, status: 'done' };
      }
      const charge = found(input.chargeId);
      if (charge.status !== 'paid') throw new GatewayRefused('sandbox', 'not_paid', `${charge.id} is ${charge.status}`);
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new GatewayRefused('sandbox', 'invalid_amount', 'a refund is a positive number of satang');
      }
      const left = charge.amount - refunded(charge);
      if (input.amount > left) {
        throw new GatewayRefused('sandbox', 'over_refund', `${input.amount} satang asked, ${left} left to refund`);
      }
      const refund: SandboxRefund = {
        id: newId('rfnd'),
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        createdAt: now().toISOString(),
      };
      charge.refunds = [...(charge.refunds ?? []), refund];
      save();
      return { refundId: refund.id, amount: refund.amount, status: 'done' };
    },

    async listCharges(window) {
      const records: ChargeRecord[] = [];
      for (const { id, createdAt } of charges.values()) {
        const at = createdAt ? new Date(createdAt) : undefined;
        if (!at || at < window.from || at > window.to) continue;
        const charge = found(id);
        records.push({ ...info(charge), refunded: refunded(charge), createdAt: at });
      }
      return records.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    verifyNotification(headers, rawBody) {
      const signature = headerValue(headers, SANDBOX_SIGNATURE_HEADER);
      if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return null;
      const expected = createHmac('sha256', key).update(rawBody).digest();
      if (!sameSignature(expected, signature, 'hex')) return null;
      const id = text(parseJsonObject(rawBody)?.id);
      return id ? { chargeId: id } : null;
    },

    cardForm() {
      return {
        gateway: 'sandbox',
        kind: 'omise-js',
        scriptUrl: pageUrl('omise.js'),
        publicKey: 'pkey_sandbox',
        testCards: sandboxTestCards,
      };
    },
  };

  return {
    gateway,
    /** Makes a token for a test card; any other number is refused. */
    tokenize(number: string): string | undefined {
      const card = sandboxTestCards.find((c) => c.number === number.replace(/[\s-]/g, ''));
      if (!card) return undefined;
      const id = newId('tokn');
      tokens.set(id, { outcome: card.outcome, used: false });
      return id;
    },
    charge: current,
    /**
     * A person's answer on the authorize or QR page: a pending charge becomes paid or failed, once. Answers the
     * notification to send (the body and its signature), or undefined when nothing changed.
     */
    decide(id: string, pay: boolean): { body: string; signature: string } | undefined {
      const charge = current(id);
      if (charge?.status !== 'pending') return undefined;
      charge.status = pay ? 'paid' : 'failed';
      if (!pay) charge.failureMessage = 'refused on the sandbox page';
      save();
      const body = JSON.stringify({ object: 'event', key: 'charge.complete', id: charge.id, status: charge.status });
      return { body, signature: sign(body) };
    },
  };
}

export type SandboxGateway = ReturnType<typeof sandboxGateway>;
