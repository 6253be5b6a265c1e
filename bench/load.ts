/**
 * Load held: browsing visitors and buyers at once against two instances of the shop, each in a process of its own,
 * sharing one PostgreSQL database (as two instances behind a load balancer). Each visitor reads a page's catalogue
 * calls and thinks; each buyer places an order paid by PromptPay QR, cancels it (so it can order again) and thinks. Counts
 * errors (anything but the expected 200, and failed connections), p50/p95/p99 of catalogue reads and of order
 * creation, and samples each instance's memory (RSS from /proc, heap from its /metrics).
 *
 * Run (after `npm run build`; the instances run the built server, SERVER_serverMain to choose another build):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/load.ts            # 5 minutes
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/load.ts --short    # 30 seconds
 * Settings: VISITORS (500), BUYERS (50), DURATION seconds (300; --short 30), THINK_MS (mean think time, 1000).
 *
 * `--restart-db` restarts PostgreSQL halfway (DB_RESTART, by default `pg_ctlcluster … main restart` of the local
 * cluster: run as root, on a server nothing else is using) and reports the window in which requests failed, what they
 * answered, and how long after the restart the first request succeeded again. The instances must live through it.
 */
import { type ChildProcess, exec } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { systemClock } from '../apps/server/src/clock.js';
import { user } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { freshDatabase } from '../apps/server/test/database.js';
import { serverMain, startInstance } from '../apps/server/test/server-process.js';

const { values: flags } = parseArgs({
  options: { short: { type: 'boolean', default: false }, 'restart-db': { type: 'boolean', default: false } },
});
const VISITORS = Number(process.env.VISITORS ?? 500);
const BUYERS = Number(process.env.BUYERS ?? 50);
const DURATION = Number(process.env.DURATION ?? (flags.short ? 30 : 300));
const THINK_MS = Number(process.env.THINK_MS ?? 1000);
const SAMPLE_MS = 5000;
const PASSWORD = 'Load-test-passw0rd';
const METRICS_TOKEN = randomBytes(16).toString('hex');

if (!process.env.DATABASE_URL)
  throw new Error('DATABASE_URL (a PostgreSQL server) is required: two instances share it');
if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: npm run build first (or SERVER_serverMain)`);
Object.assign(process.env, { DB_ENGINE: 'postgres', TEST_DATABASE_URL: process.env.DATABASE_URL });

// --- The shop: a fresh database with the demo catalogue and the buyers' accounts ---------------------------------
const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-load-'));
await seedDemo(database.db, { dataDir, clock: systemClock });
const password = await hashPassword(PASSWORD);
const buyers = Array.from({ length: BUYERS }, (_, i) => `load-buyer-${i}@example.com`);
await database.db.insert(user).values(
  buyers.map((email) => ({
    email,
    password,
    agreement: 'Y' as const,
    privacy_policy: 'Y' as const,
  })),
);
await database.close();
if (!database.url) throw new Error('no database URL');

interface Measured {
  url: string;
  child: ChildProcess;
  /** RSS and heap samples in MB, taken every SAMPLE_MS. */
  rss: number[];
  heap: number[];
}

/** One instance of the built server, as production runs it; resolves once `/ready` answers. */
async function startMeasured(jwtSecret: string): Promise<Measured> {
  const instance = await startInstance({
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    METRICS_TOKEN,
    PROMPTPAY_ID: '0812345678',
    DEMO: 'false',
    WEB_DIR: join(dataDir, 'no-web'),
  });
  await instance.ready();
  return { url: instance.url, child: instance.child, rss: [], heap: [] };
}

const jwtSecret = randomBytes(32).toString('hex');
const instances = [await startMeasured(jwtSecret), await startMeasured(jwtSecret)];
const stopAll = async () => {
  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(
    instances.map(
      (i) => new Promise((resolve) => (i.child.exitCode !== null ? resolve(null) : i.child.once('exit', resolve))),
    ),
  );
};

// --- Measuring -----------------------------------------------------------------------------------------------------
const latencies = { reads: [] as number[], orders: [] as number[], cancels: [] as number[] };
const errors: string[] = [];
/** When each failed request ended (ms on `performance.now()`), and how: a status, or `connection` when none came. */
const failures: { at: number; how: string }[] = [];

let stopping = false;

/** A request that must answer 200: its time goes to `bucket`; anything else is an error (the first few kept). */
async function timed(bucket: number[] | null, url: string, init?: RequestInit): Promise<unknown> {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) {
      errors.push(`${init?.method ?? 'GET'} ${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      failures.push({ at: performance.now(), how: String(res.status) });
      return null;
    }
    bucket?.push(ms);
    return body.byteLength > 0 && res.headers.get('content-type')?.includes('json')
      ? JSON.parse(Buffer.from(body).toString())
      : null;
  } catch (error) {
    errors.push(`${init?.method ?? 'GET'} ${url}: ${String(error)}`);
    failures.push({ at: performance.now(), how: 'connection' });
    return null;
  }
}

