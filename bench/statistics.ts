/**
 * Viewing statistics: events ingested per second through `POST /api/videoStatistics` (batches as the player
 * flushes them), and the member's aggregates answered with 100,000 statistics rows (sent through the API, so the
 * per-lesson progress is kept by the ingest) spread over a year.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/statistics.ts  (PGlite without it)
 */
import { sql } from 'drizzle-orm';
import { user } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { purchase } from '../apps/server/test/fixtures.js';
import { startDemoShop } from './demo-shop.js';

const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const MEMBERS = Number(process.env.MEMBERS ?? 200);
const PASSWORD = 'Bench-viewer-passw0rd';
const ROWS = Number(process.env.ROWS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 50);

const shop = await startDemoShop();
const base = shop.base;
const { token, userId } = await shop.signInMember();
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const productId = 1;

/** The lessons of a course a buyer may record (previews never are). */
async function lessonsOf(id: number, auth: Record<string, string>): Promise<number[]> {
  const view = await fetch(`${base}/api/courseView?id=${id}`, { headers: auth }).then((r) => r.json());
  return view.data.lessons
    .filter((l: { status: string; locked: boolean }) => l.status !== 'preview' && !l.locked)
    .map((l: { video_id: number }) => l.video_id);
}
const lessons = await lessonsOf(productId, headers);

// Many members, each a buyer of one course watching its lessons, as real traffic is: no two members share a
// progress row, so the bench measures the ingest and not one member's rows queueing on their own locks.
const courseIds = (
  (await fetch(`${base}/api/product`).then((r) => r.json())) as { data: { id: number; product_status: string }[] }
).data
  .filter((p) => p.product_status === 'Show')
  .map((p) => p.id);
const password = await hashPassword(PASSWORD);
const created = await shop.db
  .insert(user)
  .values(
    Array.from({ length: MEMBERS }, (_, i) => ({
      email: `bench-viewer-${i}@example.com`,
      password,
      agreement: 'Y' as const,
      privacy_policy: 'Y' as const,
    })),
  )
  .returning({ id: user.id, email: user.email });
const yesterday = new Date(Date.now() - 86_400_000);
const viewers = await Promise.all(
  created.map(async (m, i) => {
    const course = courseIds[i % courseIds.length]!;
    await purchase(shop.db, m.id, course, 'finish', yesterday);
    const login = await fetch(`${base}/api/loginEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: m.email, password: PASSWORD }),
    }).then((r) => r.json());
    return { course, headers: { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' } };
  }),
);
const lessonsByCourse = new Map(
  await Promise.all(
    courseIds.map(async (id) => [id, await lessonsOf(id, viewers.find((v) => v.course === id)!.headers)] as const),
  ),
);

/**
 * What the web player sends (apps/web/src/features/course/player/statistics-queue.ts): it saves a stretch on the
 * first Play, each Pause, Seeked and Ended, and flushes 3 s after the first waiting one or when the page is hidden,
 * so a batch holds the one to three stretches of those seconds; 50 is a tab that was offline or hidden a while.
 */
const PLAYER_BATCHES = [1, 1, 1, 1, 1, 2, 2, 2, 3, 4];

function stretches(course: number, size: number, n: number) {
  const own = lessonsByCourse.get(course)!;
  return Array.from({ length: size }, (_, i) => {
    const start = ((n + i) * 7) % 600;
    return {
      video_id: own[(n + i) % own.length]!,
      product_id: course,
      time_start: start,
      time_end: start + 5,
      event: i === size - 1 ? 'Pause' : 'Seeked',
    };
  });
}

/** Every viewer sends batches back to back (no think time): the rate is what the server can take. */
async function ingest(label: string, sizeOf: (n: number) => number) {
  let events = 0;
  let requests = 0;
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    viewers.map(async (viewer, v) => {
      for (let n = v; performance.now() < until; n++) {
        const size = sizeOf(n);
        const batch = stretches(viewer.course, size, n);
        const body = JSON.stringify(size === 1 ? batch[0] : { events: batch });
        const res = await fetch(`${base}/api/videoStatistics`, { method: 'POST', headers: viewer.headers, body });
        if (!res.ok) throw new Error(`ingest: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        events += size;
        requests += 1;
      }
    }),
  );
  console.log(
    `ingest, ${label.padEnd(34)} ${MEMBERS} members: ${Math.round(events / DURATION)} events/s ` +
      `(${Math.round(requests / DURATION)} requests/s)`,
  );
}

console.log(`database: ${shop.kind}; ${MEMBERS} members on courses ${courseIds.join(', ')}`);
await ingest('as the player batches (1-4, mean 1.8)', (n) => PLAYER_BATCHES[n % PLAYER_BATCHES.length]!);
await ingest('1 event a request', () => 1);
await ingest('20 events a request', () => 20);
await ingest('50 events a request', () => 50);

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
