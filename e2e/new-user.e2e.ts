import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, hidden, visible } from './page-checks.js';

// What a new user tripped on, walked again: sessions that end, staff on the storefront, unknown pages, the
// place a course returns to, the forms' timing, titles, prices for visitors, search and the Thai words.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

const pathOf = () => decodeURIComponent(new URL(page.url()).pathname);
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
const banner = () => page.getByRole('banner');

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${shop.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A page with the cookie question answered; with a token, signed in as the demo member from the first request. */
async function openPage(path: string, options: { token?: string; width?: number; staffToken?: string } = {}) {
  page = await shop.page(options.width ?? 1280, 800);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  if (options.token) await page.addInitScript((token) => localStorage.setItem('token', token), options.token);
  if (options.staffToken)
    await page.addInitScript((token) => localStorage.setItem('adminToken', token), options.staffToken);
  await page.goto(`${shop.url}${path}`);
  return page;
}

test('a session ended elsewhere: opening the own course says the token expired at once, not "Register & Buy"', async () => {
  const { token } = await post<{ token: string }>('loginEmail', MEMBER);
  await openPage('/', { token });
  await visible(banner().getByRole('button', { name: /^เมนูบัญชีของ/ }));
  // The member logs out on another device: this token is revoked on the server.
  await post('logout', {}, token);

  await page
    .locator('main')
    .getByRole('link', { name: new RegExp(BOUGHT) })
    .first()
    .click();
  const expired = dialog('การเข้าสู่ระบบหมดอายุแล้ว');
  await visible(expired);
  expect(await page.getByRole('button', { name: 'สมัครสมาชิกและซื้อคอร์ส' }).count()).toBe(0);
  await expired.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await hidden(expired);
  await expect.poll(pathOf).toBe('/');
  await visible(banner().getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }));
});

test('staff: signed in at /admin, the storefront sends them to /logout, which ends that session', async () => {
  const { token: staffToken } = await post<{ token: string }>('loginPersonnel', shop.staff);
  await openPage('/courses', { staffToken });
  // The move to /logout and on to / waits for the app's script, which is asked for after the first paint.
  await expect.poll(pathOf, { timeout: 15_000 }).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await visible(banner().getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }));
  const ping = await fetch(`${shop.url}/api/loginPing`, { headers: { authorization: `Bearer ${staffToken}` } });
  expect(ping.status).toBe(401);
});

test('staff: the storefront login takes a staff username and opens the back office', async () => {
  await openPage('/');
  await banner().getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  const login = dialog('เข้าสู่ระบบ');
  await login.getByLabel(/^อีเมล/).fill(shop.staff.username);
  await login.getByLabel(/^รหัสผ่าน/).fill(shop.staff.password);
  await login.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await expect.poll(pathOf, { timeout: 15_000 }).toMatch(/^\/admin/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('adminToken'))).not.toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await hidden(page.getByRole('textbox', { name: /username|ชื่อผู้ใช้/i }));
});

async function memberSession() {
  const res = await fetch(`${shop.url}/api/loginEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MEMBER),
  });
  const body = (await res.json()) as { data: { token: string }; user: { id: number } };
  return { token: body.data.token, id: body.user.id };
}

test('the avatar shows the first consonant of a Thai nickname; a large coin balance fits a phone', async () => {
  const member = await memberSession();
  await post('userUpdate', { nickname: 'ใจ' }, member.token);
  const { token: staffToken } = await post<{ token: string }>('loginPersonnel', shop.staff);
  await post(
    'logPoint',
    { user_id: member.id, log_point_amount: 999_999, log_point_type: 'staff', log_point_note: 'ทดสอบ' },
    staffToken,
  );
  for (const width of [390, 1280]) {
    await openPage('/', { token: member.token, width });
    const menu = banner().getByRole('button', { name: /^เมนูบัญชีของ ใจ/ });
    await visible(menu);
    expect((await menu.locator('.MuiAvatar-root').textContent())?.trim()).toBe('จ');
    const box = await menu.locator('.MuiBadge-badge').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/new-user-avatar-${width}.png` });
  }
  await post('userUpdate', { nickname: 'เดโม' }, member.token);
});

