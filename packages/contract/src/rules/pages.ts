/**
 * The storefront's pages (spec §2 "Public routes"), in React Router's notation (`:name?` is an optional segment).
 * The web's router is built from them and the server answers 404 for any other page path, so the two never
 * disagree about which pages exist.
 */
export const storefrontPages = {
  home: '',
  product: 'product/:product?',
  code: 'code/:code?',
  courses: 'courses/:type?/:id?',
  logout: 'logout',
  pricing: 'pricing/:type?/:id?',
  news: 'news/:id?',
  allNews: 'allNews',
  contact: 'contact',
  inspire: 'inspire',
  callback: 'callback',
  privacyPolicy: 'privacy-policy',
  terms: 'terms-and-conditions',
  signaturePrivacyPolicy: 'signaturePrivacyPolicy',
  // The spec's own spellings (creditCardSmatrPay, qrPlayment) are part of the contract.
  checkout: 'checkout',
  checkoutQr: 'checkoutQr',
  checkoutUnionpay: 'checkoutUnionpay',
  creditCard: 'creditCard/:id?',
  creditCardSmartPay: 'creditCardSmatrPay/:id?',
  qrPayment: 'qrPlayment/:id?',
  coin: 'coin',
  /** The public verification of a certificate, opened by its QR code. */
  certificate: 'certificate/:number',
  /** The public verification of an issued receipt, tax invoice or note, by its number and total (?no=&amount=). */
  documentVerify: 'verify-document',
  /** The member's learning: time watched, a chart per day, progress and resume per course. */
  learning: 'learning',
  /** A buyer takes one of a course's tests full-page (the course dialog links here). */
  courseTest: 'course/:product/test/:quiz',
} as const;

export type StorefrontPage = keyof typeof storefrontPages;

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern ? pattern.split('/') : [];
  if (segments.length > parts.length) return false;
  return parts.every((part, i) => {
    const segment = segments[i];
    if (part.startsWith(':')) return segment !== undefined || part.endsWith('?');
    // React Router matches literal segments without regard to case.
    return segment !== undefined && segment.toLowerCase() === part.toLowerCase();
  });
}

/** Whether a path (no query) is a page the web app has: a storefront page or anything under /admin. */
export function isWebPage(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0]?.toLowerCase() === 'admin') return true;
  return Object.values(storefrontPages).some((pattern) => matches(pattern, segments));
}

/**
 * JSON written inside a page's `<script type="application/…json">` element (the server's structured data, the
 * server-rendered page's query answers): `<` escaped, so no value can close the element or open another.
 */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The page of one of a course's tests. */
export const courseTestPath = (productId: number, quizId: number) => `/course/${productId}/test/${quizId}`;

/** The spec opens a course by its title: /product/{product_title} (links in the app, mails and the sitemap). */
export const coursePath = (title: string) => `/product/${encodeURIComponent(title)}`;

/** With a course's address, the lesson (its video id) the course dialog opens at: "resume" links, lesson notices. */
export const LESSON_PARAM = 'lesson';
export const lessonPath = (title: string, videoId: number) => `${coursePath(title)}?${LESSON_PARAM}=${videoId}`;
