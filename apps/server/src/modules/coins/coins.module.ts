import type { AppModule } from '../module.js';
import { applyLedgerEntry } from './coins.service.js';

/** Site coins: a staff ledger entry (POST /api/logPoint) moves the member's balance in the same unit of work. */
export const coinsModule: AppModule = {
  name: 'coins',
  resourceHooks: () => ({
    logPoint: {
      beforeWrite: async (values, { work }) => {
        await applyLedgerEntry(work, values as { user_id: number; log_point_amount: number });
        return values;
      },
    },
  }),
};
