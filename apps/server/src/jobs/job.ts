import type { z } from 'zod';

const SECOND = 1000;

/**
 * A kind of job: its name in the queue, the shape of its payload (checked when it is enqueued and again when it
 * runs, since a stored payload may predate a change), and how hard to try. What it does is registered apart
 * (`jobs.handle`), so a service can enqueue a job without holding what runs it.
 */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  /** Runs before the job is `dead`; the first run counts. */
  maxAttempts: number;
  /** How long a runner may take before the job counts as abandoned and another runner claims it. */
  leaseMs?: number;
  /** The wait before the next attempt, after `attempts` failed ones. */
  backoffMs?: (attempts: number) => number;
}

export const defineJob = <P>(definition: JobDefinition<P>) => definition;

export const DEFAULT_LEASE_MS = 5 * 60 * SECOND;

/** 30 s, 1 min, 2 min, 4 min … doubling, at most an hour apart. */
export const exponentialBackoff = (attempts: number) => Math.min(30 * SECOND * 2 ** (attempts - 1), 60 * 60 * SECOND);
