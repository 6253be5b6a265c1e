import { COOKIE_CONSENT } from '../constants.js';

/** The cookie the banner's answer is kept in (spec: cookie-confirm). */
export { COOKIE_CONSENT };

export type CookieConsent = 'agree' | 'disagree';

/**
 * The shopper's answer to the cookie banner in `cookies` (a Cookie header or document.cookie): the one thing of a
 * request the server-rendered page depends on.
 */
export function readCookieConsent(cookies: string): CookieConsent | null {
  const value = cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${COOKIE_CONSENT}=`))
    ?.slice(COOKIE_CONSENT.length + 1);
  return value === 'agree' || value === 'disagree' ? value : null;
}

/** A year, then the shopper is asked again. */
const KEPT_SECONDS = 365 * 24 * 60 * 60;

/** The cookie that keeps an answer: what the browser writes after a click, and the server after a form post. */
export function cookieConsentCookie(consent: CookieConsent): string {
  return `${COOKIE_CONSENT}=${consent}; Max-Age=${KEPT_SECONDS}; Path=/; SameSite=Lax`;
}

/**
 * Where the banner's form posts its answer (fields `answer` and `back`, the page to return to) when it is tapped
 * before the page's script has run: the server keeps the cookie and sends the shopper back.
 */
export const COOKIE_CONSENT_FORM = '/cookie-consent';
