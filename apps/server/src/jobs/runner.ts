import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { job } from '../db/schema/index.js';
import { withRequestContext } from '../lib/request-context.js';
import { DEFAULT_LEASE_MS, exponentialBackoff, type JobDefinition } from './job.js';
import type { scheduler } from './schedules.js';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error' | 'child'>;

/** What a handler is told about the job it runs. */
export interface RunningJob {
  id: number;
  /** 1 on the first run. */
  attempt: number;
  /** The log, its lines marked with the job and the request that enqueued it (`reqId`, as the request's own). */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** How one run of a job ended: done, to be tried again, or given up. */
export type JobOutcome = 'done' | 'retry' | 'dead';

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
  /** Told how each run ended, for the metrics. */
  onOutcome?: (name: string, outcome: JobOutcome) => void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Claims due jobs one at a time and runs them. The claim is one statement (`UPDATE … WHERE id = (SELECT … FOR
 * UPDATE SKIP LOCKED)`), so runners on several instances never take the same job and no transaction stays open
 * while a handler works (PGlite has a single connection). A claimed job holds a lease; if its runner dies, the job
 * is claimed again when the lease runs out.
 */
export function jobRunner({ db, clock, log, schedules, pollMs, onOutcome }: RunnerOptions) {
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
      .returning({
        id: job.id,
        name: job.name,
        payload: job.payload,
        attempts: job.attempts,
        max: job.max_attempts,
        requestId: job.request_id,
      });
    return claimed;
  }

  /** Records how the run ended, unless the lease ran out meanwhile and another runner has the job now. */
  async function finish(
    claimed: { id: number; name: string; attempts: number },
    values: { state: JobOutcome; last_error?: string | null; run_at?: string },
  ) {
    onOutcome?.(claimed.name, values.state);
    await db
      .update(job)
      .set({ ...values, locked_until: null, update_at: clock.now().toISOString() })
      .where(and(eq(job.id, claimed.id), eq(job.state, 'running'), eq(job.attempts, claimed.attempts)));
  }

  async function runOne(claimed: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const { definition, run } = handlers.get(claimed.name)!;
    const jobLog = log.child({
      job: claimed.id,
      name: claimed.name,
      attempt: claimed.attempts,
      ...(claimed.requestId ? { reqId: claimed.requestId } : {}),
    });
    const payload = definition.payload.safeParse(claimed.payload);
    // A payload that no longer fits its job will not fit it on a later try either.
    if (!payload.success) {
      jobLog.error('a job payload does not fit its job');
      await finish(claimed, { state: 'dead', last_error: message(payload.error) });
      return;
    }
    try {
      // Jobs this one enqueues carry the same request id.
      const context = { requestId: claimed.requestId ?? `job-${claimed.id}` };
      await withRequestContext(context, () =>
        run(payload.data, { id: claimed.id, attempt: claimed.attempts, log: jobLog }),
      );
    } catch (error) {
      const dead = claimed.attempts >= claimed.max;
      const wait = (definition.backoffMs ?? exponentialBackoff)(claimed.attempts);
      jobLog.warn({ err: error }, 'a job failed');
      await finish(claimed, {
        state: dead ? 'dead' : 'retry',
        last_error: message(error),
        ...(dead ? {} : { run_at: new Date(clock.now().getTime() + wait).toISOString() }),
      });
      return;
    }
    await finish(claimed, { state: 'done', last_error: null });
  }

  let started = false;
  /** Set while `stop` waits: the job under way finishes, no other is claimed. */
  let stopping = false;

  /** Enqueues the schedules' current slots, then runs every job due now, one after another; how many ran. */
  async function runDue() {
    await schedules.tick(db);
    let ran = 0;
    for (let claimed = stopping ? undefined : await claim(); claimed; claimed = stopping ? undefined : await claim()) {
      await runOne(claimed);
      ran++;
    }
    return ran;
  }

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
    /** Whether the runner is started (and not stopping): `/ready` reports it. */
    running: () => started,
    /** Stops polling and claiming, and waits for the job under way (its current run; a due job waits for later). */
    async stop() {
      started = false;
      stopping = true;
      clearInterval(timer);
      try {
        await pass;
      } finally {
        // A stopped runner can still be asked to `runDue` (tests, a script).
        stopping = false;
      }
    },
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
