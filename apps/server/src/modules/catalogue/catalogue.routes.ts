import {
  courseViewQuery,
  courseView as courseViewSchema,
import { refuseStaleToken } from '../../http/auth.js';
  envelope,
  listEnvelope,
  message,
  product,
  searchQuery,
} from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
      refuseStaleToken(request);
      schema: {
        tags,
        summary: 'The course dialog in one request: course, lessons, tabs, groups, coaches and the caller’s state',
        querystring: courseViewQuery,
        response: { 200: envelope(courseViewSchema), ...errorResponses },
      },
    },
    async (request) => {
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
        querystring: searchQuery,
        response: { 200: listEnvelope(product.row), ...errorResponses },
      },
    },
    async (request) => {
      const data = await catalogue.search(request.actor, request.query.q, request.query.limit);
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );
}
