import type { Clock } from '../clock.js';
import type { Executor } from '../db/client.js';
import { job } from '../db/schema/index.js';
import { currentRequestId } from '../lib/request-context.js';
import type { JobDefinition } from './job.js';

export interface EnqueueOptions {
  /** Not before this time; now by default. */
  runAt?: Date;
  /** A job with a key already in the queue (in any state) is not enqueued again. */
  key?: string;
}

/**
 * Writes one job row; false when its key was taken. The payload is checked here, in the writer's unit of work. The
 * request under way, if any, is recorded with it, so the job's log lines can be joined to the request's.
 */
export async function insertJob<P>(
  db: Executor,
  clock: Clock,
  definition: JobDefinition<P>,
  payload: P,
  { runAt, key }: EnqueueOptions = {},
): Promise<boolean> {
  const inserted = await db
    .insert(job)
    .values({
      name: definition.name,
      payload: definition.payload.parse(payload),
      key: key ?? null,
      max_attempts: definition.maxAttempts,
      request_id: currentRequestId() ?? null,
      run_at: (runAt ?? clock.now()).toISOString(),
      create_at: clock.now().toISOString(),
      update_at: clock.now().toISOString(),
    })
    .onConflictDoNothing({ target: job.key })
    .returning({ id: job.id });
  return inserted.length === 1;
}
