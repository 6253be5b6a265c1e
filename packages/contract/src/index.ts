import { z } from 'zod';
import { thaiIssueMessage } from './field-errors.js';

// Validation messages read in plain Thai wherever a schema of the contract runs: the server and the web forms.
z.config({ localeError: thaiIssueMessage });

export * from './api/accounts.js';
export * from './api/backoffice.js';
export * from './api/catalogue.js';
export * from './api/checkout.js';
export * from './api/coupons.js';
export * from './api/documents.js';
export * from './api/etax-export.js';
export * from './api/jobs.js';
export * from './api/learning.js';
export * from './api/messaging.js';
export * from './api/orders.js';
export * from './api/playback.js';
export * from './api/refunds.js';
export * from './api/routes.js';
export * from './api/uploads.js';
export * from './constants.js';
export * from './entities/index.js';
export * from './entity.js';
export * from './envelope.js';
export * from './field-errors.js';
export * from './fields.js';
export * from './messages.js';
export * from './resources.js';
export * from './rules/catalogue.js';
export * from './rules/coins.js';
export * from './rules/coupons.js';
export * from './rules/dates.js';
export * from './rules/money.js';
export * from './rules/order-reference.js';
export * from './rules/orders.js';
export * from './rules/statistics.js';
export * from './rules/tax-invoice.js';
export * from './uploads.js';
