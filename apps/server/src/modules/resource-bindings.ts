import * as s from '../db/schema/index.js';
import type { Binding } from '../http/resources/engine.js';
import { hashPassword } from './accounts/passwords.js';

/** A password in a write is stored only as its hash. */
async function hashPasswordField(values: Record<string, unknown>) {
  if (typeof values.password === 'string' && values.password) values.password = await hashPassword(values.password);
  return values;
}

/** E-mail addresses are compared case-insensitively, so they are stored in lower case. */
function userWrite(values: Record<string, unknown>) {
  if (typeof values.email === 'string') values.email = values.email.toLowerCase();
  return hashPasswordField(values);
}

/** The table behind each resource of the contract. */
export const resourceBindings: Record<string, Binding> = {
  category: { table: s.category },
  coach: { table: s.coach },
  coachDetailList: { table: s.coachDetailList },
  coachStatus: { table: s.coachStatus },
  productCoach: { table: s.productCoach },
  product: { table: s.product },
  productDetailType: { table: s.productDetailType },
  productDetailList: { table: s.productDetailList },
  productDetailText: { table: s.productDetailText },
  question: { table: s.question },
  productGroup: { table: s.productGroup },
  news: { table: s.news },
  newsImage: { table: s.newsImage },
  video: { table: s.video },
  videoList: { table: s.videoList },
  videoStatistics: { table: s.videoStatistics },
  userProductGroup: { table: s.userProductGroup },
  certificate: { table: s.certificate },
  notification: { table: s.notification },
  user: { table: s.user, beforeWrite: userWrite },
  userDetail: { table: s.userDetail },
  personnel: { table: s.personnel, beforeWrite: hashPasswordField },
  orders: { table: s.orders },
  ordersDetail: { table: s.ordersDetail },
  ordersPaymentType: { table: s.ordersPaymentType },
  coupon: { table: s.coupon },
  couponEmail: { table: s.couponEmail },
  couponProduct: { table: s.couponProduct },
  couponPoint: { table: s.couponPoint },
  logPoint: { table: s.logPoint },
};
