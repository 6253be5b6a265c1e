import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { BackofficeService } from './backoffice.service.js';

/** The staff audit log and the dashboard: staff only. */
export function registerBackofficeRoutes(app: FastifyInstance, service: BackofficeService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/auditLog',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Staff writes, newest first: of one row (subject, subject_id), one member or one staff account',
        querystring: routes.auditLog.query,
        response: { 200: routes.auditLog.response, ...errorResponses },
      },
    },
    async (request) => {
      requireStaff(request);
      const { rows, total } = await service.history(request.query);
      return { result: true, data: rows, total, message: message('ok') };
    },
  );
  api.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Sales by day and month, waiting orders, new members, best sellers and hours watched (staff)',
        querystring: routes.dashboard.query,
        response: { 200: routes.dashboard.response, ...errorResponses },
      },
    },
    async (request) => {
      requireStaff(request);
      return { result: true, data: await service.dashboard(request.query.days), message: message('ok') };
    },
  );
}
