import { orderPayments } from '@sikkha/contract';
import { expireOrder, reconcileGateway, retryRefund } from '../../jobs/orders.job.js';
import type { AppModule } from '../module.js';
import { settle } from './charges.js';
import { registerCheckoutRoutes } from './checkout.routes.js';
import { registerMemberOrderRoutes } from './member-orders.routes.js';
import { onlinePayments } from './online-payments.js';
import { registerOnlinePaymentRoutes } from './online-payments.routes.js';
import { DAY_MS } from './order-views.js';
import { ordersService } from './orders.service.js';
import { gapLine, paymentGaps } from './payment-setup.js';
import { reconciliation } from './reconcile.js';
import { registerRefundRoutes } from './refunds.routes.js';
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
    const online = onlinePayments(orders.ctx);
    const reconcile = reconciliation({ ctx: orders.ctx, settle: (chargeId) => settle(orders.ctx, chargeId) });
    ctx.jobs.handle(expireOrder, async ({ orders_id }) => {
      await online.expire(orders_id);
    });
    ctx.jobs.handle(retryRefund, ({ refund_id }) => orders.retryRefund(refund_id));
    ctx.jobs.handle(reconcileGateway, async ({ days }) => {
      await reconcile.run(days);
    });
    // Every day at 03:30 in Bangkok, the two days before: a charge paid late in the evening is seen twice.
    if (deps.gateway) {
      ctx.jobs.schedule({
        name: 'orders.reconcile',
        job: reconcileGateway,
        payload: { days: 2 },
        every: DAY_MS,
        offset: 20.5 * 60 * 60 * 1000,
      });
    }
    registerMemberOrderRoutes(app, orders, online);
    registerStaffOrderRoutes(app, orders);
    registerOnlinePaymentRoutes(app, online);
    registerRefundRoutes(app, orders, reconcile);
    // Fixed by the settings until a restart; said at every start, so a shop missing a setting learns it first.
    const offered = orderPayments.filter((payment) => orders.offered(payment));
    const gaps = paymentGaps(orders.offered, deps.gateway);
    for (const gap of gaps) app.log.warn({ setting: gap.setting, off: gap.off }, gapLine(gap, offered));
    registerCheckoutRoutes(app, {
      shop: ctx.config.shop,
      bahtPerCoin: ctx.config.coinBahtRate,
      offered,
      gaps,
    });
  },
};
