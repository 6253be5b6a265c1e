import type { AppModule } from '../module.js';
import { registerBackofficeRoutes } from './backoffice.routes.js';
import { backofficeService } from './backoffice.service.js';
import { coinAdjustmentHooks } from './coin-adjustments.js';
import { personnelHooks } from './personnel-rules.js';

/**
 * The back office's own server side: the staff rules of personnel and of coin adjustments, the audit log's reads,
 * the dashboard.
 */
export const backofficeModule: AppModule = {
  name: 'backoffice',
  resourceHooks: ({ sessions }) => ({ personnel: personnelHooks(sessions), logPoint: coinAdjustmentHooks }),
  register(app, { db, clock }) {
    registerBackofficeRoutes(app, backofficeService({ db, clock }));
  },
};
