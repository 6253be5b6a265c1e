import {
  banks,
  bookSendStates,
  cancelReasons,
  orderPayments,
  orderStatuses,
  receiptTypes,
  type SlipFlag,
} from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { product } from './catalogue.js';
import { base, money, state, statesChecked, str, timestamp, yn } from './columns.js';
import { coupon } from './coupons.js';

export const ordersPaymentType = pgTable('ordersPaymentType', {
  ...base(),
  orders_payment_type_title: str('orders_payment_type_title', 200).notNull(),
  orders_payment_type_detail: str('orders_payment_type_detail', 1000),
  orders_payment_type_icon: str('orders_payment_type_icon'),
  orders_payment_type_disable: yn('orders_payment_type_disable').notNull().default('N'),
  remove_by: yn('remove_by').notNull().default('N'),
});

export const orders = pgTable(
  'orders',
  {
    ...base(),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    orders_payment_type_id: integer('orders_payment_type_id')
      .notNull()
      .default(4)
      .references(() => ordersPaymentType.id, { onDelete: 'restrict' }),
    orders_total: money('orders_total').notNull().default(baht(0)),
    orders_discount: money('orders_discount').notNull().default(baht(0)),
    orders_net: money('orders_net').notNull().default(baht(0)),
    orders_status: state('orders_status', orderStatuses, 20).notNull().default('wait'),
    orders_payment: state('orders_payment', orderPayments, 10),
    orders_payment_date: date('orders_payment_date', { mode: 'string' }),
    orders_payment_time: time('orders_payment_time'),
    orders_payment_bank: state('orders_payment_bank', banks, 10),
    orders_payment_account: str('orders_payment_account', 100),
    orders_payment_slip: str('orders_payment_slip'),
    orders_certificate: yn('orders_certificate').notNull().default('N'),
    orders_book_send: state('orders_book_send', bookSendStates, 1).notNull().default('N'),
    receipt: yn('receipt').notNull().default('N'),
    receipt_type: state('receipt_type', receiptTypes, 10).default('person'),
    approve_by: integer('approve_by'),
    approve_date: timestamp('approve_date'),
    orders_ref: str('orders_ref', 100),
    order_no: str('order_no', 50),
    orders_refunded: money('orders_refunded').notNull().default(baht(0)),
  },
  (t) => [
    index('orders_user_id_idx').on(t.user_id),
    index('orders_status_idx').on(t.orders_status),
    uniqueIndex('orders_ref_key').on(t.orders_ref),
    uniqueIndex('orders_order_no_key').on(t.order_no),
    index('orders_slip_idx').on(t.orders_payment_slip),
    ...statesChecked('orders', {
      orders_status: orderStatuses,
      orders_payment: orderPayments,
      orders_payment_bank: banks,
      orders_book_send: bookSendStates,
      receipt_type: receiptTypes,
    }),
  ],
);

