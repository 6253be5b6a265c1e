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
