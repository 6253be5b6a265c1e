import { message, type OrderPayment, type PaymentGap, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { requireStaff } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';

/**
 * GET /api/checkoutSettings (public): what the order dialog shows before an order exists, from the shop's settings,
 * so the account a member transfers to and the fee they see are the ones the server uses. GET /api/paymentSetup
 * (staff): the settings the shop lacks, for the back office's notice.
 */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  deps: { shop: Config['shop']; bahtPerCoin: number; offered: OrderPayment[]; gaps: PaymentGap[] },
) {
  const { shop } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/checkoutSettings',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'What the order dialog needs: the shop’s account, the card fee factor, the coin rate, the methods taken now',
        response: { 200: routes.checkoutSettings.response, ...errorResponses },
      },
      // The same for everyone and changed only by a restart: the pricing page renders from the cached answer.
      config: { readCache: { tables: [], members: true } },
    },
    () => ({
      result: true,
      data: {
        account: shop.account ?? null,
        feeFactor: shop.feeFactor,
        bahtPerCoin: deps.bahtPerCoin,
        offered: deps.offered,
      },
      message: message('ok'),
    }),
  );
  api.get(
    '/api/paymentSetup',
    {
      schema: {
        tags: ['orders-payments'],
        summary: 'Staff: the payment methods taken now and the settings the shop has not set (account, gateway)',
        response: { 200: routes.paymentSetup.response, ...errorResponses },
      },
    },
    (request) => {
      requireStaff(request);
      return {
        result: true,
        data: { offered: deps.offered, gaps: deps.gaps },
        message: message('ok'),
      };
    },
  );
}