export const ordersDetail = pgTable(
  'ordersDetail',
  {
    ...base(),
    orders_id: integer('orders_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'restrict' }),
    coupon_id: integer('coupon_id').references(() => coupon.id, { onDelete: 'restrict' }),
    orders_detail_price: money('orders_detail_price').notNull().default(baht(0)),
    orders_detail_discount: money('orders_detail_discount').notNull().default(baht(0)),
    orders_detail_net: money('orders_detail_net').notNull().default(baht(0)),
    orders_detail_coin: integer('orders_detail_coin').notNull().default(0),
  },
  (t) => [
    index('ordersDetail_orders_id_idx').on(t.orders_id),
    index('ordersDetail_product_id_idx').on(t.product_id),
    index('ordersDetail_coupon_id_idx').on(t.coupon_id),
  ],
);

export const chargeStatuses = ['pending', 'paid', 'failed', 'expired'] as const;

/**
 * What the server keeps of an order's payment beside the spec's columns: the payment page's opaque reference, the
 * member's idempotency key (a retried or double-clicked order is one order), the fee line, when an unpaid order is
 * cancelled and why, the gateway's current QR or redirect, and the receipt data as it was when ordered.
 */
export const orderPayment = pgTable(
  'orderPayment',
  {
    orders_id: integer('orders_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    /** 32 random bytes, base64url: the `{id}` of /creditCard/{id} and /qrPlayment/{id}. */
    token: varchar('token', { length: 64 }).notNull(),
    idempotency_key: varchar('idempotency_key', { length: 100 }),
    fee: money('fee').notNull().default(baht(0)),
    expires_at: timestamp('expires_at'),
    cancel_reason: state('cancel_reason', cancelReasons, 10),
    /** Why staff refused the payment, as the member was told. */
    cancel_note: text('cancel_note'),
    /** The gateway's QR display (`QrDisplay` of the payments port) or the redirect page of smart-pay and union-pay. */
    gateway_display: jsonb('gateway_display'),
    redirect_url: varchar('redirect_url', { length: 2000 }),
    /** The buyer's receipt fields when the order was placed: a tax invoice names them as they were. */
    receipt_data: jsonb('receipt_data'),
    /** Coins a Point coupon gives when the order finishes, fixed when it is placed (a later edit keeps the promise). */
    coupon_coins: integer('coupon_coins').notNull().default(0),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('orderPayment_token_key').on(t.token),
    uniqueIndex('orderPayment_idempotency_key').on(t.user_id, t.idempotency_key),
    index('orderPayment_expires_at_idx').on(t.expires_at),
    ...statesChecked('orderPayment', { cancel_reason: cancelReasons }),
  ],
);

/**
 * Charges made at a card gateway for an order (a QR that expired unpaid is replaced by a new charge, so an order
 * may have several). A charge id is unique per gateway: a notification names one charge, which pays one order.
 */
export const paymentCharge = pgTable(
  'paymentCharge',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orders_id: integer('orders_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: varchar('gateway', { length: 10 }).notNull(),
    charge_id: varchar('charge_id', { length: 100 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    amount: money('amount').notNull(),
    status: state('status', chargeStatuses, 10).notNull().default('pending'),
    failure_message: varchar('failure_message', { length: 500 }),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
    update_at: timestamp('update_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('paymentCharge_gateway_charge_key').on(t.gateway, t.charge_id),
    index('paymentCharge_orders_id_idx').on(t.orders_id),
    ...statesChecked('paymentCharge', { status: chargeStatuses }),
  ],
);

/**
 * A transfer slip as the server read it, for staff beside the order: the mini-QR's text, the sending bank and the
 * transaction reference it carries (unique together, so one slip cannot pay two orders, whoever writes), what the
 * member typed, and the flags that need a look.
 */
export const orderSlip = pgTable(
  'orderSlip',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orders_id: integer('orders_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    slip: varchar('slip', { length: 255 }).notNull(),
    /** SHA-256 of the file: the same picture sent again is flagged even when it has no QR. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    qr: text('qr'),
    reference: varchar('reference', { length: 100 }),
    bank: varchar('bank', { length: 10 }),
    typed_date: date('typed_date', { mode: 'string' }),
    typed_time: time('typed_time'),
    typed_amount: money('typed_amount'),
    flags: jsonb('flags').$type<SlipFlag[]>().notNull().default([]),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('orderSlip_reference_bank_key').on(t.reference, t.bank),
    index('orderSlip_orders_id_idx').on(t.orders_id),
    index('orderSlip_sha256_idx').on(t.sha256),
  ],
);

/**
 * The last number issued per document type (receipt, tax invoice) and year: read and moved under a row lock in
 * the unit of work that finishes the order, so numbers have no gaps and never repeat.
 */
export const documentCounter = pgTable(
  'documentCounter',
  {
    doc_type: varchar('doc_type', { length: 20 }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.doc_type, t.year] })],
);
