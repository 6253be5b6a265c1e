import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuseStaleToken } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { CatalogueService } from './catalogue.service.js';

/** Every table the course dialog reads for a visitor. */
const courseTables = [
  'product',
  'videoList',
  'video',
  'productDetailText',
  'productDetailType',
  'productDetailList',
  'productGroup',
  'productCoach',
  'coach',
  'coachDetailList',
  'coachStatus',
];

export function registerCatalogueRoutes(app: FastifyInstance, catalogue: CatalogueService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogue'];

  api.get(
    '/api/courseView',
    {
      // A member's view says what they own; only visitors share one.
      config: { readCache: { tables: courseTables, members: false } },
      schema: {
        tags,
        summary: 'The course dialog in one request: course, lessons, tabs, groups, coaches and the caller’s state',
        querystring: routes.courseView.query,
        response: { 200: routes.courseView.response, ...errorResponses },
      },
    },
    async (request) => {
      refuseStaleToken(request);
      const data = await catalogue.courseView(request.actor, request.query);
      return { result: true, data, message: message('ok') };
    },
  );

  api.get(
    '/api/productSearch',
    {
      config: { readCache: { tables: ['product'], members: true } },
      schema: {
        tags,
        summary: 'Courses on show whose title, tags or description contain every word typed (Thai-aware)',
        querystring: routes.productSearch.query,
        response: { 200: routes.productSearch.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await catalogue.search(request.actor, request.query.q, request.query.limit);
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );
}
