import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { freshDatabase } from '../../../test/database.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openPostgres } from '../../db/client.js';
import { personnel } from '../../db/schema/index.js';
import { tokenService } from '../../http/auth.js';
import { pageCache } from './page-cache.js';
import { SERVER_ENTRY } from './page-renderer.js';

// A web build whose server renderer does what the storefront's does with a request (apps/web/src/entry-server.tsx):
// reads the API in the server's process, shows the cookie banner until the shopper answers it, and renders nothing
// for pages it does not render. It counts its renders, so a page answered from memory is told by no render.
const webDir = mkdtempSync(join(tmpdir(), 'sikkha-pages-'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><html lang="th"><head><title>สิกขา | Sikkha</title></head><body><div id="root"></div></body></html>',
);
mkdirSync(join(webDir, '.ssr'));
writeFileSync(
  join(webDir, SERVER_ENTRY),
  `export const renders = { count: 0 };
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const reads = {
  '/': '/api/product',
  '/product/': '/api/courseView?title=',
  '/courses': '/api/category',
  '/contact': '/api/not-a-cached-read',
};
export function createRenderer(api) {
  return async (url, cookies) => {
    const path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
    const page = path.startsWith('/product/') ? '/product/' : path;
    if (!reads[page]) return null;
    renders.count++;
    const answer = await api(reads[page] + encodeURIComponent(path.slice('/product/'.length)));
    const answered = /(^|; )cookie-confirm=(agree|disagree)(;|$)/.test(cookies);
    const banner = answered ? '' : '<div role="region">แถบคุกกี้</div>';
    return { html: '<main>' + escape(answer.body) + '</main>' + banner + '<p>' + escape(cookies) + '</p>', styles: '', data: '{}' };
  };
}
`,
);
const renderer = (await import(pathToFileURL(join(webDir, SERVER_ENTRY)).href)) as { renders: { count: number } };

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let course: number;
const TITLE = 'คอร์สจากหน่วยความจำ';
const coursePage = `/product/${encodeURIComponent(TITLE)}`;

beforeAll(async () => {
  t = await testApp({ webDir });
  staff = await t.staff('pages-staff');
  course = (
    await staff.post('/api/product', { product_title: TITLE, product_price: 1990, product_status: 'Show' })
  ).json().insertId;
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** Renders the server made while `work` ran. */
async function rendersDuring(work: () => Promise<unknown>) {
  const before = renderer.renders.count;
  await work();
  return renderer.renders.count - before;
}

test('a page is rendered once and answered from memory after, compressed once, with the same headers', async () => {
  const first = await page(coursePage, { 'accept-encoding': 'gzip, br' });
  expect(first.statusCode).toBe(200);
  expect(first.headers['x-cache']).toBeUndefined();
  expect(first.headers['content-encoding']).toBe('br');
  const html = brotliDecompressSync(first.rawPayload).toString();
  expect(html).toContain(TITLE);
  expect(html).toContain(`<title>${TITLE} | สิกขา</title>`);

  let hit = first;
  expect(await rendersDuring(async () => (hit = await page(coursePage, { 'accept-encoding': 'gzip, br' })))).toBe(0);
  expect(hit.headers['x-cache']).toBe('hit');
  expect(hit.rawPayload.equals(first.rawPayload)).toBe(true);
  for (const name of ['content-type', 'content-security-policy', 'cache-control', 'vary', 'x-frame-options'])
    expect(hit.headers[name], name).toBe(first.headers[name]);

  const gzipped = await page(coursePage, { 'accept-encoding': 'gzip' });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);
  const plain = await page(coursePage);
  expect(plain.headers['x-cache']).toBe('hit');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(html);
});

test("a change in the back office shows on the next page load: a course's price and title, a category", async () => {
  await page(coursePage);
  expect((await page(coursePage)).headers['x-cache']).toBe('hit');
  await page('/');
  expect((await page('/')).headers['x-cache']).toBe('hit');

  expect((await staff.post('/api/product', { id: course, product_price: 2490 })).statusCode).toBe(200);
  const priced = await page(coursePage);
  expect(priced.headers['x-cache']).toBeUndefined();
  expect(priced.body).toContain('2490');
  expect(priced.body).not.toContain('1990');

  const renamed = 'คอร์สที่เปลี่ยนชื่อแล้ว';
  await staff.post('/api/product', { id: course, product_title: renamed });
  const home = await page('/');
  expect(home.headers['x-cache']).toBeUndefined();
  expect(home.body).toContain(renamed);
  // The old address no longer finds the course: neither its page nor its meta says the old title.
  expect((await page(coursePage)).body).not.toContain(`<title>${TITLE}`);
  await staff.post('/api/product', { id: course, product_title: TITLE });

  // A table the page's meta never reads: the page goes with the API answers its render read.
  await page('/courses');
  expect((await page('/courses')).headers['x-cache']).toBe('hit');
  await staff.post('/api/category', { category_name: 'หมวดใหม่' });
  const courses = await page('/courses');
  expect(courses.headers['x-cache']).toBeUndefined();
  expect(courses.body).toContain('หมวดใหม่');
});

test('the cookie banner shows until the shopper answers it; other cookies share the page kept for their answer', async () => {
  const none = await page('/', { cookie: 'theme=dark' });
  const agreed = await page('/', { cookie: 'cookie-confirm=agree' });
  expect(none.body).toContain('แถบคุกกี้');
  expect(agreed.body).not.toContain('แถบคุกกี้');

  const renders = await rendersDuring(async () => {
    const withOthers = await page('/', { cookie: '_ga=GA1.1.123; cookie-confirm=agree; session=abc' });
    expect(withOthers.headers['x-cache']).toBe('hit');
    expect(withOthers.body).toBe(agreed.body);
    const noCookie = await page('/');
    expect(noCookie.headers['x-cache']).toBe('hit');
    expect(noCookie.body).toBe(none.body);
  });
  expect(renders).toBe(0);
  // The renderer sees the answer alone, never the shopper's other cookies.
  expect(agreed.body).toContain('<p>cookie-confirm=agree</p>');
  expect(none.body).not.toContain('theme=dark');

  const disagreed = await page('/', { cookie: 'cookie-confirm=disagree' });
  expect(disagreed.body).not.toContain('แถบคุกกี้');
  expect(disagreed.body).toContain('<p>cookie-confirm=disagree</p>');
});

test('addresses with a query, pages the server does not render, 404s and renders of an uncached read are made each time', async () => {
  for (const url of [`${coursePage}?utm_source=line`, '/coin', '/contact', '/courses/a/b/c']) {
    await page(url);
    const again = await page(url);
    expect(again.headers['x-cache'], url).toBeUndefined();
  }
  expect((await page('/courses/a/b/c')).statusCode).toBe(404);
  expect(await rendersDuring(() => page('/contact'))).toBe(1);
});

test('the cache holds at most its number of pages and its bytes, the least recently used going first', async () => {
  const pages = pageCache(t.app.ctx.readCache, { maxEntries: 3, maxBytes: 40_000 });
  const stamp = t.app.ctx.readCache.versionsNow()(['product']);
  for (const key of ['a', 'b', 'c']) pages.set(key, `<p>${key}</p>`, stamp);
  pages.get('a');
  pages.set('d', '<p>d</p>', stamp);
  expect(pages.size().entries).toBe(3);
  expect(pages.get('b')).toBeUndefined();
  expect(pages.get('a')?.html).toBe('<p>a</p>');

  const large = (n: number) => `<p>${'สิกขา '.repeat(n)}</p>`;
  pages.set('large', large(1400), stamp);
  pages.set('larger', large(1600), stamp);
  expect(pages.size().bytes).toBeLessThanOrEqual(40_000);
  expect(pages.get('large')).toBeUndefined();
  // Compressed copies count too.
  const before = pages.size().bytes;
  await pages.encode(pages.get('larger')!, 'gzip');
  await expect.poll(() => pages.size().bytes).toBeGreaterThan(before);
  expect(pages.size().bytes).toBeLessThanOrEqual(40_000);

  // A page whose tables changed since it was made is gone.
  await staff.post('/api/product', { id: course, product_price: 1990 });
  expect(pages.get('larger')).toBeUndefined();
});

test.runIf(process.env.DB_ENGINE === 'postgres')('a write on one instance reaches the pages of another', async () => {
  const shared = await freshDatabase();
  const second = openPostgres(shared.url!);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/sikkha-test-data' });
  const [one, two] = await Promise.all([
    buildApp({ config, database: shared, clock: t.clock, webDir }),
    buildApp({ config, database: second, clock: t.clock, webDir }),
  ]);
  try {
    await one.ready();
    await two.ready();
    const { token } = await tokenService(config.jwtSecret, t.clock).issue('staff', 1, 0);
    await shared.db.insert(personnel).values({ id: 1, username: 'two-instances', password: 'x' });
    const write = (body: object) =>
      one.inject({ method: 'POST', url: '/api/product', headers: { authorization: `Bearer ${token}` }, payload: body });
    const id = (await write({ product_title: TITLE, product_price: 100, product_status: 'Show' })).json().insertId;
    const read = () => two.inject({ url: coursePage });
    expect((await read()).body).toContain('"product_price":100');
    // Once the notices of the writes so far have reached the second instance, its page is kept.
    await expect.poll(async () => (await read()).headers['x-cache'], { timeout: 5000 }).toBe('hit');
    expect((await write({ id, product_price: 300 })).statusCode).toBe(200);
    await expect.poll(async () => (await read()).body, { timeout: 5000 }).toContain('"product_price":300');
  } finally {
    await one.close();
    await two.close();
    await second.close();
    await shared.drop();
  }
});
