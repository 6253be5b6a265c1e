import { jobStates } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { state, statesChecked, timestamp } from './columns.js';

/** The durable job queue (`src/jobs/`): one row per job, claimed with `FOR UPDATE SKIP LOCKED`. */
export const job = pgTable(
  'job',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    payload: jsonb('payload').notNull(),
    state: state('state', jobStates, 10).notNull().default('queued'),
    /** A job with a key is enqueued once: a schedule slot, or anything that must not be doubled. */
    key: varchar('key', { length: 200 }),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull(),
    /** Not before: the first run, or the next try after a failure. */
    run_at: timestamp('run_at').notNull(),
    /** A running job whose runner has not finished by then (a crash, a lost connection) is claimed again. */
    locked_until: timestamp('locked_until'),
    last_error: text('last_error'),
    /** The request that enqueued the job (its `x-request-id`), so the job's log lines join the request's. */
    request_id: varchar('request_id', { length: 64 }),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
    update_at: timestamp('update_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('job_key_idx').on(t.key),
    index('job_due_idx').on(t.state, t.run_at),
    ...statesChecked('job', { state: jobStates }),
  ],
);
