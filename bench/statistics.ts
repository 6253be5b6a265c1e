/**
 * Viewing statistics: events ingested per second through `POST /api/videoStatistics` (batches as the player
 * flushes them), and the member's aggregates answered with 100,000 statistics rows (sent through the API, so the
 * per-lesson progress is kept by the ingest) spread over a year.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/statistics.ts  (PGlite without it)
 */
import { sql } from 'drizzle-orm';
import { startDemoShop } from './demo-shop.js';

const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const ROWS = Number(process.env.ROWS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 50);

const shop = await startDemoShop();
const base = shop.base;
const { token, userId } = await shop.signInMember();
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const productId = 1;
const view = await fetch(`${base}/api/courseView?id=${productId}`, { headers }).then((r) => r.json());
const lessons: number[] = view.data.lessons
  .filter((l: { status: string; locked: boolean }) => l.status !== 'preview' && !l.locked)
  .map((l: { video_id: number }) => l.video_id);

function batch(size: number) {
  return Array.from({ length: size }, (_, i) => {
    const start = (i * 7) % 600;
    return {
      video_id: lessons[i % lessons.length]!,
      product_id: productId,
      time_start: start,
      time_end: start + 5,
      event: 'Pause',
    };
  });
}

async function ingest(size: number) {
  const body = JSON.stringify(size === 1 ? batch(1)[0] : { events: batch(size) });
  let events = 0;
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const res = await fetch(`${base}/api/videoStatistics`, { method: 'POST', headers, body });
        if (!res.ok) throw new Error(`ingest: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        events += size;
      }
    }),
  );
  console.log(
    `ingest, ${String(size).padStart(2)} event(s) a request, ${CONNECTIONS} connections: ${Math.round(events / DURATION)} events/s`,
  );
}

console.log(`database: ${shop.kind}; lessons: ${lessons.join(', ')}`);
await ingest(1);
await ingest(20);
await ingest(50);

// 100,000 rows for the member, sent through the API as the player sends them (so the per-lesson progress is the
// ingest's own), then spread over the past year as a year of watching leaves them.
await shop.db.execute(sql`delete from "videoStatistics" where user_id = ${userId}`);
await shop.db.execute(sql`delete from "videoProgress" where user_id = ${userId}`);
const SEED_BATCH = 100;
let sent = 0;
const seedStarted = performance.now();
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (sent < ROWS) {
      const from = sent;
      sent += SEED_BATCH;
      const events = Array.from({ length: Math.min(SEED_BATCH, ROWS - from) }, (_, i) => {
        const g = from + i + 1;
        const start = (g * 37) % 600;
        return {
          video_id: lessons[g % lessons.length]!,
          product_id: productId,
          time_start: start,
          time_end: start + 1 + (g % 60),
          event: 'Pause',
        };
      });
      const res = await fetch(`${base}/api/videoStatistics`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ events }),
      });
      if (!res.ok) throw new Error(`seed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  }),
);
console.log(`seeded ${ROWS} rows through the API in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
await shop.db.execute(sql`
  update "videoStatistics" set create_at = now() - (id % 365) * interval '1 day' - (id % 86400) * interval '1 second'
  where user_id = ${userId}`);
await shop.db.execute(sql`analyze "videoStatistics"`);
await shop.db.execute(sql`analyze "videoProgress"`);

async function measure(path: string) {
  const get = async () => {
    const res = await fetch(base + path, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 5; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await get();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${path.padEnd(48)} median ${at(0.5)} ms   p95 ${at(0.95)} ms`);
}

console.log(`aggregates with ${ROWS} rows for the member (${ROUNDS} requests each):`);
for (const path of [
  '/api/dayTotalSecond',
  '/api/weekTotalSecond',
  '/api/monthTotalSecond',
  '/api/videoStatisticsChartByUser',
  `/api/videoStatisticsByUserIdLast?product_id=${productId}`,
  `/api/videoStatisticsDetailByUser?product_id=${productId}`,
  '/api/videoStatisticsByUser',
]) {
  await measure(path);
}

await shop.stop();
