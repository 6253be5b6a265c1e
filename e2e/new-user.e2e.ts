import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startShop } from './harness.js';
import { hidden, screenshotFailures, visible } from './page-checks.js';

// What a new user tripped on, walked again: sessions that end, staff on the storefront, unknown pages, the
// place a course returns to, the forms' timing, titles, prices for visitors, search and the Thai words.

const MEMBER = { email: 'demo@sikkha.local', password: 'sikkha-demo-2026' };
const BOUGHT = 'การตลาดออนไลน์ฉบับมืออาชีพ';

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());
screenshotFailures(() => page);

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
  await expect.poll(pathOf).toBe('/');
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
