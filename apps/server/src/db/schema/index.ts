export * from './accounts.js';
export * from './auth.js';
export * from './catalogue.js';
export * from './coupons.js';
export * from './learning.js';
export * from './news.js';
export * from './orders.js';
export * from './uploads.js';
