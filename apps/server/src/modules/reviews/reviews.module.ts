import type { AppModule } from '../module.js';
import { registerReviewRoutes } from './reviews.routes.js';
import { reviewsService } from './reviews.service.js';

/** Course reviews: buyers rate and write, everyone reads the shown ones, members mark them helpful, staff moderate. */
export const reviewsModule: AppModule = {
  name: 'reviews',
  register(app, { db, clock, transact }) {
    registerReviewRoutes(app, reviewsService({ db, clock, transact }));
  },
};
