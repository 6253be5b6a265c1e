import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireStaff } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { listJobs } from './jobs.service.js';

/** The job queue's state for the back office (staff). */
export function registerJobRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Background jobs, newest first, by state and name (staff)',
        querystring: routes.jobs.query,
        response: { 200: routes.jobs.response, ...errorResponses },
      },
    },
    async (request) => {
      requireStaff(request);
      const { rows, total } = await listJobs(db, request.query);
      return { result: true, data: rows, total, message: message('ok') };
    },
  );
}
