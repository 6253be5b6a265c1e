/**
 * Catalogue reads against a bare Fastify hello-world (DESIGN.md budget: at least 60% of its requests per second).
 * Each server runs in a process of its own and the load generator in this one: in one process the generator's
 * work and the server's share an event loop, which hides what the server costs.
 * Run: npx tsx bench/catalogue.ts  (DATABASE_URL=postgres://…/postgres for PostgreSQL; DURATION, CONNECTIONS, ROUNDS)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startDemoShop } from './demo-shop.js';

const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const role = process.argv[2];

if (role === 'hello' || role === 'shop') {
  // A server child: listen, tell the parent where, and run until the parent ends it.
  let url: string;
  let stop: () => Promise<unknown>;
  if (role === 'hello') {
    const hello = Fastify();
    hello.get('/', async () => ({ hello: 'world' }));
    url = `${await hello.listen({ port: 0, host: '127.0.0.1' })}/`;
    stop = () => hello.close();
  } else {
    const shop = await startDemoShop();
    url = `${shop.base}/`;
    stop = () => shop.stop();
    console.error(`database: ${shop.kind}`);
  }
  process.once('SIGTERM', () => stop().then(() => process.exit(0)));
  console.log(url);
} else {
  // Each route is measured right after a hello-world run, so both see the same machine (other work on it varies),
  // and every pair is repeated ROUNDS times, routes interleaved: a row gives the median of its pairs' ratios, so a
  // burst of other work during one pair moves the row far less than in a single run.
  const accepts = process.env.ACCEPT_ENCODING;
  const [hello, shop] = await Promise.all([serve('hello'), serve('shop')]);
  const paths = ['product', 'category', 'coach', 'productById?id=1', 'courseView?id=1'];
  const pairs = new Map(paths.map((path) => [path, [] as { route: Measured; baseline: Measured }[]]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of paths) {
        const baseline = await load(hello, '');
        const route = await load(shop, `api/${path}`, accepts);
        pairs.get(path)!.push({ route, baseline });
      }
    }
  } finally {
    await Promise.all([hello.stop(), shop.stop()]);
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
  console.log(
    `${ROUNDS} rounds of ${DURATION} s per route and hello-world, ${CONNECTIONS} connections, ` +
      `accept-encoding: ${accepts ?? 'none'}, servers in their own process`,
  );
  console.log(
    '| route | req/s (median) | hello-world req/s (median) | of hello-world (median of pairs) | pairs | server CPU µs/request | hello-world µs/request | of hello-world by CPU |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [path, measured] of pairs) {
    const ratios = measured.map((m) => m.route.rps / m.baseline.rps);
    const cpu = median(measured.map((m) => m.route.cpu));
    const helloCpu = median(measured.map((m) => m.baseline.cpu));
    console.log(
      `| \`GET /api/${path}\` | ${Math.round(median(measured.map((m) => m.route.rps)))} | ` +
        `${Math.round(median(measured.map((m) => m.baseline.rps)))} | ${percent(median(ratios))} | ` +
        `${ratios.map(percent).join(' ')} | ${Math.round(cpu)} | ${Math.round(helloCpu)} | ${percent(helloCpu / cpu)} |`,
    );
  }
}

type Measured = Awaited<ReturnType<typeof load>>;

/** Clock ticks (1/100 s) of CPU a process has used, user and system, from Linux's /proc. */
function cpuTicks(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Requests per second at saturation, and the server's CPU per request: on a machine other work shares, the
 * throughput moves with that work while the CPU a request costs the server barely does.
 */
async function load(server: Server, path: string, acceptEncoding?: string) {
  const run = (duration: number) =>
    autocannon({
      url: server.url + path,
      connections: CONNECTIONS,
      duration,
      pipelining: 1,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  // Unmeasured: the JIT's first compilations and the cache's first miss.
  await run(1);
  const ticks = cpuTicks(server.pid);
  const result = await run(DURATION);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu = ((cpuTicks(server.pid) - ticks) * 10_000) / result.requests.total;
  return { rps: Math.round(result.requests.average), cpu: Math.round(cpu) };
}

type Server = Awaited<ReturnType<typeof serve>>;

/** Starts this script as a server child (`hello` or `shop`) and waits for the URL it prints. */
async function serve(which: 'hello' | 'shop') {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), which], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('http'));
      if (line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`${which} server exited (${code}) before listening`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
