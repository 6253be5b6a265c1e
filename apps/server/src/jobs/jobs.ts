import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { Work } from '../db/unit-of-work.js';
import type { JobDefinition } from './job.js';
import { prune, pruneDaily, pruneJobs } from './prune.job.js';
import { type EnqueueOptions, insertJob } from './queue.js';
import { type Handler, type JobOutcome, jobRunner } from './runner.js';
import { type Schedule, scheduler } from './schedules.js';

export interface JobsOptions {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'child'>;
  /** How often a started runner looks for jobs nobody woke it for; 5 s by default. */
  pollMs?: number;
  /** Told how each run ended (the metrics count them by kind). */
  onOutcome?: (name: string, outcome: JobOutcome) => void;
}

/**
 * The durable job queue: jobs are rows enqueued in a unit of work (so a job exists only if its transaction
 * committed), run once across every instance, retried with backoff, and kept with their state. `main.ts` starts the
 * runner; tests leave it stopped and call `runDue()`.
 */
export function createJobs({ db, clock, log, pollMs = 5000, onOutcome }: JobsOptions) {
  const schedules = scheduler(clock);
  const runner = jobRunner({ db, clock, log, schedules, pollMs, onOutcome });
  runner.handle(prune, () => pruneJobs(db, clock));
  schedules.add(pruneDaily);

  return {
    /** Adds a job to the unit of work; the runner is woken once it commits. False when the key was taken. */
    async enqueue<P>(work: Work, definition: JobDefinition<P>, payload: P, options?: EnqueueOptions) {
      const added = await insertJob(work.db, clock, definition, payload, options);
      if (added) work.afterCommit(runner.wake);
      return added;
    },
    /** What runs a kind of job; every instance registers the same. */
    handle<P>(definition: JobDefinition<P>, run: Handler<P>) {
      runner.handle(definition, run);
    },
    /** A job enqueued once per slot of time. */
    schedule<P>(schedule: Schedule<P>) {
      schedules.add(schedule);
    },
    runDue: runner.runDue,
    start: runner.start,
    stop: runner.stop,
    running: runner.running,
  };
}

export type Jobs = ReturnType<typeof createJobs>;
