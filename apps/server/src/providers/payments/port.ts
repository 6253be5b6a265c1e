import type { Satang } from '@sikkha/contract/rules';

/**
 * The card-and-QR payment gateway the shop charges through: KBank's K-Payment Gateway (the spec's), Opn Payments,
 * or the built-in sandbox of the embedded default. The orders module talks to this port only; each adapter turns
 * its amounts into the gateway's unit (KPGW: decimal baht, Opn: satang) and back, so every amount here is `Satang`.
 *
 * Only the server calls a gateway (deviation 3): card numbers never reach the shop's server, the browser turns
 * them into a one-time token with the gateway's own script (`cardForm`), and the server charges the token.
 * A return page or a notification is never proof of payment: `getCharge` asks the gateway again.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** The methods this gateway offers; the others are shown disabled. */
  readonly methods: readonly ChargeMethod[];

  /** A Thai QR (PromptPay) charge for one order; when it expires unpaid, make a new one, never reuse it. */
  createQrCharge(input: QrChargeInput): Promise<QrCharge>;

  /**
   * Charges a card token from the browser. A card that needs 3-D Secure answers `pending` with `authorizeUrl`:
   * send the person there; the gateway brings them back to `returnUrl` (and notifies the server).
   */
  chargeCard(input: CardChargeInput): Promise<CardCharge>;

  /** Smart-pay (KBank's installment card payment) and union-pay: the person pays on the gateway's page. */
  createRedirectCharge(input: RedirectChargeInput): Promise<RedirectCharge>;

  /** The gateway's own word on a charge: the only thing that finishes an order. */
  getCharge(chargeId: string): Promise<ChargeInfo>;

  /**
   * Stops a charge that is still pending from being paid (an expired QR, a 3-D Secure page left open, an
   * authorization not captured), then answers the gateway's word on it. A charge paid in the meantime answers
   * `paid`: the caller finishes that order instead of cancelling it. A charge already settled answers as it is.
   */
  cancelCharge(chargeId: string): Promise<ChargeInfo>;

  /**
   * Gives back part or all of a paid charge. The same `idempotencyKey` must never give money back twice, so a retry
   * after a timeout reuses the key. More than is left to refund is the gateway's refusal (`GatewayRefused`); an
   * outage throws something else and the caller may try again with the same key.
   */
  refund(input: RefundInput): Promise<RefundResult>;

  /**
   * The gateway's charges of a time window, for reconciliation against the shop's orders. Gateways that cannot
   * list (KPGW) inquire `chargeIds`, the charges the shop knows in the window; the others list everything they
   * have, so a charge the shop never recorded shows up too.
   */
  listCharges(window: ChargeWindow): Promise<ChargeRecord[]>;

  /**
   * Checks a notification's signature (KPGW's checksum, Opn's HMAC header, the sandbox's HMAC) on the raw bytes as
   * received: the charge it names, or null when the signature is missing or wrong. A valid one still means only
   * "ask `getCharge`".
   */
  verifyNotification(headers: NotificationHeaders, rawBody: Buffer): ChargeNotice | null;

  /** What the browser needs to tokenize a card with this gateway's script. */
  cardForm(): CardFormInfo;
}

/** Origins a third party's browser script needs (the payment gateway's card form). */
export interface ThirdPartyOrigins {
  scripts: readonly string[];
  connect: readonly string[];
  frames: readonly string[];
}

export type GatewayName = 'kpgw' | 'opn' | 'sandbox';

export type ChargeStatus = 'pending' | 'paid' | 'failed' | 'expired';

export type RedirectMethod = 'smartpay' | 'unionpay';

export type ChargeMethod = 'qr' | 'card' | RedirectMethod;

export interface QrChargeInput {
  /** The order's reference (`SPSK` + id), sent as the gateway's reference so its reports match ours. */
  orderRef: string;
  amount: Satang;
  description: string;
  /** When the shop stops waiting; the adapter asks the gateway for this lifetime where the gateway takes one. */
  expiresAt: Date;
  /**
   * One key per attempt to pay the order, the same when an attempt whose answer was lost (a timeout, a cut
   * connection, a 5xx) is made again: the gateway then answers the charge that attempt made instead of making a
   * second one (Opn's `Idempotency-Key`; KPGW: looked up by the order's reference, docs/PAYMENTS.md).
   */
  attemptKey?: string;
}

export interface QrCharge {
  chargeId: string;
  /** How the QR is shown: its EMVCo text (draw it with `qrcode`), an image the gateway hosts, or the gateway's script. */
  display: QrDisplay;
  /** When the gateway stops taking payment for it (the earlier of the gateway's and ours). */
  expiresAt: Date;
  /** The sandbox only: its page where a person marks the test QR paid (or failed). */
  testPayUrl?: string;
}

