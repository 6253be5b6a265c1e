import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, queryRows } from '../db/client.js';
import {
  broadcastDelivery,
  job,
  mailOutbox,
  messageOutbox,
  orderRefund,
  orders,
  paymentCharge,
  reconcileMismatch,
} from '../db/schema/index.js';
import type { JobOutcome } from '../jobs/runner.js';

/** Request latency buckets in seconds: catalogue reads answer in a millisecond, uploads and PDFs take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Counts = { labels: Record<string, string>; count: number }[];

/**
 * The shop's Prometheus metrics: one registry per app (tests build several). What each instance did (requests, job
 * runs, its pool, its process) is counted in memory; what the shop holds (orders, payments, the queue, mail and
 * messages) is read from the database at each scrape, so every instance reports the same shop-wide figures.
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered by this instance, by method, route pattern and status; _count is the request count',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const jobRuns = new Counter({
    name: 'sikkha_job_runs_total',
    help: 'Job runs on this instance by kind and outcome (done, retry: failed and tried again later, dead: given up)',
    labelNames: ['name', 'outcome'] as const,
    registers: [registry],
  });

  /** A gauge whose values are a grouped count read at scrape time. */
  function tableGauge(name: string, help: string, labelNames: string[], read: () => Promise<Counts>) {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const rows = await read();
        this.reset();
        for (const row of rows) this.set(row.labels, row.count);
      },
    });
  }

  /** `SELECT a, b, count(*) … GROUP BY a, b` as gauge values (a NULL is the label `none`). */
  const grouped = (table: PgTable, columns: Record<string, PgColumn | SQL>) => async (): Promise<Counts> => {
    const labels = Object.entries(columns);
    const select = sql.join(
      labels.map(([label, column]) => sql`coalesce(${column}::text, 'none') AS ${sql.identifier(label)}`),
      sql`, `,
    );
    const positions = sql.raw(labels.map((_, i) => i + 1).join(', '));
    const rows = await queryRows<Record<string, string> & { count: string | number }>(
      database.db,
      sql`SELECT ${select}, count(*) AS count FROM ${table} GROUP BY ${positions}`,
    );
    return rows.map(({ count, ...values }) => ({ labels: values, count: Number(count) }));
  };

  tableGauge(
    'sikkha_jobs',
    'Jobs in the durable queue by kind and state (queued and retry: waiting; running; done; dead: given up)',
    ['name', 'state'],
    grouped(job, { name: job.name, state: job.state }),
  );
  tableGauge(
    'sikkha_orders',
    'Orders by state (wait, finish, cancel, refund, paid_after_cancel) and payment method',
    ['status', 'payment'],
    grouped(orders, { status: orders.orders_status, payment: orders.orders_payment }),
  );
  tableGauge(
    'sikkha_payment_charges',
    'Gateway charges (card, QR, smart-pay, union-pay) by gateway, method and state',
    ['gateway', 'method', 'status'],
    grouped(paymentCharge, {
      gateway: paymentCharge.gateway,
      method: paymentCharge.method,
      status: paymentCharge.status,
    }),
  );
  tableGauge(
    'sikkha_refunds',
    'Refunds by method (gateway, manual, coins) and state (pending: the gateway call is being retried; done)',
    ['method', 'status'],
    grouped(orderRefund, { method: orderRefund.method, status: orderRefund.status }),
  );
  tableGauge(
    'sikkha_reconcile_mismatches',
    "Where the gateway's records and the shop's disagree, by kind and whether staff resolved it (Y, N)",
    ['kind', 'resolved'],
    grouped(reconcileMismatch, {
      kind: reconcileMismatch.kind,
      resolved: sql`CASE WHEN ${reconcileMismatch.resolved_at} IS NULL THEN 'N' ELSE 'Y' END`,
    }),
  );
  tableGauge(
    'sikkha_mails',
    'Mails recorded by state: sent, failed (an SMTP try refused), outbox (kept without SMTP_URL)',
    ['status'],
    grouped(mailOutbox, { status: mailOutbox.status }),
  );
  tableGauge(
    'sikkha_staff_messages',
    'Messages to the staff channels (LINE group, Facebook) by channel and state: sent, failed, outbox',
    ['channel', 'status'],
    grouped(messageOutbox, { channel: messageOutbox.channel, status: messageOutbox.status }),
  );
  tableGauge(
    'sikkha_broadcast_deliveries',
    'Deliveries of Send-screen messages by channel and state',
    ['channel', 'status'],
    grouped(broadcastDelivery, { channel: broadcastDelivery.channel, status: broadcastDelivery.status }),
  );

  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'sikkha_db_pool_connections',
      help: "This instance's PostgreSQL pool: connections in use, idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  return {
    registry,
    /** One answered request; `route` is the pattern (`/api/productById`), never the URL with its values. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    jobOutcome(name: string, outcome: JobOutcome) {
      jobRuns.inc({ name, outcome });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
