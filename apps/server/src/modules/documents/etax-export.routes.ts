import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { MonthlyExport } from './monthly-export.js';

/** Staff: a Bangkok month's issued documents, and their archive for the Revenue Department (docs/ETAX.md). */
export function registerEtaxExportRoutes(app: FastifyInstance, exports: MonthlyExport) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/etaxMonthlyRegister',
    {
      schema: {
        tags: ['orders-payments'],
        summary: 'Staff: the documents issued in a Bangkok month (YYYY-MM), oldest first, from the register',
        querystring: routes.etaxMonthlyRegister.query,
        response: { 200: routes.etaxMonthlyRegister.response, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await exports.register(requireSignedIn(request), request.query.month);
      return { result: true, data: rows, message: message('ok'), total: rows.length };
    },
  );

  api.get(
    '/api/etaxMonthlyExport',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'Staff: a Bangkok month’s archive for the Revenue Department: each e-Tax XML as issued (<number>.xml) and summary.csv of every document',
        querystring: routes.etaxMonthlyExport.query,
        produces: [...routes.etaxMonthlyExport.produces],
        response: { 200: routes.etaxMonthlyExport.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const archive = await exports.archive(requireSignedIn(request), month);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="etax-${month}.zip"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(archive);
    },
  );
}
