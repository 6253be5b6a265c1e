import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MEMBER as DEMO } from './demo.js';
import { startShop } from './harness.js';
import { endEachJourney, visible } from './page-checks.js';

// The session check of spec §4 against a shop whose tokens live 20 seconds: a member's token is renewed before it
// ends, and a token that ended while the tab slept opens the token-expired dialog.

const TOKEN_SECONDS = 20;

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

beforeAll(async () => {
  shop = await startShop({ TOKEN_MAX_AGE: String(TOKEN_SECONDS) });
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

const storedToken = () => page.evaluate(() => localStorage.getItem('token'));
const userMenuButton = () => page.getByRole('button', { name: /^(เมนูบัญชีของ|Account menu of)/ });

/** What the server says of a token now: 200 while it counts, 401 once it ended. */
async function tokenStatus(token: string) {
  const res = await fetch(`${shop.url}/api/userCheckToken`, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

/** A field by its label; a required field's label ends with MUI's asterisk. */
const field = (label: string) => new RegExp(`^${label}[\\s\u2009]*\\*?$`);

async function logInAsDemo(logInLabel: string, emailLabel: string, passwordLabel: string) {
  await page.getByRole('banner').getByRole('button', { name: logInLabel, exact: true }).click();
  const login = page.getByRole('dialog', { name: logInLabel });
  await visible(login);
  await login.getByLabel(field(emailLabel)).fill(DEMO.email);
  await login.getByLabel(field(passwordLabel)).fill(DEMO.password);
  await login.getByRole('button', { name: logInLabel, exact: true }).click();
  await visible(userMenuButton());
}

test('a token near its end is renewed: the member stays signed in with a new token, the old one ends', {
  timeout: 120_000,
}, async () => {
  page = await shop.page();
  await page.goto(shop.url);
  await logInAsDemo('เข้าสู่ระบบ', 'อีเมล', 'รหัสผ่าน');
  const first = await storedToken();
  expect(first).toEqual(expect.any(String));

  // Half of a short token's life before its end, the session check renews it; then the renewed one in turn.
  await expect.poll(storedToken, { timeout: 40_000 }).not.toBe(first);
  const second = (await storedToken())!;
  expect(await tokenStatus(first!)).toBe(401);
  await expect.poll(storedToken, { timeout: 40_000 }).not.toBe(second);

  // By now the first token's life is over, and the member is still signed in with a token that counts.
  expect(await tokenStatus((await storedToken())!)).toBe(200);
  await visible(userMenuButton());
  expect(await page.getByRole('dialog').count()).toBe(0);
});

test('a token that ended while the tab slept opens the token-expired dialog, whose only way on is to log out', {
  timeout: 120_000,
}, async () => {
  page = await shop.page();
  await page.clock.install();
  await page.goto(shop.url);
  // In English this dialog says the spec's own words.
  await page.getByRole('button', { name: 'EN' }).click();
  await logInAsDemo('Log in', 'E-mail', 'Password');
  const token = (await storedToken())!;

  // The tab sleeps: its timers stop while the server's clock runs past the token's end.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await expect.poll(() => tokenStatus(token), { timeout: (TOKEN_SECONDS + 20) * 1000, interval: 1000 }).toBe(401);
  // It wakes: the check that was due runs at once, and time flows again.
  await page.clock.fastForward('05:01');
  await page.clock.resume();

  const expired = page.getByRole('dialog', { name: 'The token has expired.' });
  await visible(expired);
  await visible(expired.getByText('Please log out and log in.'));
  await page.keyboard.press('Escape');
  await visible(expired);
  await expired.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await visible(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }));
});
