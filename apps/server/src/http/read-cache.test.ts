import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../test/app.js';
import { freshDatabase } from '../../test/database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres } from '../db/client.js';
import { personnel } from '../db/schema/index.js';
import { tokenService } from './auth.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('cache-staff');
});
afterAll(() => t.close());

test('a public list comes from memory the second time, and a write through the API is seen at once', async () => {
  await staff.post('/api/category', { category_name: 'แรก' });
  const first = await t.visitor.get('/api/category');
  expect(first.headers['x-cache']).toBeUndefined();
  const second = await t.visitor.get('/api/category');
  expect(second.headers['x-cache']).toBe('hit');
  expect(second.body).toBe(first.body);
  expect(second.headers['content-type']).toContain('application/json');

  const id = (await staff.post('/api/category', { category_name: 'ที่สอง' })).json().insertId;
  const after = await t.visitor.get('/api/category');
  expect(after.headers['x-cache']).toBeUndefined();
  expect(after.json().total).toBe(2);

  await staff.post('/api/category', { id, category_name: 'แก้แล้ว' });
  expect((await t.visitor.get('/api/category')).json().data[1].category_name).toBe('แก้แล้ว');
  await staff.del(`/api/category?id=${id}`);
  expect((await t.visitor.get('/api/category')).json().total).toBe(1);
});

test('a cached answer goes out compressed to a client that accepts it, and the same bytes to one that does not', async () => {
  for (let i = 0; i < 12; i++) await staff.post('/api/coach', { coach_name: `ผู้สอนคนที่ ${i} `.repeat(4) });
  const plain = await t.visitor.get('/api/coach');
  expect(plain.rawPayload.length).toBeGreaterThan(1024);
  expect(plain.headers.vary).toBe('accept-encoding');
  const ask = (encoding: string) => t.app.inject({ url: '/api/coach', headers: { 'accept-encoding': encoding } });
  // Compressing happens after the answer that made the entry, never before it.
  await expect.poll(async () => (await ask('gzip, deflate, br')).headers['content-encoding']).toBe('br');
  const br = await ask('gzip, deflate, br');
  expect(br.headers['x-cache']).toBe('hit');
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  const gz = await ask('gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  const identity = await t.visitor.get('/api/coach');
  expect(identity.headers['x-cache']).toBe('hit');
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body).toBe(plain.body);
  expect(identity.headers['x-request-id']).toBeTruthy();
});

test('over the network a visitor is answered at the front door with the same headers, and a write is seen at once', async () => {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const get = (headers: Record<string, string> = {}) => fetch(`${base}/api/category`, { headers });
  const first = await get();
  const firstBody = await first.text();
  await expect.poll(async () => (await get()).headers.get('x-cache')).toBe('hit');
  const hit = await get({ 'x-request-id': 'proxy-id-12345' });
  expect(await hit.text()).toBe(firstBody);
  for (const name of ['content-type', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'vary'])
    expect(hit.headers.get(name)).toBe(first.headers.get(name));
  expect(hit.headers.get('x-request-id')).toBe('proxy-id-12345');
  expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
  // Headers that only mean something on an HTML page are left off the JSON the front door answers.
  for (const name of ['x-dns-prefetch-control', 'x-download-options', 'x-xss-protection', 'origin-agent-cluster'])
    expect(hit.headers.get(name)).toBeNull();
  expect(hit.headers.get('cache-control')).toBeNull();
  // A caller with a token is Fastify's to answer (a refused token is a 401, never a visitor's answer).
  const stale = await get({ authorization: 'Bearer not-a-token' });
  expect(stale.headers.get('x-cache')).toBeNull();
  await staff.post('/api/category', { category_name: 'ผ่านประตูหน้า' });
  const after = await get();
  expect(after.headers.get('x-cache')).toBeNull();
  expect(await after.text()).toContain('ผ่านประตูหน้า');
});

