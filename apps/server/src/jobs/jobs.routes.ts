import { listEnvelope, listQuery, message } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { jobStates } from '../db/schema/index.js';
import { requireStaff } from '../http/auth.js';
import { errorResponses } from '../http/error-responses.js';
import { listJobs } from './jobs.service.js';

const jobView = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(jobStates),
  key: z.string().nullable(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  locked_until: z.string().nullable(),
  last_error: z.string().nullable(),
  create_at: z.string(),
  update_at: z.string(),
});

const jobsQuery = listQuery
  .pick({ page: true, pageSize: true })
  .extend({ state: z.enum(jobStates).optional(), name: z.string().max(100).optional() });

/** The job queue's state for the back office (staff). */
export function registerJobRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Background jobs, newest first, by state and name (staff)',
        querystring: jobsQuery,
        response: { 200: listEnvelope(jobView), ...errorResponses },
      },
    },
    async (request) => {
      requireStaff(request);
      const { rows, total } = await listJobs(db, request.query);
      return { result: true, data: rows, total, message: message('ok') };
    },
  );
}
