import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { job } from '../db/schema/index.js';
import { DEFAULT_LEASE_MS, exponentialBackoff, type JobDefinition } from './job.js';
import type { scheduler } from './schedules.js';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** What a handler is told about the job it runs. */
export interface RunningJob {
  id: number;
  /** 1 on the first run. */
  attempt: number;
}

export type Handler<P> = (payload: P, job: RunningJob) => Promise<void>;

interface Registered {
  definition: JobDefinition<unknown>;
  run: Handler<unknown>;
}

export interface RunnerOptions {
  db: Db;
  clock: Clock;
  log: Log;
  schedules: ReturnType<typeof scheduler>;
  /** How often a started runner looks for due jobs it was not woken for (another instance's, retries). */
  pollMs: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Claims due jobs one at a time and runs them. The claim is one statement (`UPDATE … WHERE id = (SELECT … FOR
 * UPDATE SKIP LOCKED)`), so runners on several instances never take the same job and no transaction stays open
 * while a handler works (PGlite has a single connection). A claimed job holds a lease; if its runner dies, the job
 * is claimed again when the lease runs out.
 */
export function jobRunner({ db, clock, log, schedules, pollMs }: RunnerOptions) {
  const handlers = new Map<string, Registered>();

  async function claim() {
    const names = [...handlers.keys()];
    if (names.length === 0) return undefined;
    const now = clock.now().toISOString();
    const due = db
      .select({ id: job.id })
      .from(job)
      .where(
        and(
          inArray(job.name, names),
          or(
            and(inArray(job.state, ['queued', 'retry']), lte(job.run_at, now)),
            and(eq(job.state, 'running'), lte(job.locked_until, now)),
          ),
        ),
      )
      .orderBy(job.run_at, job.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const lease = sql.join(
      [...handlers.values()].map(
        ({ definition }) => sql`WHEN ${definition.name} THEN ${definition.leaseMs ?? DEFAULT_LEASE_MS}::int`,
      ),
      sql` `,
    );
    const [claimed] = await db
      .update(job)
      .set({
        state: 'running',
        attempts: sql`${job.attempts} + 1`,
        locked_until: sql`${now}::timestamptz + (CASE ${job.name} ${lease} END) * interval '1 millisecond'`,
        update_at: now,
      })
      .where(inArray(job.id, due))
      .returning({ id: job.id, name: job.name, payload: job.payload, attempts: job.attempts, max: job.max_attempts });
    return claimed;
  }

  /** Records how the run ended, unless the lease ran out meanwhile and another runner has the job now. */
  async function finish(
    claimed: { id: number; attempts: number },
    values: { state: 'done' | 'retry' | 'dead'; last_error?: string | null; run_at?: string },
  ) {
    await db
      .update(job)
      .set({ ...values, locked_until: null, update_at: clock.now().toISOString() })
      .where(and(eq(job.id, claimed.id), eq(job.state, 'running'), eq(job.attempts, claimed.attempts)));
  }

  async function runOne(claimed: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const { definition, run } = handlers.get(claimed.name)!;
    const payload = definition.payload.safeParse(claimed.payload);
    // A payload that no longer fits its job will not fit it on a later try either.
    if (!payload.success) {
      log.error({ job: claimed.id, name: claimed.name }, 'a job payload does not fit its job');
      await finish(claimed, { state: 'dead', last_error: message(payload.error) });
      return;
    }
    try {
      await run(payload.data, { id: claimed.id, attempt: claimed.attempts });
    } catch (error) {
      const dead = claimed.attempts >= claimed.max;
      const wait = (definition.backoffMs ?? exponentialBackoff)(claimed.attempts);
      log.warn({ job: claimed.id, name: claimed.name, attempt: claimed.attempts, err: error }, 'a job failed');
      await finish(claimed, {
        state: dead ? 'dead' : 'retry',
        last_error: message(error),
        ...(dead ? {} : { run_at: new Date(clock.now().getTime() + wait).toISOString() }),
      });
      return;
    }
    await finish(claimed, { state: 'done', last_error: null });
  }

  /** Enqueues the schedules' current slots, then runs every job due now, one after another; how many ran. */
  async function runDue() {
    await schedules.tick(db);
    let ran = 0;
    for (let claimed = await claim(); claimed; claimed = await claim()) {
      await runOne(claimed);
      ran++;
    }
    return ran;
  }

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;

  /** Starts a pass now, or right after the one under way; does nothing until `start`. */
  function wake() {
    if (!started) return;
    if (pass) {
      again = true;
      return;
    }
    pass = runDue()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'the job runner failed'),
      )
      .finally(() => {
        pass = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    handle<P>(definition: JobDefinition<P>, run: Handler<P>) {
      handlers.set(definition.name, { definition, run } as Registered);
    },
    runDue,
    wake,
    /** Runs due jobs now and every `pollMs`, and whenever a unit of work that enqueued one commits. */
    start() {
      started = true;
      timer = setInterval(wake, pollMs);
      wake();
    },
    /** Stops polling and waits for the job under way. */
    async stop() {
      started = false;
      clearInterval(timer);
      await pass;
    },
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
