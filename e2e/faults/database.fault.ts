import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { emptyDatabase, type Instance, startInstance } from '../../apps/server/test/server-process.js';
import { startTcpProxy, type TcpProxy } from '../../apps/server/test/tcp-proxy.js';

// The shop's database goes away and comes back, as a managed PostgreSQL does on a restart or a failover: two
// instances of the built server, each reaching the database through a TCP proxy this file owns, started together on
// an empty database (with a third reaching it directly).
const MEMBERS = 20;
const PASSWORD = 'Fault-test-passw0rd';
const CUT_MS = 3000;

let database: Awaited<ReturnType<typeof emptyDatabase>>;
let admin: pg.Client;
let dataDir: string;
const proxies: TcpProxy[] = [];
const instances: Instance[] = [];

beforeAll(async () => {
  database = await emptyDatabase('sikkha_fault');
  admin = new pg.Client({ connectionString: database.url() });
  await admin.connect();
  dataDir = mkdtempSync(join(tmpdir(), 'sikkha-fault-'));
});
afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await Promise.all(proxies.map((p) => p.close()));
  await admin?.end();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('three instances started at once on an empty database: one migrates and seeds, the others wait, all come up', async () => {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  for (let i = 0; i < 2; i++) {
    proxies.push(await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }));
  }
  const env = (url: string) => ({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    DEMO: 'true',
    JWT_SECRET: 'f'.repeat(64),
    PROMPTPAY_ID: '0812345678',
  });
  const started = await Promise.all([
    startInstance(env(database.url(proxies[0]!.port))),
    startInstance(env(database.url(proxies[1]!.port))),
    startInstance(env(database.url())),
  ]);
  instances.push(...started);
  await Promise.all(started.map((i) => i.ready()));

  // The demo shop was made once: one staff password shown, no course twice.
  const shown = started.filter((i) => /Demo staff: .* \/ /.test(i.output()));
  expect(shown).toHaveLength(1);
  const twice = await admin.query('SELECT product_title FROM product GROUP BY product_title HAVING count(*) > 1');
  expect(twice.rows).toEqual([]);
  const third = instances.pop()!;
  expect(await third.stop()).toBe(0);
});

