import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { testClock } from '../../test/app.js';
import { freshDatabase } from '../../test/database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { job } from '../db/schema/index.js';
import { DEFAULT_LEASE_MS, defineJob, exponentialBackoff } from './job.js';
import { KEEP_DONE_DAYS } from './prune.job.js';
import { slotOf } from './schedules.js';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: join(tmpdir(), 'sikkha-test-data') });
const onPostgres = process.env.DB_ENGINE === 'postgres';

const note = defineJob({ name: 'test.note', payload: z.object({ text: z.string() }), maxAttempts: 3 });

const clock = testClock();
let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
/** What the `test.note` handler of `app` saw, and whether it should fail. */
const notes: string[] = [];
let failing = false;

const instance = (on: Database) => buildApp({ config, database: on, clock });
const jobRows = (name: string) => database.db.select().from(job).where(eq(job.name, name)).orderBy(job.id);

beforeAll(async () => {
  database = await freshDatabase();
  app = await instance(database);
  app.ctx.jobs.handle(note, async ({ text }) => {
    if (failing) throw new Error(`cannot note ${text}`);
    notes.push(text);
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

test('a job enqueued in a unit of work runs after its commit; a rolled-back unit of work leaves no job', async () => {
  const { jobs, transact } = app.ctx;
  await expect(
    transact(async (work) => {
      await jobs.enqueue(work, note, { text: 'rolled back' });
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  await transact((work) => jobs.enqueue(work, note, { text: 'committed' }));
  expect(notes).toEqual([]);

  await jobs.runDue();
  expect(notes).toEqual(['committed']);
  const rows = await jobRows(note.name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ state: 'done', attempts: 1, payload: { text: 'committed' }, locked_until: null });
  // Done is done.
  await jobs.runDue();
  expect(notes).toEqual(['committed']);
});

test('a payload that does not fit its job is refused when it is enqueued, with the unit of work', async () => {
  const before = (await jobRows(note.name)).length;
  await expect(
    app.ctx.transact((work) => app.ctx.jobs.enqueue(work, note, { text: 42 } as unknown as { text: string })),
  ).rejects.toThrow();
  expect(await jobRows(note.name)).toHaveLength(before);
});

test('a job with a key is enqueued once', async () => {
  const { jobs, transact } = app.ctx;
  const first = await transact((work) => jobs.enqueue(work, note, { text: 'keyed' }, { key: 'note:keyed' }));
  const again = await transact((work) => jobs.enqueue(work, note, { text: 'keyed again' }, { key: 'note:keyed' }));
  expect([first, again]).toEqual([true, false]);
  notes.length = 0;
  await jobs.runDue();
  expect(notes).toEqual(['keyed']);
});

test('a job waits for its time', async () => {
  const { jobs, transact } = app.ctx;
  notes.length = 0;
  await transact((work) =>
    jobs.enqueue(work, note, { text: 'later' }, { runAt: new Date(clock.now().getTime() + HOUR) }),
  );
  await jobs.runDue();
  expect(notes).toEqual([]);
  clock.advance(HOUR);
  await jobs.runDue();
  expect(notes).toEqual(['later']);
});

test('a failing job is tried again with a growing wait, then is dead with its last error', async () => {
  const { jobs, transact } = app.ctx;
  await transact((work) => jobs.enqueue(work, note, { text: 'doomed' }, { key: 'note:doomed' }));
  const doomed = async () => (await database.db.select().from(job).where(eq(job.key, 'note:doomed')))[0]!;
  failing = true;
  try {
    await jobs.runDue();
    let row = await doomed();
    expect(row).toMatchObject({ state: 'retry', attempts: 1, last_error: 'cannot note doomed', locked_until: null });
    expect(new Date(row.run_at).getTime()).toBe(clock.now().getTime() + exponentialBackoff(1));

    // Not a moment early.
    clock.advance(exponentialBackoff(1) - SECOND);
    await jobs.runDue();
    expect((await doomed()).attempts).toBe(1);
    clock.advance(SECOND);
    await jobs.runDue();
    row = await doomed();
    expect(row).toMatchObject({ state: 'retry', attempts: 2 });
    expect(new Date(row.run_at).getTime()).toBe(clock.now().getTime() + exponentialBackoff(2));
    expect(exponentialBackoff(2)).toBe(2 * exponentialBackoff(1));

    clock.advance(exponentialBackoff(2));
    await jobs.runDue();
    expect(await doomed()).toMatchObject({
      state: 'dead',
      attempts: note.maxAttempts,
      last_error: 'cannot note doomed',
    });
    clock.advance(DAY);
    await jobs.runDue();
    expect((await doomed()).attempts).toBe(note.maxAttempts);
  } finally {
    failing = false;
  }
});

test('a job whose runner died is claimed again by another once its lease has run out', async () => {
  const stuck = defineJob({ name: 'test.stuck', payload: z.object({}), maxAttempts: 3 });
  const second = await instance(database);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ran: string[] = [];
  // The first runner hangs in its first attempt, as a process that died mid-job would never finish.
  app.ctx.jobs.handle(stuck, async (_payload, { attempt }) => {
    if (attempt === 1) await held;
    ran.push(`first:${attempt}`);
  });
  second.ctx.jobs.handle(stuck, async (_payload, { attempt }) => {
    ran.push(`second:${attempt}`);
  });
  try {
    await app.ctx.transact((work) => app.ctx.jobs.enqueue(work, stuck, {}));
    const hanging = app.ctx.jobs.runDue();
    await expect.poll(async () => (await jobRows(stuck.name))[0]?.state).toBe('running');

    await second.ctx.jobs.runDue();
    expect(ran).toEqual([]);
    clock.advance(DEFAULT_LEASE_MS);
    await second.ctx.jobs.runDue();
    expect(ran).toEqual(['second:2']);

    // The first runner comes back late: its result does not overwrite the second's.
    release();
    await hanging;
    expect((await jobRows(stuck.name))[0]).toMatchObject({ state: 'done', attempts: 2 });
  } finally {
    release();
    await second.close();
  }
});

describe('schedules', () => {
  const tick = defineJob({ name: 'test.tick', payload: z.object({}), maxAttempts: 1 });

  test('a scheduled job is enqueued once per slot, however many instances tick', async () => {
    const other = onPostgres ? openPostgres(database.url!) : database;
    const second = await instance(other);
    const ticks: string[] = [];
    for (const [who, one] of [
      ['first', app],
      ['second', second],
    ] as const) {
      one.ctx.jobs.handle(tick, async () => {
        ticks.push(who);
      });
      one.ctx.jobs.schedule({ name: 'test.hourly', job: tick, payload: {}, every: HOUR });
    }
    try {
      await Promise.all([app.ctx.jobs.runDue(), second.ctx.jobs.runDue()]);
      await Promise.all([app.ctx.jobs.runDue(), second.ctx.jobs.runDue()]);
      expect(ticks).toHaveLength(1);
      clock.advance(HOUR);
      await Promise.all([app.ctx.jobs.runDue(), second.ctx.jobs.runDue()]);
      expect(ticks).toHaveLength(2);
      const keys = (await jobRows(tick.name)).map((row) => row.key);
      expect(keys).toEqual([
        `schedule:test.hourly:${slotOf({ every: HOUR }, new Date(clock.now().getTime() - HOUR)).toISOString()}`,
        `schedule:test.hourly:${slotOf({ every: HOUR }, clock.now()).toISOString()}`,
      ]);
    } finally {
      await second.close();
      if (other !== database) await other.close();
    }
  });

  test('slots start at their offset: every day at 03:00 in Bangkok is 20:00 UTC', () => {
    const daily = { every: DAY, offset: 20 * HOUR };
    expect(slotOf(daily, new Date('2026-11-22T19:59:59.999Z')).toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(slotOf(daily, new Date('2026-11-22T20:00:00.000Z')).toISOString()).toBe('2026-11-22T20:00:00.000Z');
  });

  test('every day the queue forgets jobs done more than a week ago, and keeps dead ones', async () => {
    const { jobs, transact } = app.ctx;
    await transact((work) => jobs.enqueue(work, note, { text: 'old news' }, { key: 'note:old' }));
    await jobs.runDue();
    const kept = async (key: string) => (await database.db.select().from(job).where(eq(job.key, key))).length;
    expect(await kept('note:old')).toBe(1);
    clock.advance((KEEP_DONE_DAYS + 1) * DAY);
    await jobs.runDue();
    expect(await kept('note:old')).toBe(0);
    expect(await kept('note:doomed')).toBe(1);
  });
});

describe('restarts', () => {
  test('a job survives a restart: enqueued before, run by the next start', async () => {
    const dir = onPostgres ? undefined : mkdtempSync(join(tmpdir(), 'sikkha-jobs-'));
    const shared = onPostgres ? await freshDatabase() : undefined;
    const open = async () => {
      const opened = shared ? openPostgres(shared.url!) : await openPglite(dir);
      await opened.migrate();
      return opened;
    };
    try {
      const before = await open();
      const first = await instance(before);
      await first.ctx.transact((work) => first.ctx.jobs.enqueue(work, note, { text: 'across a restart' }));
      await first.close();
      await before.close();

      const after = await open();
      const next = await instance(after);
      const seen: string[] = [];
      next.ctx.jobs.handle(note, async ({ text }) => {
        seen.push(text);
      });
      await next.ctx.jobs.runDue();
      expect(seen).toEqual(['across a restart']);
      await next.close();
      await after.close();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
      await shared?.drop();
    }
  });

  test('a started runner is woken by the commit that enqueues, and stops with the app', async () => {
    const woken: string[] = [];
    const wake = defineJob({ name: 'test.wake', payload: z.object({}), maxAttempts: 1 });
    const started = await instance(database);
    started.ctx.jobs.handle(wake, async () => {
      woken.push('ran');
    });
    started.ctx.jobs.start();
    await started.ctx.transact((work) => started.ctx.jobs.enqueue(work, wake, {}));
    await expect.poll(() => woken).toEqual(['ran']);
    await started.close();
    expect((await jobRows(wake.name))[0]).toMatchObject({ state: 'done' });
  });
});

test.runIf(onPostgres)('two instances on one database run each job once', async () => {
  const connection = openPostgres(database.url!);
  const second = await instance(connection);
  const many = defineJob({ name: 'test.many', payload: z.object({ n: z.number() }), maxAttempts: 1 });
  const ran: { n: number; by: string }[] = [];
  for (const [by, one] of [
    ['first', app],
    ['second', second],
  ] as const) {
    one.ctx.jobs.handle(many, async ({ n }) => {
      ran.push({ n, by });
      // Long enough for the other runner to be claiming meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  try {
    await app.ctx.transact(async (work) => {
      for (let n = 0; n < 30; n++) await app.ctx.jobs.enqueue(work, many, { n });
    });
    await Promise.all([app.ctx.jobs.runDue(), second.ctx.jobs.runDue()]);
    expect(ran.map((r) => r.n).sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
    expect(new Set(ran.map((r) => r.by))).toEqual(new Set(['first', 'second']));
    const rows = await jobRows(many.name);
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  } finally {
    await second.close();
    await connection.close();
  }
});
