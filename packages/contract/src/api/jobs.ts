import { z } from 'zod';
import { listQuery } from '../envelope.js';

/** Where a background job stands: waiting, running, waiting to be tried again, finished, or given up on. */
export const jobStates = ['queued', 'running', 'retry', 'done', 'dead'] as const;
export type JobState = (typeof jobStates)[number];

/** A job as the back office sees it. */
export const jobView = z.object({
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

export const jobsQuery = listQuery
  .pick({ page: true, pageSize: true })
  .extend({ state: z.enum(jobStates).optional(), name: z.string().max(100).optional() });