test('the database cut under a burst of orders and reads: no exit, only 503s, every acknowledged order once', async () => {
  const [a, b] = instances as [Instance, Instance];
  const password = await hashPassword(PASSWORD);
  const emails = Array.from({ length: MEMBERS }, (_, i) => `fault-${i}@example.com`);
  for (const email of emails) {
    await admin.query(`INSERT INTO "user" (email, password, agreement, privacy_policy) VALUES ($1, $2, 'Y', 'Y')`, [
      email,
      password,
    ]);
  }
  // The courses on sale that ship no book (a book needs a delivery address), as the storefront lists them.
  const listed = (await fetch(`${a.url}/api/product`).then((r) => r.json())) as {
    data: { id: number; product_disable: string | null; product_book: string | null }[];
  };
  const courses = listed.data.filter((p) => p.product_disable !== 'Y' && p.product_book !== 'Y').map((p) => p.id);
  expect(courses.length).toBeGreaterThan(0);

  const tokens = await Promise.all(
    emails.map(async (email, i) => {
      const res = await fetch(`${instances[i % 2]!.url}/api/loginEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { token: string } }).data.token;
    }),
  );

  const unexpected: string[] = [];
  const unavailable = { count: 0, slowest: 0 };
  const acknowledged = new Map<string, number>();
  let stopping = false;

  /** A request that may meet the outage: 503 in the envelope with Retry-After, quickly, or its expected answer. */
  async function call(url: string, init: RequestInit = {}) {
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      unexpected.push(`${url}: ${String(error)}`);
      return null;
    }
    const ms = performance.now() - started;
    const body = await res.text();
    if (res.status === 503) {
      unavailable.count++;
      unavailable.slowest = Math.max(unavailable.slowest, ms);
      const envelope = JSON.parse(body) as { result: boolean; code: string; message: string };
      if (envelope.result !== false || envelope.code !== 'UNAVAILABLE' || !res.headers.get('retry-after')) {
        unexpected.push(`${url}: a 503 without the envelope or Retry-After: ${body}`);
      }
      return null;
    }
    if (res.status !== 200) {
      unexpected.push(`${url}: ${res.status} ${body.slice(0, 300)}`);
      return null;
    }
    return JSON.parse(body) as { data: { id: number } };
  }

  async function buyer(index: number) {
    const base = instances[index % 2]!.url;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens[index]}` };
    let n = index;
    while (!stopping) {
      // As the web app does: one key per order, sent again with every retry until an answer comes.
      const key = randomUUID();
      const body = JSON.stringify({
        order: { orders_payment_type_id: 5 },
        ordersDetail: { product_id: courses[n++ % courses.length] },
      });
      let placed: { data: { id: number } } | null = null;
      for (let tries = 0; !placed && tries < 40; tries++) {
        placed = await call(`${base}/api/orders`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': key },
          body,
        });
        if (!placed) await new Promise((r) => setTimeout(r, 250));
      }
      if (!placed) return;
      acknowledged.set(key, placed.data.id);
      let cancelled = null;
      for (let tries = 0; !cancelled && tries < 40; tries++) {
        cancelled = await call(`${base}/api/ordersUpdate`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ id: placed.data.id, orders_status: 'cancel' }),
        });
        if (!cancelled) await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
  async function reader(index: number) {
    const base = instances[index % 2]!.url;
    while (!stopping) {
      await call(`${base}/api/product`);
      await call(`${base}/api/productById?id=${courses[index % courses.length]}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const readiness: { at: number; ready: boolean }[][] = [[], []];
  async function watchReady(index: number) {
    while (!stopping) {
      const ok = await fetch(`${instances[index]!.url}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      readiness[index]!.push({ at: Date.now(), ready: ok });
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const load = Promise.all([
    ...emails.map((_, i) => buyer(i)),
    ...Array.from({ length: 10 }, (_, i) => reader(i)),
    watchReady(0),
    watchReady(1),
  ]);
  await new Promise((r) => setTimeout(r, 2000));
  const before = acknowledged.size;
  await Promise.all(proxies.map((p) => p.cut(CUT_MS)));
  const back = Date.now();
  await new Promise((r) => setTimeout(r, 6000));
  stopping = true;
  await load;

  expect(a.child.exitCode, a.output()).toBeNull();
  expect(b.child.exitCode, b.output()).toBeNull();
  expect(unexpected.slice(0, 5)).toEqual([]);
  expect(unavailable.count).toBeGreaterThan(0);
  // Nobody waited on the dead database longer than a few seconds.
  expect(unavailable.slowest).toBeLessThan(5000);
  // Orders went on after the cut.
  expect(acknowledged.size).toBeGreaterThan(before);
  for (const [index, seen] of readiness.entries()) {
    expect(
      seen.some((s) => !s.ready),
      `instance ${index} never said it was not ready`,
    ).toBe(true);
    const readyAgain = seen.find((s) => s.at >= back && s.ready);
    expect(readyAgain, `instance ${index} not ready again`).toBeDefined();
    expect(readyAgain!.at - back).toBeLessThan(5000);
  }
  // Every order a member was told about is there, once, under its key.
  const keys = [...acknowledged.keys()];
  const rows = await admin.query<{ key: string; id: number }>(
    `SELECT idempotency_key AS key, orders_id AS id FROM "orderPayment" WHERE idempotency_key = ANY($1)`,
    [keys],
  );
  expect(rows.rows).toHaveLength(keys.length);
  for (const row of rows.rows) expect(row.id).toBe(acknowledged.get(row.key));
});

test('a price changed while one instance was cut off: that instance never serves the old one afterwards', async () => {
  const [, b] = instances as [Instance, Instance];
  const { rows } = await admin.query<{ id: number; product_price: string }>(
    `SELECT id, product_price FROM product WHERE product_disable IS DISTINCT FROM 'Y' ORDER BY id LIMIT 1`,
  );
  const course = rows[0]!;
  const url = `${b.url}/api/productById?id=${course.id}`;
  const priceOn = async () => {
    const res = await fetch(url).catch(() => null);
    if (res?.status !== 200) return undefined;
    return Number(((await res.json()) as { data: { product_price: string | number } }).data.product_price);
  };
  // Twice: the second answer comes from the instance's memory.
  await priceOn();
  expect(await priceOn()).toBe(Number(course.product_price));

  // Only B is cut off (its change feed too); the change goes through the other side, as another instance makes it.
  const newPrice = Number(course.product_price) + 111;
  const cut = proxies[1]!.cut(CUT_MS);
  await new Promise((r) => setTimeout(r, 300));
  await admin.query('UPDATE product SET product_price = $1 WHERE id = $2', [newPrice, course.id]);
  await cut;
  const seen: (number | undefined)[] = [];
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) seen.push(await priceOn());
  const answered = seen.filter((p) => p !== undefined);
  expect(answered.length).toBeGreaterThan(0);
  expect(new Set(answered)).toEqual(new Set([newPrice]));
  expect(b.child.exitCode).toBeNull();
});

test('pages asked for while the database is away: the web app, never a JSON error; a course page says 503', async () => {
  const [a] = instances as [Instance];
  const cut = proxies[0]!.cut(CUT_MS);
  await new Promise((r) => setTimeout(r, 300));
  const answers = await Promise.all(
    ['/', '/product/anything', '/news/1', '/courses'].map(async (path) => {
      const res = await fetch(`${a.url}${path}`);
      return {
        path,
        status: res.status,
        type: res.headers.get('content-type'),
        retry: res.headers.get('retry-after'),
        body: await res.text(),
      };
    }),
  );
  await cut;
  for (const answer of answers) {
    expect(answer.type, answer.path).toMatch(/^text\/html/);
    expect(answer.body, answer.path).toContain('<div id="root"');
    expect([200, 503], answer.path).toContain(answer.status);
    if (answer.status === 503) expect(answer.retry).toBe('5');
  }
  expect(answers.find((a) => a.path === '/product/anything')?.status).toBe(503);
  expect(a.child.exitCode).toBeNull();
});
