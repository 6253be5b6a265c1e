import { z } from 'zod';
import { defineEntity } from '../entity.js';
import { f } from '../fields.js';

export const couponTypes = ['All', 'Price', 'Percent', 'Point', 'Pay'] as const;
export const couponPointTypes = ['public', 'only'] as const;
export const couponPointStatuses = ['op', 'cl', 'us'] as const;
export type CouponType = (typeof couponTypes)[number];
export type CouponPointStatus = (typeof couponPointStatuses)[number];

export const coupon = defineEntity(
  'coupon',
  {
    product_id: f.ref(),
    coupon_product_type: f.text(20),
    coupon_code: f.text(50).min(1),
    coupon_name: f.text(255),
    coupon_detail: f.longText(10_000),
    coupon_type: z.enum(couponTypes),
    coupon_year: f.int(0, 100),
    coupon_month: f.int(0, 1200),
    coupon_day: f.int(0, 36_500),
    coupon_hour: f.int(0, 876_000),
    coupon_price: f.money(),
    coupon_percent: f.decimal(100),
    coupon_point: f.int(),
    coupon_pay: f.money(),
    coupon_start: f.date(),
    coupon_start_time: f.time(),
    coupon_to: f.date(),
    coupon_to_time: f.time(),
    coupon_payment: f.text(100),
    coupon_limit: f.int(),
    coupon_member_only: f.yn(),
    coupon_email_only: f.yn(),
  },
  { required: ['coupon_code'] },
);

export const couponEmail = defineEntity(
  'couponEmail',
  { coupon_id: f.ref(), coupon_email: f.email(), remove_by: f.yn() },
  { required: ['coupon_id', 'coupon_email'] },
);

export const couponProduct = defineEntity(
  'couponProduct',
  { coupon_id: f.ref(), product_id: f.ref(), remove_by: f.yn() },
  { required: ['coupon_id', 'product_id'] },
);

export const couponPoint = defineEntity(
  'couponPoint',
  {
    user_id: f.ref(),
    coupon_point_title: f.text(255),
    coupon_point_detail: f.longText(10_000),
    coupon_point_type: z.enum(couponPointTypes),
    coupon_point_amount: f.int(),
    coupon_point_code: f.text(50).min(1),
    coupon_point_start: f.datetime(),
    coupon_point_to: f.datetime(),
    coupon_point_status: z.enum(couponPointStatuses),
  },
  { required: ['coupon_point_code', 'coupon_point_amount'] },
);

export const logPoint = defineEntity(
  'logPoint',
  {
    user_id: f.ref(),
    log_point_amount: f.int(-2_147_483_648),
    log_point_type: f.text(50),
    log_point_note: f.text(1000),
  },
  { required: ['user_id', 'log_point_amount'] },
);
