import type { AppModule } from '../module.js';
import { registerStatisticsRoutes } from './statistics.routes.js';
import { statisticsService } from './statistics.service.js';

/** Viewing statistics: the player's events in, a member's totals, chart and progress out. */
export const statisticsModule: AppModule = {
  name: 'statistics',
  register: (app, { db, clock, transact, jobs }) =>
    registerStatisticsRoutes(app, statisticsService({ db, clock, transact, jobs })),
};
