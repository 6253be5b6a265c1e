import { moveCoins } from '../../db/coin-ledger.js';
import type { AppModule } from '../module.js';
import { registerCoinRoutes } from './coins.routes.js';
import { coinsService } from './coins.service.js';

/**
 * Site coins: coin coupons claimed by members, the member's history, the ledger report; a staff ledger entry
 * (POST /api/logPoint) moves the member's balance in the same unit of work.
 */
export const coinsModule: AppModule = {
  name: 'coins',
  resourceHooks: () => ({
    logPoint: {
      beforeWrite: async (values, { work }) => {
        const entry = values as { user_id: number; log_point_amount: number };
        await moveCoins(work, entry.user_id, entry.log_point_amount);
        return values;
      },
    },
  }),
  register(app, { db, clock, transact, config }) {
    registerCoinRoutes(app, coinsService({ db, clock, transact, bahtPerCoin: config.coinBahtRate }));
  },
};
