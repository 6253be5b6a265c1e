/**
 * Catalogue reads against a bare Fastify hello-world in the same run (DESIGN.md budget: at least half its
 * requests per second). Run: npx tsx bench/catalogue.ts  (DATABASE_URL=postgres://…/postgres for PostgreSQL)
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startDemoShop } from './demo-shop.js';

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

const shop = await startDemoShop();
const base = shop.base;

const rows: [string, number][] = [['bare Fastify hello-world', await load(helloUrl)]];
for (const path of ['/api/product', '/api/category', '/api/coach', '/api/productById?id=1', '/api/courseView?id=1']) {
  rows.push([`GET ${path}`, await load(base + path)]);
}
const baseline = rows[0]![1];
console.log(`database: ${shop.kind}, ${DURATION} s per row, 50 connections`);
for (const [name, rps] of rows)
  console.log(`${name.padEnd(34)} ${String(rps).padStart(7)} req/s  ${((rps / baseline) * 100).toFixed(0)}%`);

await shop.stop();
await hello.close();
