import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../test/app.js';
import { queryRows } from '../db/client.js';
import { job, mailOutbox } from '../db/schema/index.js';
import { defineJob } from '../jobs/job.js';
import { currentRequestId, withRequestContext } from '../lib/request-context.js';
import { createMetrics } from './metrics.js';
import { registerOperations } from './operations.js';

const TOKEN = 'metrics-token-for-the-test-0123';
const onPostgres = process.env.DB_ENGINE === 'postgres';

const flaky = defineJob({ name: 'test.flaky', payload: z.object({ fail: z.boolean() }), maxAttempts: 1 });
let t: Awaited<ReturnType<typeof testApp>>;
/** The request id each run of `test.flaky` was told. */
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  t = await testApp({ env: { METRICS_TOKEN: TOKEN } });
  t.app.ctx.jobs.handle(flaky, async ({ fail }) => {
    seen.push(currentRequestId());
    if (fail) throw new Error('refused on purpose');
  });
});
afterAll(() => t?.close());

/** A series' value in a scrape; 0 when it is absent. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe('health and readiness', () => {
  test('/health answers while the process lives, outside /api and the web app', async () => {
    const res = await t.visitor.get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('/ready needs the database, every migration and a running job runner', async () => {
    const stopped = await t.visitor.get('/ready');
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toEqual({
      status: 'not ready',
      checks: { database: true, migrations: true, jobs: false, accepting: true },
    });

    t.app.ctx.jobs.start();
    try {
      const ready = await t.visitor.get('/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().status).toBe('ready');

      // A database behind this build (a migration not applied) is not ready.
      const [row] = await queryRows<{ id: number; hash: string; created_at: string }>(
        t.db,
        sql`DELETE FROM drizzle.__drizzle_migrations
            WHERE id = (SELECT id FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1)
            RETURNING id, hash, created_at`,
      );
      const behind = await t.visitor.get('/ready');
      expect(behind.statusCode).toBe(503);
      expect(behind.json().checks).toMatchObject({ database: true, migrations: false, jobs: true });
      await t.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row!.id}, ${row!.hash}, ${row!.created_at})`,
      );
      expect((await t.visitor.get('/ready')).statusCode).toBe(200);
    } finally {
      await t.app.ctx.jobs.stop();
    }
  });
});

describe('stopping the job runner (SIGTERM)', () => {
  const slow = defineJob({ name: 'test.slow', payload: z.object({ n: z.number() }), maxAttempts: 3 });

  test('the job under way ends its run; no other is claimed; /ready says so meanwhile', async () => {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: number[] = [];
    t.app.ctx.jobs.handle(slow, async ({ n }) => {
      started();
      await gate;
      ran.push(n);
    });
    await t.transact(async (work) => {
      await t.app.ctx.jobs.enqueue(work, slow, { n: 1 });
      await t.app.ctx.jobs.enqueue(work, slow, { n: 2 });
    });
    t.app.ctx.jobs.start();
    await running;
    const stopping = t.app.ctx.jobs.stop();
    expect((await t.visitor.get('/ready')).json().checks.jobs).toBe(false);
    release();
    await stopping;
    expect(ran).toEqual([1]);
    const states = await t.db
      .select({ state: job.state, n: sql<number>`(${job.payload}->>'n')::int` })
      .from(job)
      .where(eq(job.name, slow.name))
      .orderBy(job.id);
    expect(states).toEqual([
      { state: 'done', n: 1 },
      { state: 'queued', n: 2 },
    ]);
    // The next start (here: another instance, or this one after a restart) takes it.
    await t.app.ctx.jobs.runDue();
    expect(ran).toEqual([1, 2]);
  });
});

describe('request ids', () => {
  test('every answer names its request; a usable X-Request-Id from a proxy is kept, anything else replaced', async () => {
    const own = await t.visitor.get('/api/category');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'proxy-abc-12345' } });
    expect(kept.headers['x-request-id']).toBe('proxy-abc-12345');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'bad id\nwith a forged log line' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a job carries the id of the request that enqueued it into its run', async () => {
    const member = await t.member('request-id@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sendConfirmEmail',
      headers: { authorization: `Bearer ${member.token}`, 'x-request-id': 'confirm-request-0001' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mailJob] = await t.db
      .select({ requestId: job.request_id })
      .from(job)
      .where(sql`${job.payload}->>'to' = 'request-id@example.com'`);
    expect(mailJob?.requestId).toBe('confirm-request-0001');

    // The run happens later, outside the request, and still knows it.
    await withRequestContext({ requestId: 'enqueuing-request-01' }, () =>
      t.transact((work) => t.app.ctx.jobs.enqueue(work, flaky, { fail: false })),
    );
    await t.app.ctx.jobs.runDue();
    expect(seen.at(-1)).toBe('enqueuing-request-01');
    // A job enqueued outside any request runs under its own id.
    await t.transact((work) => t.app.ctx.jobs.enqueue(work, flaky, { fail: false }));
    await t.app.ctx.jobs.runDue();
    expect(seen.at(-1)).toMatch(/^job-\d+$/);
  });
});

describe('metrics', () => {
  test('off without METRICS_TOKEN: 404; with it, a wrong or missing token is 401', async () => {
    const off = Fastify();
    registerOperations(off, {
      database: t.database,
      jobs: t.app.ctx.jobs,
      metrics: createMetrics(t.database),
      metricsToken: undefined,
    });
    expect((await off.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await off.close();
    expect((await t.visitor.get('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  });

  test('requests by route pattern, never by URL; job runs by kind and outcome; the queue by state', async () => {
    const before = await scrape();
    await t.visitor.get('/api/productById?id=1');
    await t.visitor.get('/api/productById?id=2');
    await t.visitor.get('/api/no-such-route-here');
    await t.transact(async (work) => {
      await t.app.ctx.jobs.enqueue(work, flaky, { fail: true });
      await t.app.ctx.jobs.enqueue(work, flaky, { fail: false });
    });
    await t.app.ctx.jobs.runDue();

    const text = await scrape();
    const grew = (series: string) => seriesValue(text, series) - seriesValue(before, series);
    expect(grew('http_request_duration_seconds_count{method="GET",route="/api/productById",status="404"}')).toBe(2);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/productById"/);
    expect(grew('http_request_duration_seconds_count{method="GET",route="not-found",status="404"}')).toBe(1);
    expect(text).not.toContain('id=1');
    expect(grew('sikkha_job_runs_total{name="test.flaky",outcome="dead"}')).toBe(1);
    expect(grew('sikkha_job_runs_total{name="test.flaky",outcome="done"}')).toBe(1);
    expect(grew('sikkha_jobs{name="test.flaky",state="dead"}')).toBe(1);
    expect(text).toContain('process_resident_memory_bytes');
    if (onPostgres) expect(text).toMatch(/sikkha_db_pool_connections\{state="idle"\} \d+/);
  });

  test('orders by state and payment, gateway charges, mail and staff messages read from the shop', async () => {
    await t.db.insert(mailOutbox).values([
      { mail_to: 'a@example.com', subject: 's', text: 't', html: 'h', status: 'sent' },
      { mail_to: 'b@example.com', subject: 's', text: 't', html: 'h', status: 'failed', error: 'refused' },
    ]);
    const text = await scrape();
    expect(text).toContain('sikkha_mails{status="sent"} 1');
    expect(text).toContain('sikkha_mails{status="failed"} 1');
    expect(text).not.toContain('a@example.com');
    // The shop's own tables answer: no order yet means the gauge exists with no series.
    expect(text).toContain('# TYPE sikkha_orders gauge');
    expect(text).toContain('# TYPE sikkha_payment_charges gauge');
    expect(text).toContain('# TYPE sikkha_staff_messages gauge');
    await t.db.delete(mailOutbox).where(eq(mailOutbox.status, 'failed'));
  });
});
