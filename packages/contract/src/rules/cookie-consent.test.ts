import { expect, test } from 'vitest';
import { readCookieConsent } from './cookie-consent.js';

test("the banner's answer is read among other cookies; anything else is no answer", () => {
  expect(readCookieConsent('cookie-confirm=agree')).toBe('agree');
  expect(readCookieConsent('_ga=GA1.1.2; cookie-confirm=disagree; theme=dark')).toBe('disagree');
  expect(readCookieConsent('')).toBeNull();
  expect(readCookieConsent('cookie-confirm=maybe')).toBeNull();
  expect(readCookieConsent('my-cookie-confirm=agree')).toBeNull();
});
