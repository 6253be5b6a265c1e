import { expireOrder } from '../../jobs/orders.job.js';
import type { AppModule } from '../module.js';
import { registerCheckoutRoutes } from './checkout.routes.js';
import { gatewayPayments } from './gateway.js';
import { registerGatewayRoutes } from './gateway.routes.js';
import { registerMemberOrderRoutes } from './member-orders.routes.js';
import { ordersService } from './orders.service.js';
import { registerStaffOrderRoutes } from './staff-orders.routes.js';

/**
 * Orders and payments: placing an order with server-decided amounts, every payment method (transfer with its slip
 * read on the server, personal PromptPay QR, coins, and card, smart-pay, union-pay and gateway QR through the
 * payments port), the one finish, expiry on the job queue, and staff's order work.
 */
export const ordersModule: AppModule = {
  name: 'orders',
  register(app, ctx) {
    const deps = {
      db: ctx.db,
      clock: ctx.clock,
      transact: ctx.transact,
      jobs: ctx.jobs,
      gateway: ctx.providers.payments,
      shop: ctx.config.shop,
      publicUrl: ctx.config.publicUrl,
      bahtPerCoin: ctx.config.coinBahtRate,
    };
    const orders = ordersService({ ...deps, storage: ctx.providers.storage });
    const gateway = gatewayPayments({ ...deps, orders });
    ctx.jobs.handle(expireOrder, async ({ orders_id }) => {
      await gateway.expire(orders_id);
    });
    registerMemberOrderRoutes(app, orders, gateway);
    registerStaffOrderRoutes(app, orders);
    registerGatewayRoutes(app, gateway);
    registerCheckoutRoutes(app, {
      shop: ctx.config.shop,
      bahtPerCoin: ctx.config.coinBahtRate,
      offered: orders.offered,
    });
  },
};
