import { couponPointStatuses, couponPointTypes, couponTypes } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, time, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { product } from './catalogue.js';
import { base, long, money, state, statesChecked, str, timestamp, yn } from './columns.js';

export const coupon = pgTable(
  'coupon',
  {
    ...base(),
    product_id: integer('product_id').references(() => product.id, { onDelete: 'set null' }),
    coupon_product_type: str('coupon_product_type', 20).notNull().default('Only'),
    coupon_code: str('coupon_code', 50).notNull(),
    coupon_name: str('coupon_name'),
    coupon_detail: long('coupon_detail'),
    coupon_type: state('coupon_type', couponTypes, 10).notNull().default('All'),
    coupon_year: integer('coupon_year'),
    coupon_month: integer('coupon_month'),
    coupon_day: integer('coupon_day'),
    coupon_hour: integer('coupon_hour'),
    coupon_price: money('coupon_price'),
    coupon_percent: numeric('coupon_percent', { precision: 5, scale: 2, mode: 'number' }),
    coupon_point: integer('coupon_point'),
    coupon_pay: money('coupon_pay'),
    coupon_start: date('coupon_start', { mode: 'string' }),
    coupon_start_time: time('coupon_start_time'),
    coupon_to: date('coupon_to', { mode: 'string' }),
    coupon_to_time: time('coupon_to_time'),
    coupon_payment: str('coupon_payment', 100),
    coupon_limit: integer('coupon_limit'),
    coupon_member_only: yn('coupon_member_only').notNull().default('N'),
    coupon_email_only: yn('coupon_email_only').notNull().default('N'),
  },
  (t) => [
    // Members type codes in any letter case: one coupon per code, whatever its case.
    uniqueIndex('coupon_code_key').on(sql`lower(${t.coupon_code})`),
    index('coupon_product_id_idx').on(t.product_id),
    ...statesChecked('coupon', { coupon_type: couponTypes }),
  ],
);

export const couponEmail = pgTable(
  'couponEmail',
  {
    ...base(),
    coupon_id: integer('coupon_id')
      .notNull()
      .references(() => coupon.id, { onDelete: 'cascade' }),
    coupon_email: str('coupon_email').notNull(),
    remove_by: yn('remove_by').notNull().default('N'),
  },
  (t) => [uniqueIndex('couponEmail_coupon_email_key').on(t.coupon_id, t.coupon_email)],
);

export const couponProduct = pgTable(
  'couponProduct',
  {
    ...base(),
    coupon_id: integer('coupon_id')
      .notNull()
      .references(() => coupon.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    remove_by: yn('remove_by').notNull().default('N'),
  },
  (t) => [
    uniqueIndex('couponProduct_coupon_product_key').on(t.coupon_id, t.product_id),
    index('couponProduct_product_id_idx').on(t.product_id),
  ],
);

export const couponPoint = pgTable(
  'couponPoint',
  {
    ...base(),
    user_id: integer('user_id').references(() => user.id, { onDelete: 'cascade' }),
    coupon_point_title: str('coupon_point_title'),
    coupon_point_detail: long('coupon_point_detail'),
    coupon_point_type: state('coupon_point_type', couponPointTypes, 10).notNull().default('public'),
    coupon_point_amount: integer('coupon_point_amount').notNull().default(0),
    coupon_point_code: str('coupon_point_code', 50).notNull(),
    coupon_point_start: timestamp('coupon_point_start'),
    coupon_point_to: timestamp('coupon_point_to'),
    coupon_point_status: state('coupon_point_status', couponPointStatuses, 2).notNull().default('op'),
  },
  (t) => [
    uniqueIndex('couponPoint_code_key').on(sql`lower(${t.coupon_point_code})`),
    index('couponPoint_user_id_idx').on(t.user_id),
    ...statesChecked('couponPoint', { coupon_point_type: couponPointTypes, coupon_point_status: couponPointStatuses }),
  ],
);

export const logPoint = pgTable(
  'logPoint',
  {
    ...base(),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    log_point_amount: integer('log_point_amount').notNull(),
    log_point_type: str('log_point_type', 50),
    log_point_note: str('log_point_note', 1000),
  },
  (t) => [index('logPoint_user_id_idx').on(t.user_id)],
);

/**
 * Who claimed a public coin coupon: one row per member and coupon (the unique key makes a claim happen once however
 * many requests race), with the ledger row it paid.
 */
export const couponPointClaim = pgTable(
  'couponPointClaim',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    coupon_point_id: integer('coupon_point_id')
      .notNull()
      .references(() => couponPoint.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    log_point_id: integer('log_point_id').references(() => logPoint.id, { onDelete: 'set null' }),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('couponPointClaim_coupon_user_key').on(t.coupon_point_id, t.user_id),
    index('couponPointClaim_user_id_idx').on(t.user_id),
  ],
);