test('staff always read the database, and a hidden course never leaks from a visitor entry', async () => {
  const hidden = (await staff.post('/api/product', { product_title: 'ซ่อน', product_price: 1 })).json().insertId;
  await t.visitor.get('/api/product');
  const visitor = await t.visitor.get('/api/product');
  expect(visitor.headers['x-cache']).toBe('hit');
  expect(visitor.json().data.map((p: { id: number }) => p.id)).not.toContain(hidden);
  const asStaff = await staff.get('/api/product');
  expect(asStaff.headers['x-cache']).toBeUndefined();
  expect(asStaff.json().data.map((p: { id: number }) => p.id)).toContain(hidden);
});

test('a lookup through another table forgets when that table changes', async () => {
  const product = (
    await staff.post('/api/product', { product_title: 'มีวิดีโอ', product_price: 1, product_status: 'Show' })
  ).json().insertId;
  const video = (await staff.post('/api/video', { video_name: 'บท 1' })).json().insertId;
  const url = `/api/videoByProductId?product_id=${product}`;
  expect((await t.visitor.get(url)).json().total).toBe(0);
  expect((await t.visitor.get(url)).headers['x-cache']).toBe('hit');
  await staff.post('/api/videoList', { product_id: product, video_id: video, video_list_status: 'public' });
  expect((await t.visitor.get(url)).json().total).toBe(1);
});

test("the course view is shared by visitors only; a member's is their own", async () => {
  const product = (
    await staff.post('/api/product', { product_title: 'วิว', product_price: 1, product_status: 'Show' })
  ).json().insertId;
  const url = `/api/courseView?id=${product}`;
  await t.visitor.get(url);
  expect((await t.visitor.get(url)).headers['x-cache']).toBe('hit');
  const member = await t.member('cache-member@example.com');
  const mine = await member.get(url);
  expect(mine.headers['x-cache']).toBeUndefined();
  expect(mine.json().data.state).toBe('create');
  expect((await member.get(url)).headers['x-cache']).toBeUndefined();
});

test.runIf(process.env.DB_ENGINE === 'postgres')('a write on one instance reaches the memory of another', async () => {
  const shared = await freshDatabase();
  const second = openPostgres(shared.url!);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/sikkha-test-data' });
  const [one, two] = await Promise.all([
    buildApp({ config, database: shared, clock: t.clock }),
    buildApp({ config, database: second, clock: t.clock }),
  ]);
  try {
    await one.ready();
    await two.ready();
    const read = () => two.inject({ url: '/api/question' });
    expect((await read()).json().total).toBe(0);
    expect((await read()).headers['x-cache']).toBe('hit');
    const { token } = await tokenService(config.jwtSecret, t.clock).issue('staff', 1, 0);
    await shared.db.insert(personnel).values({ id: 1, username: 'two-instances', password: 'x' });
    const write = await one.inject({
      method: 'POST',
      url: '/api/question',
      headers: { authorization: `Bearer ${token}` },
      payload: { question: 'เห็นไหม' },
    });
    expect(write.statusCode).toBe(200);
    await expect.poll(async () => (await read()).json().total, { timeout: 5000 }).toBe(1);

    // The listening connection dies (a database restart): the instance forgets everything, listens again,
    // and keeps hearing the other's writes.
    await shared.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN sikkha_changes' AND datname = current_database()`,
    );
    const again = () =>
      one.inject({
        method: 'POST',
        url: '/api/question',
        headers: { authorization: `Bearer ${token}` },
        payload: { question: 'ยังเห็นไหม' },
      });
    await expect.poll(async () => (await again()).statusCode).toBe(200);
    await expect.poll(async () => (await read()).json().total, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const settled = (await read()).json().total;
    await expect.poll(async () => (await again()).statusCode).toBe(200);
    await expect.poll(async () => (await read()).json().total, { timeout: 10_000 }).toBe(settled + 1);
  } finally {
    await one.close();
    await two.close();
    await second.close();
    await shared.drop();
  }
});
