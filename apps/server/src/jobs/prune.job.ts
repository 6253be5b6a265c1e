import { and, eq, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { job } from '../db/schema/index.js';
import { defineJob } from './job.js';
import type { Schedule } from './schedules.js';

const DAY = 24 * 60 * 60 * 1000;
/** Finished jobs are kept a week (their payloads hold mails with codes); dead ones three months, to be looked into. */
export const KEEP_DONE_DAYS = 7;
export const KEEP_DEAD_DAYS = 90;

export const prune = defineJob({ name: 'jobs.prune', payload: z.object({}), maxAttempts: 3 });

/** Every day at 03:00 in Bangkok (20:00 UTC). */
export const pruneDaily: Schedule<Record<string, never>> = {
  name: 'jobs.prune',
  job: prune,
  payload: {},
  every: DAY,
  offset: 20 * 60 * 60 * 1000,
};

/** Deletes finished jobs past their keeping time. */
export async function pruneJobs(db: Db, clock: Clock) {
  const before = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();
  await db
    .delete(job)
    .where(
      or(
        and(eq(job.state, 'done'), lt(job.update_at, before(KEEP_DONE_DAYS))),
        and(eq(job.state, 'dead'), lt(job.update_at, before(KEEP_DEAD_DAYS))),
      ),
    );
}