test('a visitor with a shared course link sees the price beside Register & Buy', async () => {
  await openPage(`/product/${encodeURIComponent(BOUGHT)}`);
  const course = dialog(BOUGHT);
  await visible(course);
  const register = course.getByRole('button', { name: 'สมัครสมาชิกและซื้อคอร์ส' });
  await visible(register);
  await visible(course.getByText('฿1,990.00'));
});

test('search: Enter lists what the words find, a long query is cut to what the server takes, the box empties after a choice', async () => {
  await openPage('/pricing');
  const box = banner().locator('input[aria-label="ค้นหาคอร์สเรียน"]:visible');
  await box.click();
  await box.fill('ตลาด');
  await box.press('Enter');
  await expect
    .poll(() => `${pathOf()}${new URL(page.url()).search}`, { timeout: 15_000 })
    .toBe(`/courses?q=${encodeURIComponent('ตลาด')}`);
  const main = page.locator('main');
  await visible(main.getByRole('heading', { name: 'ผลการค้นหา “ตลาด”' }));
  await visible(main.getByRole('heading', { name: BOUGHT }));
  expect(await main.getByRole('heading', { name: 'ภาษาอังกฤษเพื่อการทำงาน' }).count()).toBe(0);
  await expect.poll(() => page.title()).toContain('ผลการค้นหา');
  // A course opens over the results, and closing it returns to them.
  await main.getByRole('link', { name: new RegExp(BOUGHT) }).click();
  await visible(dialog(BOUGHT));
  await dialog(BOUGHT).getByRole('button', { name: 'ปิด' }).first().click();
  await hidden(dialog(BOUGHT));
  expect(new URL(page.url()).searchParams.get('q')).toBe('ตลาด');

  await box.fill('ก'.repeat(150));
  expect((await box.inputValue()).length).toBe(100);
  await visible(page.getByText('ไม่พบคอร์สเรียน').first());

  await box.fill('ภาษาอังกฤษ');
  await page.getByRole('option', { name: 'ภาษาอังกฤษเพื่อการทำงาน' }).click();
  const chosen = dialog('ภาษาอังกฤษเพื่อการทำงาน');
  await visible(chosen);
  await page.keyboard.press('Escape');
  await hidden(chosen);
  expect(await box.inputValue()).toBe('');
});

test('every page has its own title, and no page logs a console error or warning', async () => {
  const member = await memberSession();
  page = await shop.page();
  const problems = consoleProblems(page);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  const titles: Record<string, string> = {
    '/': 'คอร์สเรียนออนไลน์ | สิกขา',
    '/courses': 'คอร์สเรียน | สิกขา',
    '/pricing': 'ราคาคอร์สเรียน | สิกขา',
    '/allNews': 'ข่าวสารทั้งหมด | สิกขา',
    '/checkout': 'ชำระเงิน | สิกขา',
    '/coin': 'เหรียญของฉัน | สิกขา',
    '/no-such-page': 'ไม่พบหน้าที่ต้องการ | สิกขา',
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(`${shop.url}${path}`);
    // A page the server could not draw in time is the app's shell until its script sets the title.
    await expect.poll(() => page.title(), { message: path, timeout: 15_000 }).toBe(title);
  }
  await page.goto(`${shop.url}/product/${encodeURIComponent(BOUGHT)}`);
  await visible(dialog(BOUGHT));
  // Signed in, then out from the menu.
  await page.evaluate((token) => localStorage.setItem('token', token), member.token);
  await page.goto(`${shop.url}/courses/onlyOrder`);
  await visible(banner().getByRole('button', { name: /^เมนูบัญชีของ/ }));
  await banner()
    .getByRole('button', { name: /^เมนูบัญชีของ/ })
    .click();
  await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
  await visible(banner().getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }));
  await page.goto(`${shop.url}/contact`);
  await page.waitForLoadState('networkidle');
  // The 404 page's own answer is the one error a browser logs by itself.
  expect(problems.filter((p) => !p.includes('/no-such-page'))).toEqual([]);
});
