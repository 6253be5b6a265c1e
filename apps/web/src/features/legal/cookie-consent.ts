export type CookieConsent = 'agree' | 'disagree';

const COOKIE_NAME = 'cookie-confirm';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The answer in `cookies` (a Cookie header or document.cookie). */
export function readCookieConsent(cookies: string): CookieConsent | null {
  const value = cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${COOKIE_NAME}=`))
    ?.slice(COOKIE_NAME.length + 1);
  return value === 'agree' || value === 'disagree' ? value : null;
}

// The spec keeps the answer in a cookie named cookie-confirm; a year, then the shopper is asked again.
export function saveCookieConsent(consent: CookieConsent) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox; the value is one of two fixed words
  document.cookie = `${COOKIE_NAME}=${consent}; max-age=${ONE_YEAR_SECONDS}; path=/; SameSite=Lax`;
}
