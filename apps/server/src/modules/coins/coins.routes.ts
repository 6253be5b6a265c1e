import { apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember, requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { CoinsService } from './coins.service.js';

/**
 * Coin coupons and the coin ledger (orders §7): claims, the member's dialog list, a lookup by code, the member's
 * history with balances, and the staff report of balances that do not match their ledger. The plain reads of
 * couponPoint and logPoint, and staff's writes (a ledger entry moves the balance), are the resource engine's.
 */
export function registerCoinRoutes(app: FastifyInstance, coins: CoinsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['coins'];

  for (const [name, kind] of [
    ['couponPointUseCouponCoinPublic', 'public'],
    ['couponPointUseCouponCoinOnly', 'only'],
  ] as const) {
    api.post(
      `/api/${name}`,
      {
        schema: {
          tags,
          summary:
            kind === 'public'
              ? 'Claims a public coin coupon by its code, once per member'
              : 'Claims the coin coupon made for this member by its code (op to us)',
          body: routes[name].body,
          response: { 200: routes[name].response, ...errorResponses },
        },
      },
      (request) => coins.claim(requireMember(request), request.body.code, kind),
    );
  }

  api.get(
    '/api/couponPointByUser',
    {
      schema: {
        tags,
        summary: 'The coin coupons the member may see in the coin dialog, each with its button state (op, cl, us)',
        response: { 200: routes.couponPointByUser.response, ...errorResponses },
      },
    },
    (request) => coins.ofMember(requireMember(request)),
  );

  api.get(
    '/api/couponPointByCode',
    {
      schema: {
        tags,
        summary: 'A coin coupon by its code (a member: public ones and their own)',
        querystring: routes.couponPointByCode.query,
        response: { 200: routes.couponPointByCode.response, ...errorResponses },
      },
    },
    (request) => coins.findByCode(requireSignedIn(request), request.query.code),
  );

  api.get(
    '/api/logPointByUser',
    {
      schema: {
        tags,
        summary: 'A member’s coin history, newest first, with the balance after each line (staff: user_id)',
        querystring: routes.logPointByUser.query,
        response: { 200: routes.logPointByUser.response, ...errorResponses },
      },
    },
    (request) => coins.history(requireSignedIn(request), request.query),
  );

  api.get(
    '/api/logPointMismatch',
    {
      schema: {
        tags,
        summary: 'Members whose coin balance is not the sum of their ledger (staff; empty while the ledger holds)',
        response: { 200: routes.logPointMismatch.response, ...errorResponses },
      },
    },
    (request) => {
      return coins.mismatches(requireSignedIn(request));
    },
  );
}
