// The zod-free part of the contract: pure rules and constants the storefront can import without pulling in
// every schema (the storefront's first load has a 200 KB budget).
export * from '../constants.js';
export { fileUrl } from '../uploads.js';
export * from './banks.js';
export * from './card.js';
export * from './catalogue.js';
export * from './coins.js';
export * from './cookie-consent.js';
export * from './coupons.js';
export * from './csv.js';
export * from './dates.js';
export * from './exhaustive.js';
export * from './lesson-times.js';
export * from './member-name.js';
export * from './member-status.js';
export * from './money.js';
export * from './order-reference.js';
export * from './orders.js';
export * from './pages.js';
export * from './quizzes.js';
export * from './statistics.js';
export * from './tax-invoice.js';
