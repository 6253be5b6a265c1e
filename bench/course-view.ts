/**
 * The course dialog: the spec's nine calls in a row against the one course view, on a real listening server with
 * the demo content, as the demo member. Prints median and p95 latency per dialog opening.
 * Run: npx tsx bench/course-view.ts  (DATABASE_URL=postgres://…/postgres to measure on PostgreSQL; it makes and
 * drops a database of its own there)
 */
import { startDemoShop } from './demo-shop.js';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const shop = await startDemoShop();
const base = shop.base;

const { token, userId } = await shop.signInMember();
const headers = { authorization: `Bearer ${token}` };
const productId = 1;

const nine = [
  `/api/videoStatisticsByUserIdAndProductId?user_id=${userId}&product_id=${productId}`,
  `/api/videoListByProductId?product_id=${productId}`,
  `/api/videoByProductId?product_id=${productId}`,
  `/api/productGroupByProductId?product_id=${productId}`,
  `/api/productDetailListByProductId?product_id=${productId}`,
  `/api/productDetailTextByProductId?product_id=${productId}`,
  `/api/productCoachByProductId?product_id=${productId}`,
  `/api/certificateByUserIdAndProductId?user_id=${userId}&product_id=${productId}`,
  `/api/productById?id=${productId}`,
];

async function get(path: string) {
  const res = await fetch(base + path, { headers });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  await res.arrayBuffer();
}

async function measure(name: string, open: () => Promise<void>) {
  for (let i = 0; i < 20; i++) await open();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await open();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${name.padEnd(34)} median ${at(0.5)} ms   p95 ${at(0.95)} ms   (${ROUNDS} openings)`);
}

console.log(`database: ${shop.kind}`);
await measure('nine calls in a row (spec §7)', async () => {
  for (const path of nine) await get(path);
});
await measure('one course view', () => get(`/api/courseView?id=${productId}`));

await shop.stop();
