import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testClock } from '../../../test/app.js';
import { freshDatabase } from '../../../test/database.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { seedDemo } from '../../demo/seed.js';

const webDir = mkdtempSync(join(tmpdir(), 'sikkha-web-'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><html lang="th"><head><meta name="description" content="x" /><title>สิกขา | Sikkha</title></head><body><div id="root"></div><script>document.title;</script><script type="module" src="/assets/index-abc123.js"></script></body></html>',
);
mkdirSync(join(webDir, 'assets'));
const bundle = 'console.log("สิกขา");'.repeat(200);
writeFileSync(join(webDir, 'assets', 'index-abc123.js'), bundle);
writeFileSync(join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(bundle));
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-web-app-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example' });
  const clock = testClock();
  await seedDemo(database.db, { dataDir, clock });
  app = await buildApp({ config, database, clock, webDir });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const page = (url: string) => app.inject({ url });

test('a course link carries its title, description, image and Course data', async () => {
  const res = await page(`/product/${encodeURIComponent('การตลาดออนไลน์ฉบับมืออาชีพ')}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  const html = res.body;
  expect(html).toContain('<title>การตลาดออนไลน์ฉบับมืออาชีพ | สิกขา</title>');
  expect(html).toContain('<meta property="og:title" content="การตลาดออนไลน์ฉบับมืออาชีพ | สิกขา" />');
  expect(html).toContain(
    '<meta property="og:image" content="https://shop.example/api/productHead/course-1-head.jpg" />',
  );
  expect(html.match(/name="description"/g)?.length).toBe(1);
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
  expect(data).toMatchObject({
    '@type': 'Course',
    name: 'การตลาดออนไลน์ฉบับมืออาชีพ',
    offers: { price: '1990.00', priceCurrency: 'THB' },
  });
});

test('a hidden course shares nothing of itself', async () => {
  const html = (await page(`/product/${encodeURIComponent('ทำอาหารไทยแบบมืออาชีพ')}`)).body;
  expect(html).not.toContain('ทำอาหารไทย');
  expect(html).toContain('<title>สิกขา | Sikkha</title>');
});

test('a news link carries NewsArticle data; markup in titles is escaped', async () => {
  const html = (await page('/news/1')).body;
  expect(html).toContain('og:type" content="article"');
  expect(html).toContain('"@type":"NewsArticle"');
  expect((await page('/product/%3Cscript%3E')).body).not.toContain('<script>alert');
  // A link cut mid-character is a page that does not exist: 404, with the web app to show its Not Found page.
  const cut = await page('/product/%E0%A4%A');
  expect(cut.statusCode).toBe(404);
  expect(cut.headers['content-type']).toContain('text/html');
});

test('unknown page paths answer 404 with the web app; every page of the storefront and the back office, 200', async () => {
  for (const path of ['/healthz', '/contact/extra', '/courses/a/b/c']) {
    const res = await page(path);
    expect(res.statusCode, path).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  }
  for (const path of [
    '/',
    '/courses/onlyOrder',
    '/pricing',
    '/logout',
    '/code/abc',
    '/admin/orders',
    '/qrPlayment/x',
  ]) {
    expect((await page(`${path}?from=test`)).statusCode, path).toBe(200);
  }
});

test('sitemap lists visible courses and news; robots points at it and keeps /admin out', async () => {
  const sitemap = await page('/sitemap.xml');
  expect(sitemap.headers['content-type']).toContain('application/xml');
  expect(sitemap.body).toContain(`https://shop.example/product/${encodeURIComponent('การตลาดออนไลน์ฉบับมืออาชีพ')}`);
  expect(sitemap.body).not.toContain(encodeURIComponent('ทำอาหารไทยแบบมืออาชีพ'));
  expect(sitemap.body).toContain('https://shop.example/news/1');
  const robots = (await page('/robots.txt')).body;
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
});

test('API paths never fall back to the page', async () => {
  const res = await page('/api/nope');
  expect(res.statusCode).toBe(404);
  expect(res.json().result).toBe(false);
});

test('built files go out precompressed and hashed ones are cached for good', async () => {
  const compressed = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(bundle);
  const plain = await app.inject({ url: '/assets/index-abc123.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(bundle);
});

test('pages carry a Content-Security-Policy that runs only their own scripts; every answer the other headers', async () => {
  const res = await page('/');
  const csp = String(res.headers['content-security-policy']);
  const inline = createHash('sha256').update('document.title;').digest('base64');
  expect(csp).toContain(
    `script-src 'self' 'sha256-${inline}' https://accounts.google.com https://connect.facebook.net`,
  );
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain('upgrade-insecure-requests');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // PUBLIC_URL is https here, so browsers are told to keep to it.
  expect(res.headers['strict-transport-security']).toContain('max-age=31536000');

  const api = await page('/api/category');
  expect(api.headers['x-content-type-options']).toBe('nosniff');
  expect(api.headers['x-frame-options']).toBe('DENY');
  expect(api.headers['cache-control']).toBeUndefined();
  const login = await app.inject({
    method: 'POST',
    url: '/api/loginEmail',
    payload: { email: 'demo@sikkha.local', password: 'sikkha-demo-2026' },
  });
  // A session, and anything answered to a signed-in caller, stays out of caches.
  expect(login.headers['cache-control']).toBe('no-store');
  const token = login.json().data.token;
  const mine = await app.inject({ url: '/api/loginPing', headers: { authorization: `Bearer ${token}` } });
  expect(mine.headers['cache-control']).toBe('no-store');
});

test("the cookie banner's form, posted before the page's script ran, keeps the answer and goes back to the page", async () => {
  const post = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/cookie-consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
  const agreed = await post(`answer=agree&back=${encodeURIComponent('/product/การตลาด?course=1')}`);
  expect(agreed.statusCode).toBe(303);
  expect(agreed.headers['set-cookie']).toBe('cookie-confirm=agree; Max-Age=31536000; Path=/; SameSite=Lax');
  // A Thai path goes back escaped, as a Location header must be.
  expect(agreed.headers.location).toBe(`/product/${encodeURIComponent('การตลาด')}?course=1`);
  const back = await app.inject({
    url: agreed.headers.location as string,
    headers: { cookie: 'cookie-confirm=agree' },
  });
  expect(back.body).not.toContain('การใช้คุกกี้');

  expect((await post('answer=disagree&back=/courses')).headers['set-cookie']).toContain('cookie-confirm=disagree;');
  // Only this site's paths: another host, a scheme, odd bytes or nothing at all send the shopper home.
  for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '']) {
    const answer = await post(`answer=agree&back=${encodeURIComponent(away)}`);
    expect(answer.statusCode, away).toBe(303);
    expect(answer.headers.location, away).toBe('/');
  }
  expect((await post('answer=agree')).headers.location).toBe('/');
  // Anything but the two answers is refused, and keeps no cookie; so is a page address with control characters.
  const injected = encodeURIComponent('/a\r\nSet-Cookie: x=1\u0000');
  for (const body of [
    'answer=maybe',
    'back=/',
    '',
    `answer=agree&back=/${'x'.repeat(3000)}`,
    `answer=agree&back=${injected}`,
  ]) {
    const refused = await post(body);
    expect(refused.statusCode, body.slice(0, 20)).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
  }
});
