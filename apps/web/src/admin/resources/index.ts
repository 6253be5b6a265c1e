import { advertResource } from './advert';
import { categoryResource } from './category';
import { coachResource } from './coach';
import { couponPointResource, logCoinResource } from './coins';
import { couponResource } from './coupon';
import { newsResource } from './news';
import { ordersConfirmResource, ordersExpireResource, ordersResource } from './orders';
import { paymentTypeResource } from './payment-type';
import { personnelResource } from './personnel';
import { productResource } from './product';
import { questionResource } from './question';
import type { AdminResource } from './types';
import { userResource } from './user';
import { userProductGroupExpireResource, userProductGroupResource } from './user-product-group';
import { videoResource } from './video';

/**
 * Every back-office screen, one file each. Resources without a list of their own are still named, so references
 * to them (a lesson's video, a group's course) read their rows through the data provider.
 */
export const adminResources: AdminResource[] = [
  userResource,
  coachResource,
  personnelResource,
  ordersConfirmResource,
  ordersResource,
  ordersExpireResource,
  paymentTypeResource,
  categoryResource,
  productResource,
  couponResource,
  newsResource,
  videoResource,
  advertResource,
  userProductGroupResource,
  userProductGroupExpireResource,
  { name: 'productDetailType', recordRepresentation: 'product_detail_tab_name' },
  { name: 'productGroup', recordRepresentation: 'product_group_type' },
  couponPointResource,
  logCoinResource,
  questionResource,
  { name: 'logPoint' },
  { name: 'couponEmail' },
  { name: 'couponProduct' },
  { name: 'certificate' },
  { name: 'coachDetailList' },
  { name: 'coachStatus' },
  { name: 'productCoach' },
  { name: 'productDetailText' },
  { name: 'productDetailList' },
  { name: 'videoList' },
  { name: 'newsImage' },
];

export const resourceNames = adminResources.map((r) => r.name);
