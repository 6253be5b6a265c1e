import { message, orderPayments, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { errorResponses } from '../../http/error-responses.js';
import type { OrdersService } from './orders.service.js';

/**
 * GET /api/checkoutSettings (public): what the order dialog shows before an order exists, from the shop's settings,
 * so the account a member transfers to and the fee they see are the ones the server uses.
 */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  deps: { shop: Config['shop']; bahtPerCoin: number; offered: OrdersService['offered'] },
) {
  const { shop } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/checkoutSettings',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'What the order dialog needs: the shop’s account, the card fee factor, the coin rate, the methods taken now',
        response: { 200: routes.checkoutSettings.response, ...errorResponses },
      },
    },
    () => ({
      result: true,
      data: {
        account: { bank: shop.bank, name: shop.accountName, number: shop.accountNumber },
        feeFactor: shop.feeFactor,
        bahtPerCoin: deps.bahtPerCoin,
        offered: orderPayments.filter((payment) => deps.offered(payment)),
      },
      message: message('ok'),
    }),
  );
}