const think = () => new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

const products = (await fetch(`${instances[0]!.url}/api/product`).then((r) => r.json())) as {
  data: { id: number; product_disable: string | null; product_book: string | null }[];
};
const courseIds = products.data.map((p) => p.id);
// Buyers take the courses on sale that ship no book (a book needs a delivery address in the order).
const forSale = products.data.filter((p) => p.product_disable !== 'Y' && p.product_book !== 'Y').map((p) => p.id);
const news = (await fetch(`${instances[0]!.url}/api/news`).then((r) => r.json())) as { data: { id: number }[] };
const newsIds = news.data.map((n) => n.id);

/** What a page of the storefront reads from the API, as the web app asks for it. */
const pages: ((base: string) => string[])[] = [
  (base) => [`${base}/api/product`, `${base}/api/category`, `${base}/api/news`],
  (base) => [`${base}/api/courseView?id=${pick(courseIds)}`],
  (base) => [`${base}/api/product`, `${base}/api/category`],
  (base) => [`${base}/api/coach`],
  (base) => [`${base}/api/newsById?id=${pick(newsIds)}`],
  (base) => [`${base}/api/productById?id=${pick(courseIds)}`],
];

async function visitor(index: number) {
  const base = instances[index % instances.length]!.url;
  // Visitors arrive over the first seconds, not all in the same millisecond.
  await new Promise((r) => setTimeout(r, Math.random() * 5000));
  while (!stopping) {
    await Promise.all(pick(pages)(base).map((url) => timed(latencies.reads, url)));
    await think();
  }
}

async function buyer(index: number, email: string) {
  const base = instances[index % instances.length]!.url;
  const login = (await timed(null, `${base}/api/loginEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })) as { data: { token: string } } | null;
  if (!login) return;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
  await new Promise((r) => setTimeout(r, Math.random() * 5000));
  let n = index;
  while (!stopping) {
    const productId = forSale[n++ % forSale.length]!;
    const placed = (await timed(latencies.orders, `${base}/api/orders`, {
      method: 'POST',
      headers,
      // PromptPay QR to the shop's own number: the order waits for the payment, as most Thai buyers pay.
      body: JSON.stringify({ order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: productId } }),
    })) as { data: { id: number } } | null;
    if (placed) {
      await timed(latencies.cancels, `${base}/api/ordersUpdate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: placed.data.id, orders_status: 'cancel' }),
      });
    }
    await think();
  }
}

async function sample() {
  for (const instance of instances) {
    // An instance that died has no /proc entry: the run goes on and reports it.
    if (instance.child.exitCode !== null || !existsSync(`/proc/${instance.child.pid}/status`)) continue;
    const status = readFileSync(`/proc/${instance.child.pid}/status`, 'utf8');
    instance.rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    const metrics = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      .then((r) => r.text())
      .catch(() => '');
    const heap = /^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1];
    if (heap) instance.heap.push(Number(heap) / 1024 / 1024);
  }
}

console.log(
  `load: ${VISITORS} visitors and ${BUYERS} buyers for ${DURATION} s (think ${THINK_MS} ms on average), ` +
    `2 instances (${serverMain}) on PostgreSQL, ${courseIds.length} courses (${forSale.length} bought)`,
);
const started = performance.now();
const sampler = setInterval(() => void sample(), SAMPLE_MS);
await sample();
const stopTimer = setTimeout(() => {
  stopping = true;
}, DURATION * 1000);
/** The database restart (`--restart-db`): when it was asked for and when the command returned. */
let restart: { asked: number; done: number } | undefined;
const restartTimer = flags['restart-db']
  ? setTimeout(
      () => {
        const command =
          process.env.DB_RESTART ??
          `pg_ctlcluster --skip-systemctl-redirect ${readdirSync('/etc/postgresql')[0]} main restart`;
        const asked = performance.now();
        console.log(`restarting the database halfway: ${command}`);
        // Not execSync: the visitors and buyers of this process must go on asking while the database restarts.
        exec(command, (error) => {
          if (error) console.log(`the restart failed: ${error.message}`);
          restart = { asked, done: performance.now() };
        });
      },
      (DURATION * 1000) / 2,
    )
  : undefined;
