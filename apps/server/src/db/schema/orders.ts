import { banks, bookSendStates, orderPayments, orderStatuses, receiptTypes } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { date, index, integer, pgTable, time, uniqueIndex } from 'drizzle-orm/pg-core';
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
    orders_status: state('orders_status', orderStatuses, 10).notNull().default('wait'),
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
