import { COOKIE_CONSENT, type CookieConsent } from '@sikkha/contract/rules/cookie-consent';

// The server renders the banner from the same reading of the cookie (and keeps its pages by it). The rule's own
// module, not the rules' index, which would bring every rule and message into the first load.
export { type CookieConsent, readCookieConsent } from '@sikkha/contract/rules/cookie-consent';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

// The spec keeps the answer in a cookie named cookie-confirm; a year, then the shopper is asked again.
export function saveCookieConsent(consent: CookieConsent) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox; the value is one of two fixed words
  document.cookie = `${COOKIE_CONSENT}=${consent}; max-age=${ONE_YEAR_SECONDS}; path=/; SameSite=Lax`;
}
