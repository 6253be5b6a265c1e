import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember, requireStaff } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { GroupsService } from './groups.service.js';

/**
 * Study groups: a buyer's code per group, the member's groups of a course, and the expired list for staff. The
 * plain reads of `userProductGroup` (`…ById`, `…ByUserId`, `…ByProductId`) and staff's writes are the engine's.
 */
export function registerGroupRoutes(app: FastifyInstance, groups: GroupsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];

  api.post(
    '/api/userProductGroupGennarate',
    {
      schema: {
        tags,
        summary: 'The buyer’s code for a group (id), made once: a repeated call answers the same code',
        body: routes.userProductGroupGennarate.body,
        response: { 200: routes.userProductGroupGennarate.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await groups.generate(requireMember(request), request.body.id);
      return { result: true, data, message: message('saved') };
    },
  );

  api.get(
    '/api/userProductGroupByUserAndProduct',
    {
      schema: {
        tags,
        summary: 'The groups of a course with the member’s codes; group links for buyers only',
        querystring: routes.userProductGroupByUserAndProduct.query,
        response: { 200: routes.userProductGroupByUserAndProduct.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await groups.ofCourse(requireMember(request), request.query.product_id);
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );

  api.get(
    '/api/userProductGroupExpire',
    {
      schema: {
        tags,
        summary: 'Group members whose 2-year access to the course is over (staff)',
        response: { 200: routes.userProductGroupExpire.response, ...errorResponses },
      },
    },
    async (request) => {
      requireStaff(request);
      const data = await groups.expired();
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );
}
