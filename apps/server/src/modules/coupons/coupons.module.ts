import type { AppModule } from '../module.js';
import { registerCouponRoutes } from './coupons.routes.js';
import { couponsService, shapeCouponWrite } from './coupons.service.js';

/** Coupons: the member's check of a code, the coupon form's rules, and the e-mail and course lists of a coupon. */
export const couponsModule: AppModule = {
  name: 'coupons',
  resourceHooks: () => ({
    coupon: { beforeWrite: (values, { work, id }) => shapeCouponWrite(work, values, id) },
  }),
  register(app, { db, clock, transact }) {
    registerCouponRoutes(app, couponsService({ db, clock, transact }));
  },
};
