import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney } from './page-checks.js';

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

// The one journey that starts as `npm start` does the first time: on an empty data directory, so the database is
// created, migrated and seeded by this start (the others copy the directory of the global setup's first start).
beforeAll(async () => {
  shop = await startShop({}, { cold: true });
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

test('the home page shows the Thai demo courses, never a hidden one', async () => {
  page = await shop.page();
  await page.goto(shop.url);
  await expect.poll(() => page.getByText('การตลาดออนไลน์ฉบับมืออาชีพ').first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText('ลงทุนหุ้นไทยสำหรับมือใหม่').first().isVisible()).toBe(true);
  expect(await page.getByText('ทำอาหารไทยแบบมืออาชีพ').count()).toBe(0);
  expect(await page.locator('html').getAttribute('lang')).toBe('th');
  expect(await page.getByText('฿1,990.00').count()).toBeGreaterThan(0);
});

test('an unknown route shows the Not Found page with a way home', async () => {
  page = await shop.page();
  // A page no route has says so to browsers and crawlers too; /health answers the process's state, not a page.
  expect((await page.goto(`${shop.url}/health`))?.headers()['content-type']).toContain('application/json');
  const res = await page.goto(`${shop.url}/no/such/page`);
  expect(res?.status()).toBe(404);
  await expect.poll(() => page.getByRole('heading', { name: 'ไม่พบหน้าที่ต้องการ' }).isVisible()).toBe(true);
  await page
    .getByRole('link', { name: /Home|หน้าแรก/ })
    .first()
    .click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
});

test("the cookie banner's answer is kept in cookie-confirm and survives a reload", async () => {
  page = await shop.page();
  await page.goto(shop.url);
  const banner = page.getByRole('region', { name: /คุกกี้|cookie/i });
  await expect.poll(() => banner.isVisible()).toBe(true);
  await banner.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
  await expect.poll(() => banner.isVisible()).toBe(false);
  // A tap before the page's script has run is the banner's own form: the page the server sends back must have
  // arrived before it is reloaded, or the reload races that navigation.
  await page.waitForLoadState('networkidle');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'cookie-confirm')?.value).toBe('agree');
  await page.reload();
  await expect.poll(() => page.getByText('การตลาดออนไลน์ฉบับมืออาชีพ').first().isVisible()).toBe(true);
  expect(await banner.isVisible()).toBe(false);
});

test('a phone-width visitor gets the drawer menu', async () => {
  page = await shop.page(390, 844);
  await page.goto(shop.url);
  const menu = page.getByRole('button', { name: /เมนู|menu/i });
  await expect.poll(() => menu.isVisible()).toBe(true);
  await menu.click();
  await expect.poll(() => page.getByRole('link', { name: 'คอร์สเรียน' }).last().isVisible()).toBe(true);
});

test('the back office is a separate bundle the storefront never loads', async () => {
  page = await shop.page();
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  await page.goto(shop.url);
  await expect.poll(() => page.getByText('การตลาดออนไลน์ฉบับมืออาชีพ').first().isVisible()).toBe(true);
  const storefront = new Set(scripts);
  await page.goto(`${shop.url}/admin`);
  await expect.poll(() => scripts.some((u) => !storefront.has(u))).toBe(true);
  const adminOnly = scripts.filter((u) => !storefront.has(u));
  const bodies = await Promise.all([...storefront].map((u) => fetch(u).then((r) => r.text())));
  for (const body of bodies) expect(body).not.toMatch(/react-admin|ra-core/);
  expect(adminOnly.length).toBeGreaterThan(0);
});

test("the storefront's first load is at most 200 KB of gzipped script (issue #13's budget)", async () => {
  const html = await (await fetch(shop.url)).text();
  // The page's loader and the app's script it asks for after the first paint (data-app), and any preloaded module.
  const files = [
    ...html.matchAll(
      /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"|data-app="([^"]+)"/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);
  expect(files.some((file) => /\/assets\/index-/.test(file))).toBe(true);
  // What the server sends a browser asking for gzip: the precompressed copy, or a file too small to be worth one.
  const sizes = await Promise.all(
    files.map(async (file) => {
      const res = await fetch(new URL(file, shop.url), { headers: { 'accept-encoding': 'gzip' } });
      const body = await res.arrayBuffer();
      if (body.byteLength > 1024) expect(res.headers.get('content-encoding')).toBe('gzip');
      return Number(res.headers.get('content-length') ?? body.byteLength);
    }),
  );
  expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(200_000);
});

// Last: it reads what every journey of this file met.
test('no page breaks the Content-Security-Policy or logs an error or warning: the storefront, a course, news, a cut link, the back office', async () => {
  page = await shop.page();
  const problems = consoleProblems(page);
  const home = await page.goto(shop.url);
  expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect.poll(() => page.getByText('การตลาดออนไลน์ฉบับมืออาชีพ').first().isVisible()).toBe(true);
  await page.getByText('การตลาดออนไลน์ฉบับมืออาชีพ').first().click();
  await expect.poll(() => page.getByRole('dialog').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await page.goto(`${shop.url}/allNews`);
  await expect.poll(() => page.locator('main').first().isVisible()).toBe(true);
  const cut = await page.goto(`${shop.url}/product/%E0%B8`);
  expect(cut?.status()).toBe(404);
  await expect.poll(() => page.getByRole('heading', { name: 'ไม่พบหน้าที่ต้องการ' }).isVisible()).toBe(true);
  await page.goto(`${shop.url}/admin/login`);
  await expect
    .poll(
      () =>
        page
          .getByLabel(/Username|ชื่อผู้ใช้/)
          .first()
          .isVisible(),
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(shop.cspViolations).toEqual([]);
  // The cut link is the one page allowed its say: the browser logs its 404 answer, and React Router warns that
  // the path cannot be decoded before the app shows its Not Found page.
  expect(problems.filter((problem) => !problem.includes(' on /product/%E0%B8: '))).toEqual([]);
});
