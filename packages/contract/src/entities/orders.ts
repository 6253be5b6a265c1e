import { z } from 'zod';
import { defineEntity } from '../entity.js';
import { f } from '../fields.js';

/**
 * The spec's wait, finish and cancel, and two states of money coming back (DEVIATIONS.md): `refund`, a finished
 * order refunded in full (no course, the coupon use freed), and `paid_after_cancel`, a charge the gateway confirmed
 * after the order was cancelled, waiting for staff to refund it or grant the course.
 */
export const orderStatuses = ['wait', 'finish', 'cancel', 'refund', 'paid_after_cancel'] as const;
export const orderPayments = ['transfer', 'qrcode', 'credit', 'smatrpay', 'unionpay', 'coin'] as const;
export const bookSendStates = ['Y', 'N', 'C'] as const;
export const receiptTypes = ['person', 'company'] as const;
export const banks = ['BBL', 'KBANK', 'KTB', 'SCB', 'BAY', 'TMB'] as const;
export type Bank = (typeof banks)[number];
export type OrderStatus = (typeof orderStatuses)[number];
export type OrderPayment = (typeof orderPayments)[number];
export type BookSendState = (typeof bookSendStates)[number];

export const orders = defineEntity(
  'orders',
  {
    user_id: f.ref(),
    orders_payment_type_id: f.ref(),
    orders_total: f.money(),
    orders_discount: f.money(),
    orders_net: f.money(),
    orders_status: z.enum(orderStatuses),
    orders_payment: z.enum(orderPayments),
    orders_payment_date: f.date(),
    orders_payment_time: f.time(),
    orders_payment_bank: z.enum(banks),
    orders_payment_account: f.text(100),
    orders_payment_slip: f.fileName(),
    orders_certificate: f.yn(),
    orders_book_send: z.enum(bookSendStates),
    receipt: f.yn(),
    receipt_type: z.enum(receiptTypes),
    approve_by: f.int(),
    approve_date: f.datetime(),
    orders_ref: f.text(100),
    order_no: f.text(50),
    /** What has been refunded of the payment, in baht (a partial refund keeps the order finished). */
    orders_refunded: f.money(),
  },
  { required: ['user_id'] },
);

export const ordersDetail = defineEntity(
  'ordersDetail',
  {
    orders_id: f.ref(),
    product_id: f.ref(),
    coupon_id: f.ref(),
    orders_detail_price: f.money(),
    orders_detail_discount: f.money(),
    orders_detail_net: f.money(),
    orders_detail_coin: f.int(),
  },
  { required: ['orders_id', 'product_id'] },
);

export const ordersPaymentType = defineEntity(
  'ordersPaymentType',
  {
    orders_payment_type_title: f.text(200).min(1),
    orders_payment_type_detail: f.text(1000),
    orders_payment_type_icon: f.text(255),
    orders_payment_type_disable: f.yn(),
    remove_by: f.yn(),
  },
  { required: ['orders_payment_type_title'] },
);
