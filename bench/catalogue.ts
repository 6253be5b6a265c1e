/**
 * Catalogue reads against a bare Fastify hello-world in the same run (DESIGN.md budget: at least half its
 * requests per second). Run: npx tsx bench/catalogue.ts  (DATABASE_URL=postgres://…/postgres for PostgreSQL)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { systemClock } from '../apps/server/src/clock.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { freshDatabase } from '../apps/server/test/database.js';

const DURATION = Number(process.env.DURATION ?? 8);

async function load(url: string) {
  const result = await autocannon({ url, connections: 50, duration: DURATION, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round(result.requests.average);
}

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });

if (process.env.DATABASE_URL)
  Object.assign(process.env, { DB_ENGINE: 'postgres', TEST_DATABASE_URL: process.env.DATABASE_URL });
const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-bench-'));
await seedDemo(database.db, { dataDir, clock: systemClock });
const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'b'.repeat(40),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, database, clock: systemClock });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const rows: [string, number][] = [['bare Fastify hello-world', await load(helloUrl)]];
for (const path of ['/api/product', '/api/category', '/api/coach', '/api/productById?id=1', '/api/courseView?id=1']) {
  rows.push([`GET ${path}`, await load(base + path)]);
}
const baseline = rows[0]![1];
console.log(`database: ${database.kind}, ${DURATION} s per row, 50 connections`);
for (const [name, rps] of rows)
  console.log(`${name.padEnd(34)} ${String(rps).padStart(7)} req/s  ${((rps / baseline) * 100).toFixed(0)}%`);

await app.close();
await hello.close();
await database.drop();
