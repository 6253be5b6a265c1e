/** Business constants of the spec (storefront §9, orders §9). */
/** The shop's one name wherever it signs something: the bell, mails, documents' metadata. */
export const SHOP_NAME = 'สิกขา';
/**
 * The Graph API version the shop speaks (Facebook sign-in, Messenger). Meta keeps a version about two years; v19.0,
 * the first one used here, stopped on 2026-05-21. v26.0 was released on 2026-07-29.
 */
export const FACEBOOK_GRAPH_VERSION = 'v26.0';
/** The months a KBank card instalment plan may run, as Opn's `installment_kbank` documents them. */
export const INSTALLMENT_TERMS = [3, 4, 6, 10] as const;
export const TOKEN_MAX_AGE_SECONDS = 21_600;
export const RECHECK_INTERVAL_MS = 300_000;
/** How long a member waits before asking for another e-mail code or reset link. */
export const RESEND_SECONDS = 60;
export const PHONE_LENGTH = 10;
/** The longest search the server takes; the search box stops there. */
export const SEARCH_MAX_LENGTH = 100;
export const CARD_ID_LENGTH = 13;
export const HERO_HEIGHT = { xs: 220, sm: 400, md: 500, lg: 600, xl: 800 } as const;
export const PLAYER_HEIGHT = { xs: 195, sm: 320, md: 500 } as const;
export const PLAYBACK_RATES = [0.5, 1, 1.25, 1.5, 2] as const;
export const DIALOG_WIDTH = {
  login: 290,
  register: 600,
  address: 600,
  coupon: 600,
  coinCoupon: 800,
  payment: 1150,
  course: 1500,
} as const;
export const COOKIE_CONSENT = 'cookie-confirm';
/**
 * No card surcharge by default: card-network rules for Thai merchants generally forbid one. A shop allowed to
 * surcharge sets FEE_FACTOR (the spec's 1.02675); the fee is then its own line before paying.
 */
export const FEE_FACTOR = 1;

/** Payment type ids of the payment screen (spec 2 §6), with smart-pay and union-pay as types of their own. */
export const PAYMENT_TYPE = { card: 1, transfer: 4, qr: 5, coin: 6, smartPay: 7, unionPay: 8 } as const;
