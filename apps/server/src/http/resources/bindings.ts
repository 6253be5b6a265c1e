import type { ResourceName } from '@sikkha/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as s from '../../db/schema/index.js';

/** The table behind each resource of the contract. */
export const resourceTables: Record<ResourceName, PgTable> = {
  category: s.category,
  coach: s.coach,
  coachDetailList: s.coachDetailList,
  coachStatus: s.coachStatus,
  productCoach: s.productCoach,
  product: s.product,
  productDetailType: s.productDetailType,
  productDetailList: s.productDetailList,
  productDetailText: s.productDetailText,
  question: s.question,
  productGroup: s.productGroup,
  news: s.news,
  newsImage: s.newsImage,
  video: s.video,
  videoList: s.videoList,
  advert: s.advert,
  videoStatistics: s.videoStatistics,
  userProductGroup: s.userProductGroup,
  certificate: s.certificate,
  notification: s.notification,
  user: s.user,
  userDetail: s.userDetail,
  personnel: s.personnel,
  orders: s.orders,
  ordersDetail: s.ordersDetail,
  ordersPaymentType: s.ordersPaymentType,
  coupon: s.coupon,
  couponEmail: s.couponEmail,
  couponProduct: s.couponProduct,
  couponPoint: s.couponPoint,
  logPoint: s.logPoint,
};
