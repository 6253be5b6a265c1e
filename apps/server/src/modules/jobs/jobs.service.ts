import type { JobState } from '@sikkha/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { job } from '../../db/schema/index.js';

export interface JobsFilter {
  state?: JobState | undefined;
  name?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * The queue as the back office sees it, newest first: state, attempts, next run, last error. Never the payload:
 * a mail job carries a sign-in code or a password-reset link.
 */
export async function listJobs(db: Db, { state, name, page, pageSize }: JobsFilter) {
  const conditions: SQL[] = [];
  if (state) conditions.push(eq(job.state, state));
  if (name) conditions.push(eq(job.name, name));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: job.id,
        name: job.name,
        state: job.state,
        key: job.key,
        attempts: job.attempts,
        max_attempts: job.max_attempts,
        run_at: job.run_at,
        locked_until: job.locked_until,
        last_error: job.last_error,
        create_at: job.create_at,
        update_at: job.update_at,
      })
      .from(job)
      .where(where)
      .orderBy(desc(job.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(job).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