try {
  await Promise.all([
    ...Array.from({ length: VISITORS }, (_, i) => visitor(i)),
    ...buyers.map((email, i) => buyer(i, email)),
  ]);
} finally {
  clearTimeout(stopTimer);
  clearTimeout(restartTimer);
  clearInterval(sampler);
}
await sample();
const seconds = (performance.now() - started) / 1000;
// Before they are stopped: an instance that exited on its own during the run.
const exitedDuringRun = instances.map((i) => i.child.exitCode);
await stopAll();
await dropDatabase();

// --- Report --------------------------------------------------------------------------------------------------------
/** The p-th percentile (100: the largest); sorted, not spread: a quiet 5-minute run records over 100,000 reads. */
function percentile(values: number[], p: number) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const row = (name: string, values: number[]) =>
  `${name.padEnd(16)} ${String(values.length).padStart(8)} ${String(Math.round(values.length / seconds)).padStart(7)}/s` +
  `  p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms` +
  `  p99 ${percentile(values, 99).toFixed(1).padStart(7)} ms  max ${percentile(values, 100).toFixed(0).padStart(6)} ms`;
const mb = (values: number[]) => values.map((v) => Math.round(v)).join(' ');
console.log(`ran ${seconds.toFixed(0)} s; errors: ${errors.length}`);
for (const error of errors.slice(0, 10)) console.log(`  ${error}`);
console.log(row('catalogue reads', latencies.reads));
console.log(row('order creation', latencies.orders));
console.log(row('order cancel', latencies.cancels));
if (restart) {
  const { asked, done } = restart;
  const during = failures.filter((f) => f.at >= asked);
  const kinds = new Map<string, number>();
  for (const f of during) kinds.set(f.how, (kinds.get(f.how) ?? 0) + 1);
  // The outage itself: 503s and failed connections. Other statuses after it are the business's answers to what the
  // outage left behind (a 409 for a course whose waiting order a failed cancel left waiting).
  const outage = during.filter((f) => f.how === '503' || f.how === 'connection');
  const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
  console.log(
    `database restart: asked at 0 s, the command returned at ${seconds(done - asked)} s; ${during.length} requests ` +
      `failed after it was asked (${[...kinds].map(([how, n]) => `${how}: ${n}`).join(', ') || 'none'}); 503s and ` +
      `failed connections from ${seconds(outage[0] && outage[0].at - asked)} s to ` +
      `${seconds(outage.at(-1) && outage.at(-1)!.at - asked)} s`,
  );
}
exitedDuringRun.forEach((code, i) => {
  if (code !== null) console.log(`instance ${i + 1} EXITED during the run with ${code}`);
});
instances.forEach((instance, i) => {
  const third = Math.max(1, Math.floor(instance.rss.length / 3));
  const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  console.log(
    `instance ${i + 1}: RSS MB start ${Math.round(instance.rss[0] ?? 0)}, max ${Math.round(Math.max(...instance.rss))}, ` +
      `end ${Math.round(instance.rss.at(-1) ?? 0)}; mean of first third ${average(instance.rss.slice(0, third)).toFixed(0)}, ` +
      `last third ${average(instance.rss.slice(-third)).toFixed(0)}`,
  );
  console.log(`  RSS samples every ${SAMPLE_MS / 1000} s: ${mb(instance.rss)}`);
  console.log(`  heap used samples: ${mb(instance.heap)}`);
});
const died = exitedDuringRun.some((code) => code !== null);
// With a restart, failed requests during it are the point of the run; an instance that died is still a failure.
process.exit(died || (errors.length > 0 && !restart) ? 1 : 0);

/** Drops the load test's database (its pool is closed already) and data folder. */
async function dropDatabase() {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(database.url!).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
