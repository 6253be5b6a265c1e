import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { attemptCounter, type Limit } from '../../http/attempt-counter.js';
import { errorResponses } from '../../http/error-responses.js';
import type { Seller } from './receipt.js';
import { documentVerifier } from './verify.js';

/**
 * Lookups per client address: a person checks a few documents, an accountant a month's worth; a script walking the
 * number series to find amounts asks thousands. Past it, 429 with `Retry-After`. Staff are not counted.
 */
export const DOCUMENT_VERIFY_LIMIT = { max: 60, windowMs: 15 * 60_000 } as const satisfies Limit;

/** Public: whether the shop issued the document of a number and total (no sign-in). */
export function registerDocumentVerifyRoutes(
  app: FastifyInstance,
  { db, clock, seller }: { db: Db; clock: Clock; seller: Seller },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const verify = documentVerifier({ db, seller });
  const counter = attemptCounter(db, clock);

  api.get(
    '/api/documentVerify',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'Public: whether the shop issued the document of this number and total (doc_no, amount): what it is, when, by whom, signed, voided; never its buyer',
        querystring: routes.documentVerify.query,
        response: { 200: routes.documentVerify.response, ...errorResponses },
      },
    },
    async (request) => {
      if (request.actor.kind !== 'staff') await counter.limit(`document-verify:${request.ip}`, DOCUMENT_VERIFY_LIMIT);
      const data = await verify(request.query);
      return { result: true, data, message: message('ok') };
    },
  );
}
