import { afterAll, beforeAll, expect, test } from 'vitest';
import { startShop } from './harness.js';
import { consoleProblems } from './page-checks.js';

// The storefront's public pages come from the server with their markup, styles and data (apps/web/src/
// entry-server.tsx), and the browser hydrates them: what a phone shows before any script has run, and that the
// browser takes the markup over without a mismatch.

let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());

const COURSE = 'การตลาดออนไลน์ฉบับมืออาชีพ';
const PAGES = {
  home: '/',
  course: `/product/${encodeURIComponent(COURSE)}`,
  courses: '/courses',
  news: '/news/1',
};

interface Dehydrated {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
}

/** The demo member's session token. */
async function memberToken() {
  const login = await fetch(`${shop.url}/api/loginEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@sikkha.local', password: 'sikkha-demo-2026' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The page's HTML as the server sends it, split into #root's markup and the inline data. */
async function served(path: string) {
  const res = await fetch(shop.url + path, { headers: { 'accept-encoding': 'br' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBe('br');
  const html = await res.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="page-data">/.exec(html)?.[1];
  const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { html, root: root ?? '', data: JSON.parse(data ?? 'null') as Dehydrated | null };
}

test("a course page's HTML holds the page, the course's data and the styles before any script runs", async () => {
  const { html, root, data } = await served(PAGES.course);
  expect(root).toContain(COURSE);
  expect(root).toContain('<h1');
  // The course dialog's answer (courseView, a visitor's) and the course list, for the queries to start from.
  const view = data?.queries.find((query) => query.queryKey[0] === 'course');
  expect(JSON.stringify(view?.queryKey)).toContain(COURSE);
  expect(JSON.stringify(view?.state.data)).toContain(COURSE);
  expect(data?.queries.some((query) => JSON.stringify(query.queryKey) === '["catalogue","products"]')).toBe(true);
  // emotion's styles are in the head, so the markup paints styled.
  expect(html.slice(0, html.indexOf('</head>'))).toMatch(/<style data-emotion="css [\w -]+">/);
  // No script runs inline (the CSP would refuse it): the data blocks are JSON, the app is its own file.
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inline.every((attributes) => /type="application\/(ld\+)?json"/.test(attributes ?? ''))).toBe(true);
  // `<` in the data cannot close the script.
  expect(/<script type="application\/json" id="page-data">[^<]*<\/script>/.test(html)).toBe(true);
});

test('the course list and a news article come rendered with their data', async () => {
  const courses = await served(PAGES.courses);
  expect(courses.root).toContain(COURSE);
  const news = await served(PAGES.news);
  expect(news.root).toContain('<h1');
  expect(news.data?.queries.length).toBeGreaterThan(0);
});

test('pages the server does not render (a member page, the back office) are the plain app shell; its renderer is not served', async () => {
  for (const path of ['/coin', '/admin']) {
    const html = await (await fetch(shop.url + path)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="page-data"');
  }
  // The renderer's own files stay on the server.
  expect((await fetch(`${shop.url}/.ssr/entry-server.js`)).status).toBe(404);
});

test('the browser hydrates the four pages without an error or a CSP refusal, as a visitor and as a member', async () => {
  const page = await shop.page(390, 844);
  const problems = consoleProblems(page);
  // A page's heading, or on a phone the course dialog that covers the page.
  const shown = () => page.locator('h1:visible, [role="dialog"]:visible').count();
  for (const path of Object.values(PAGES)) {
    await page.goto(shop.url + path, { waitUntil: 'networkidle' });
    await expect.poll(shown).toBeGreaterThan(0);
  }
  // The course dialog opens from the inlined answer, over the server's home page.
  await page.goto(shop.url + PAGES.course);
  await expect.poll(() => page.getByRole('dialog').getByText(COURSE).first().isVisible()).toBe(true);
  // A member: the server renders the visitor's page, the member's parts come after hydration.
  await page.evaluate((token) => localStorage.setItem('token', token), await memberToken());
  for (const path of Object.values(PAGES)) {
    await page.goto(shop.url + path, { waitUntil: 'networkidle' });
    await expect.poll(shown).toBeGreaterThan(0);
  }
  await expect.poll(() => page.getByRole('button', { name: 'เข้าสู่ระบบ' }).count()).toBe(0);
  expect(problems).toEqual([]);
  expect(shop.cspViolations).toEqual([]);
});

/** A page whose app script is held back, as a slow phone's is, until `release`: the server's markup alone. */
async function beforeTheScript(path: string) {
  const page = await shop.page(1280, 800);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(shop.url + path, { waitUntil: 'commit' });
  // A search field focused before the script runs becomes the autocomplete's combobox once the page has hydrated.
  const hydrated = () =>
    expect.poll(() => page.getByRole('combobox', { name: 'ค้นหาคอร์สเรียน' }).isVisible(), { timeout: 20_000 }).toBe(true);
  return { page, release, hydrated };
}

test('what a shopper types into the search before the page hydrates is kept, and the suggestions open', async () => {
  const { page, release, hydrated } = await beforeTheScript(PAGES.courses);
  const field = page.getByLabel('ค้นหาคอร์สเรียน').first();
  await field.click();
  await page.keyboard.type('ตลาด');
  release();
  await hydrated();
  await expect
    .poll(() => page.getByRole('combobox', { name: 'ค้นหาคอร์สเรียน' }).inputValue(), { timeout: 20_000 })
    .toBe('ตลาด');
  await expect.poll(() => page.getByRole('option', { name: COURSE }).isVisible(), { timeout: 20_000 }).toBe(true);
});

test('a reader who scrolled down before the page hydrated stays there, and the link they reach works', async () => {
  const { page, release, hydrated } = await beforeTheScript(PAGES.home);
  const allNews = page.getByRole('link', { name: 'ดูข่าวสารทั้งหมด' });
  await allNews.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  // The top bar stays in view; its search, focused, shows when the page has hydrated.
  await page.getByLabel('ค้นหาคอร์สเรียน').first().focus();
  release();
  await hydrated();
  // The router's scroll restoration used to take a hydrated page back to the top, from under the reader's finger.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await allNews.click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/allNews');
});

test('the cookie banner tapped before the script runs keeps the answer, and the page comes back without it', async () => {
  const { page, release } = await beforeTheScript(PAGES.courses);
  const banner = page.getByRole('region', { name: 'การใช้คุกกี้' });
  await banner.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
  release();
  const consent = async () => (await page.context().cookies()).find((c) => c.name === 'cookie-confirm')?.value;
  await expect.poll(consent, { timeout: 15_000 }).toBe('agree');
  await expect
    .poll(() => page.getByRole('heading', { name: COURSE }).first().isVisible(), { timeout: 15_000 })
    .toBe(true);
  expect(new URL(page.url()).pathname).toBe(PAGES.courses);
  expect(await banner.count()).toBe(0);
});

test('a shared course link comes with its dialog drawn in the HTML, which the browser hydrates in place', async () => {
  const { root } = await served(PAGES.course);
  const drawn = root.slice(root.indexOf('role="dialog"'));
  expect(drawn.length).toBeLessThan(root.length);
  expect(drawn).toContain(COURSE);
  // The lessons and the price are painted with the HTML, not after the script.
  expect(drawn).toContain('บทเรียน');
  expect(drawn).toContain('฿1,990.00');

  const { page, release } = await beforeTheScript(PAGES.course);
  const problems = consoleProblems(page);
  // The server's dialog, once parsed (the page is held at its first bytes).
  await page.locator('[role="dialog"]').first().waitFor({ state: 'attached', timeout: 15_000 });
  const pageScrolls = () => page.evaluate(() => getComputedStyle(document.body).overflow !== 'hidden');
  await page.evaluate(() => {
    (window as unknown as { drawn: Element | null }).drawn = document.querySelector('[role="dialog"]');
  });
  release();
  // Hydrated: the page behind is hidden from screen readers and still, and the dialog is the server's element.
  await expect.poll(() => page.locator('#main').getAttribute('aria-hidden'), { timeout: 20_000 }).toBe('true');
  expect(await pageScrolls()).toBe(false);
  expect(
    await page.evaluate(
      () => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('[role="dialog"]'),
    ),
  ).toBe(true);
  // (That its preview then waits for the play button is learning-player.e2e's journey: this one's evaluate calls
  // count, for Chromium, as the visitor's tap.)
  const dialog = page.getByRole('dialog', { name: COURSE });

  // A dialog opened over it (Register & Buy asks a visitor to log in) and closed leaves the page behind still.
  await dialog.getByRole('button', { name: 'สมัครสมาชิกและซื้อคอร์ส' }).click();
  const login = page.getByRole('dialog', { name: 'เข้าสู่ระบบ' });
  await expect.poll(() => login.isVisible(), { timeout: 15_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => login.isVisible(), { timeout: 15_000 }).toBe(false);
  expect(await pageScrolls()).toBe(false);

  await page.keyboard.press('Escape');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
  expect(await page.locator('#main').getAttribute('aria-hidden')).toBeNull();
  expect(await pageScrolls()).toBe(true);
  // Opened again from its card, the course comes back over the home page, drawn by the browser this time.
  await page.getByText(COURSE).first().click();
  await expect
    .poll(() => page.getByRole('dialog').getByText(COURSE).first().isVisible(), { timeout: 15_000 })
    .toBe(true);
  expect(problems).toEqual([]);
});

test("the app's script is asked for once the server's markup is painted, and a page with no markup asks at once", async () => {
  const page = await shop.page(390, 844);
  const timing = () =>
    page.evaluate(() => {
      const app = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name));
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { app: app?.startTime ?? null, paint: paint?.startTime ?? null };
    });
  await page.goto(shop.url + PAGES.home, { waitUntil: 'networkidle' });
  const home = await timing();
  expect(home.app).not.toBeNull();
  expect(home.paint).not.toBeNull();
  expect(home.app!).toBeGreaterThanOrEqual(home.paint!);
  // The back office has nothing to paint before its script: it asks for the app as its loader runs, not after the
  // loader's 3 s wait for a first paint.
  await page.goto(`${shop.url}/admin/login`);
  await expect.poll(() => page.getByLabel(/ชื่อผู้ใช้/).first().isVisible(), { timeout: 20_000 }).toBe(true);
  const gap = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const loader = entries.find((entry) => /\/assets\/load-app-[\w-]+\.js$/.test(entry.name));
    const app = entries.find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name));
    return loader && app ? app.startTime - loader.responseEnd : null;
  });
  expect(gap).not.toBeNull();
  expect(gap!).toBeLessThan(2000);
  await page.close();
});

test("on a phone the page behind a shared course's dialog is not laid out until the dialog closes", async () => {
  const page = await shop.page(390, 844);
  const behind = () => page.evaluate(() => getComputedStyle(document.getElementById('main')!).contentVisibility);
  await page.goto(shop.url + PAGES.course, { waitUntil: 'commit' });
  await expect
    .poll(() => page.getByRole('dialog').getByText(COURSE).first().isVisible(), { timeout: 15_000 })
    .toBe(true);
  expect(await behind()).toBe('hidden');
  await expect.poll(() => page.locator('#main').getAttribute('aria-hidden'), { timeout: 20_000 }).toBe('true');
  await page.getByRole('dialog').getByRole('button', { name: 'ปิด' }).first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
  await expect.poll(behind, { timeout: 15_000 }).toBe('visible');
  await expect.poll(() => page.locator('h1').first().isVisible(), { timeout: 15_000 }).toBe(true);

  // A member's browser draws its own page over the server's, the dialog in a portal: nothing stays hidden.
  await page.evaluate((token) => localStorage.setItem('token', token), await memberToken());
  await page.goto(shop.url + PAGES.course);
  await expect
    .poll(() => page.getByRole('dialog').getByText(COURSE).first().isVisible(), { timeout: 15_000 })
    .toBe(true);
  await expect.poll(behind, { timeout: 15_000 }).toBe('visible');
  await page.close();
});

test('a button tapped before the script runs is pressed once it runs, and Enter in the search lists what it finds', async () => {
  const { page, release } = await beforeTheScript(PAGES.home);
  await page.getByRole('button', { name: 'ช่วยเหลือ' }).click();
  expect(await page.getByRole('dialog').count()).toBe(0);
  release();
  await expect.poll(() => page.getByRole('dialog', { name: 'ช่วยเหลือ' }).isVisible(), { timeout: 20_000 }).toBe(true);
  await page.close();

  // A lesson in a shared course's list (an element with the button role) is chosen once the script runs.
  const course = await beforeTheScript(PAGES.course);
  const second = course.page.getByRole('dialog', { name: COURSE }).getByRole('button', { name: /^รู้จักลูกค้าของคุณ/ });
  await second.click();
  course.release();
  await expect.poll(() => second.getAttribute('aria-current'), { timeout: 20_000 }).toBe('true');
  await course.page.close();

  // The search is a form the browser submits itself; the server renders the results.
  const held = await beforeTheScript(PAGES.news);
  const field = held.page.getByLabel('ค้นหาคอร์สเรียน').first();
  await field.fill('ตลาด');
  await field.press('Enter');
  await expect.poll(() => decodeURIComponent(new URL(held.page.url()).search), { timeout: 15_000 }).toBe('?q=ตลาด');
  await expect
    .poll(() => held.page.getByRole('heading', { name: 'ผลการค้นหา “ตลาด”' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
  held.release();
  await held.page.close();
});