export type QrDisplay =
  | { kind: 'payload'; payload: string }
  | { kind: 'image'; url: string }
  /** KPGW draws its QR itself: load `scriptUrl` with the public key and this order id (`data-order-id`). */
  | { kind: 'script'; scriptUrl: string; publicKey: string; orderId: string };

export interface CardChargeInput {
  /** The one-time token the gateway's script made in the browser. */
  token: string;
  amount: Satang;
  orderRef: string;
  description: string;
  /** Where the gateway sends the person after 3-D Secure (our `/order/callback`). */
  returnUrl: string;
  /** As in `QrChargeInput`. */
  attemptKey?: string;
}

export interface CardCharge {
  chargeId: string;
  status: ChargeStatus;
  /** The gateway's 3-D Secure page, when the card needs it (status stays `pending` until the person is back). */
  authorizeUrl?: string;
  /** The gateway's reason for a decline, for the log and staff; the person sees the spec's payment-failed dialog. */
  failureMessage?: string;
}

export interface RedirectChargeInput {
  method: RedirectMethod;
  amount: Satang;
  orderRef: string;
  description: string;
  /** Where the gateway sends the person back (our `/order/callback`). */
  returnUrl: string;
  /** A card token, for gateways whose smart-pay form tokenizes the card first (KPGW); others ignore it. */
  token?: string;
  /** Smart-pay's number of monthly instalments (3 when not given). */
  installmentTerm?: number;
  /** As in `QrChargeInput`. */
  attemptKey?: string;
}

export interface RedirectCharge {
  chargeId: string;
  /** The gateway's page to send the person to (the spec's `redirect_url`). */
  redirectUrl: string;
}

export interface ChargeInfo {
  chargeId: string;
  status: ChargeStatus;
  amount: Satang;
  /** The reference the charge was made with: the order it pays. */
  orderRef: string;
  failureMessage?: string;
  /** What has been given back of it so far, where the gateway's answer says so. */
  refunded?: Satang;
}

export interface RefundInput {
  chargeId: string;
  amount: Satang;
  /** One key per refund the shop means to make, kept with it, so a retry is recognised as the same refund. */
  idempotencyKey: string;
}

export interface RefundResult {
  refundId: string;
  amount: Satang;
  /** `pending` when the gateway has accepted the refund but not finished it. */
  status: 'done' | 'pending';
}

export interface ChargeWindow {
  from: Date;
  to: Date;
  chargeIds: readonly string[];
}

export type ChargeRecord = ChargeInfo & { refunded: Satang; createdAt: Date };

export interface ChargeNotice {
  chargeId: string;
}

/** Request headers as Fastify and node give them (names lower-case). */
export type NotificationHeaders = Record<string, string | string[] | undefined>;

/**
 * The gateway's script that makes a card token in the browser:
 * - `omise-js` (Opn and the sandbox): load `scriptUrl`, `Omise.setPublicKey(publicKey)`, then
 *   `Omise.createToken('card', { name, number, expiration_month, expiration_year, security_code }, (status, r) => ...)`
 *   gives `r.id` (the token) or `r.message`; the page's own inputs hold the card, never sent to our server.
 * - `kpayment` (KPGW): a `<form method="POST" action="...">` holding `<script src={scriptUrl} data-apikey={publicKey}
 *   data-amount="1990.00" data-currency="THB" data-payment-methods="card" data-mid={merchantId}>` (and
 *   `data-smartpay-id`, `data-term` for smart-pay): KBank's own form posts `token` to the action.
 */
export interface CardFormInfo {
  gateway: GatewayName;
  kind: 'omise-js' | 'kpayment';
  scriptUrl: string;
  publicKey: string;
  /** KPGW's merchant id (`data-mid`). */
  merchantId?: string;
  /** KPGW's smart-pay id (`data-smartpay-id`), when the shop has smart-pay. */
  smartpayId?: string;
  /** The sandbox's test card numbers and what each does, to show beside its form. */
  testCards?: readonly { number: string; outcome: 'success' | 'decline' | '3ds' }[];
}

/**
 * Where gateways reach the shop, set once in each gateway's dashboard (the sandbox uses them as they are): the
 * server-to-server notification (a POST whose raw body `verifyNotification` checks), and the page a person comes
 * back to after 3-D Secure or a redirect payment. Opn and the sandbox come back to `returnUrl` as given (a GET:
 * put the order's page token in its query); KPGW comes back to the result URL set in its portal with a form POST
 * of `objectId` (the charge id) and `status`. Either way the callback only asks `getCharge`.
 */
export const gatewayPaths = { notify: '/order/notify', callback: '/order/callback' } as const;

/** A gateway refused a request (bad token, amount, key): a 4xx from it, not an outage. */
export class GatewayRefused extends Error {
  constructor(
    readonly gateway: GatewayName,
    readonly code: string,
    message: string,
  ) {
    super(`${gateway} refused: ${code} ${message}`);
  }
}
