import { type CookieConsent, cookieConsentCookie } from '@sikkha/contract/rules/cookie-consent';

// The server renders the banner from the same reading of the cookie (and keeps its pages by it). The rule's own
// module, not the rules' index, which would bring every rule and message into the first load.
export {
  COOKIE_CONSENT_FORM,
  type CookieConsent,
  readCookieConsent,
} from '@sikkha/contract/rules/cookie-consent';

// The spec keeps the answer in a cookie named cookie-confirm.
export function saveCookieConsent(consent: CookieConsent) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox; the value is one of two fixed words
  document.cookie = cookieConsentCookie(consent);
}
