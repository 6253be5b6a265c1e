import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { freshDatabase } from '../../../test/database.js';
import { type Database, openPglite } from '../../db/client.js';
import { job, orderPayment, orders, ordersDetail, product, user } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';

// A server killed with SIGKILL while it takes orders loses no order it acknowledged, keeps no half order, and after
// a restart a retried request (same idempotency key) makes no second order. The server runs as `npm start` runs it,
// in a child process of its own, on the engine of this project: a PGlite file database, or PostgreSQL.
const engine = process.env.DB_ENGINE === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const MEMBERS = 4;
const COURSES = 25;
const PASSWORD = 'Crash-test-passw0rd';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function seed(database: Database) {
  const password = await hashPassword(PASSWORD);
  const members = await database.db
    .insert(user)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `crash-${i}@example.com`,
        password,
        agreement: 'Y' as const,
        privacy_policy: 'Y' as const,
      })),
    )
    .returning({ id: user.id, email: user.email });
  const courses = await database.db
    .insert(product)
    .values(
      Array.from({ length: COURSES }, (_, i) => ({
        product_title: `คอร์สทนทาน ${i}`,
        product_price: baht(100 + i),
        product_status: 'Show' as const,
      })),
    )
    .returning({ id: product.id });
  return { members, courses: courses.map((c) => c.id) };
}

/** The shop's main.ts in its own process, on the prepared database; resolves once it answers. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      if ((await fetch(`${env.PUBLIC_URL}/api/category`)).ok) return { child, output: () => output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

test(`SIGKILL while taking orders loses no acknowledged order (${engine})`, { timeout: 420_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sikkha-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  let open: () => Promise<Database>;
  if (engine === 'postgres') {
    const database = await freshDatabase();
    cleanups.push(() => database.drop());
    databaseUrl = database.url!;
    open = async () => database;
  } else {
    // PGlite holds its files alone: the test opens them only while no server runs.
    open = async () => openPglite(dataDir);
    const database = await open();
    await database.migrate();
  }
  const prepared = await open();
  const { members, courses } = await seed(prepared);
  if (engine === 'pglite') await prepared.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // With DATABASE_URL the shop takes no generated secret; the restart must keep the members' tokens valid.
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO: 'false',
    // Card orders: a shop that is not the embedded demo has the sandbox only when asked.
    PAYMENT_GATEWAY: 'sandbox',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'no-web'),
  };
  let server = await startServer(env);
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await exited(server.child);
  });

  const tokens = new Map<number, string>();
  for (const member of members) {
    const login = await fetch(`${url}/api/loginEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    tokens.set(member.id, ((await login.json()) as { data: { token: string } }).data.token);
  }

  // Every member orders every course at once, each request with its own idempotency key (card orders: placing one
  // calls no gateway). The server is killed once a few have been acknowledged, with the rest in flight.
  const requests = members.flatMap((member) =>
    courses.map((productId) => ({ member: member.id, productId, key: `crash-${member.id}-${productId}-key` })),
  );
  const place = (r: (typeof requests)[number]) =>
    fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(r.member)}` },
      body: JSON.stringify({
        order: { orders_payment_type_id: 1, idempotency_key: r.key },
        ordersDetail: { product_id: r.productId },
      }),
    });
  const acknowledged = new Map<string, number>();
  let killed = false;
  await Promise.all(
    requests.map(async (r) => {
      try {
        const res = await place(r);
        if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
        const { data } = (await res.json()) as { data: { id: number } };
        acknowledged.set(r.key, data.id);
        if (!killed && acknowledged.size >= 20) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch (error) {
        // Refused or cut off by the kill: it may or may not have committed, and is retried below.
        if (!killed) throw error;
      }
    }),
  );
  await exited(server.child);
  expect(server.child.signalCode).toBe('SIGKILL');
  expect(acknowledged.size).toBeGreaterThanOrEqual(20);
  expect(acknowledged.size).toBeLessThan(requests.length);

  // The restart opens the same database: every acknowledged order is there, as it was answered.
  server = await startServer(env);
  for (const [key, id] of acknowledged) {
    const member = Number(key.split('-')[1]);
    const view = await fetch(`${url}/api/ordersView?id=${id}`, {
      headers: { authorization: `Bearer ${tokens.get(member)}` },
    });
    expect(view.status, key).toBe(200);
    expect(((await view.json()) as { data: { orders_status: string } }).data.orders_status).toBe('wait');
  }
  // Every request retried with its key: an acknowledged one answers its order again, the others are made now.
  for (let i = 0; i < requests.length; i += 10) {
    await Promise.all(
      requests.slice(i, i + 10).map(async (r) => {
        const res = await place(r);
        expect(res.status, `${r.key} ${res.status}`).toBe(200);
        const { data } = (await res.json()) as { data: { id: number } };
        if (acknowledged.has(r.key)) expect(data.id).toBe(acknowledged.get(r.key));
      }),
    );
  }
  server.child.kill('SIGTERM');
  await exited(server.child);

  // No order without its detail, payment page or expiry, and one order per request.
  const after = await open();
  try {
    const ids = (await after.db.select({ id: orders.id }).from(orders)).map((o) => o.id);
    const count = (values: (number | null)[]) => {
      const seen = new Map<number | null, number>();
      for (const v of values) seen.set(v, (seen.get(v) ?? 0) + 1);
      return seen;
    };
    const details = count((await after.db.select({ id: ordersDetail.orders_id }).from(ordersDetail)).map((d) => d.id));
    const payments = count((await after.db.select({ id: orderPayment.orders_id }).from(orderPayment)).map((p) => p.id));
    const expiries = count(
      (await after.db.select({ key: job.key }).from(job).where(eq(job.name, 'orders.expire'))).map((j) =>
        Number(j.key?.replace('orders.expire:', '')),
      ),
    );
    expect(ids).toHaveLength(requests.length);
    const broken = ids.filter((id) => details.get(id) !== 1 || payments.get(id) !== 1 || expiries.get(id) !== 1);
    expect(broken).toEqual([]);
    const keys = await after.db
      .select({ key: orderPayment.idempotency_key })
      .from(orderPayment)
      .where(eq(orderPayment.user_id, members[0]!.id));
    expect(new Set(keys.map((k) => k.key)).size).toBe(COURSES);
  } finally {
    if (engine === 'pglite') await after.close();
  }
});
