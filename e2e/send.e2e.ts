import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LineDouble, lineUserId, startLineDouble } from '../apps/server/test/line-double.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, notFavicon, visible } from './page-checks.js';

// The Send screen as staff use it and what members get: the demo member links their LINE account (a code from
// the bell's menu, sent to the shop's LINE account, whose signed webhook the test plays as LINE would), staff send
// a message to them over LINE and the bell, LINE's double receives it, the delivery log says sent, and the member
// reads it in the bell. The shop talks to the integration tests' double of the LINE Messaging API.

const TEXT = 'ไลฟ์สดถามตอบคืนวันศุกร์ 20.00 น. พบกันในกลุ่ม LINE ของคอร์ส';
const SHOTS = join(process.cwd(), 'test-results');
let line: LineDouble;
let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

beforeAll(async () => {
  line = await startLineDouble();
  shop = await startShop(line.env);
});
afterAll(async () => {
  await shop?.stop();
  await line?.close();
});
endEachJourney(() => page);

async function memberPage(width: number, height: number) {
  const res = await fetch(`${shop.url}/api/loginEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MEMBER),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  page = await shop.page(width, height);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto(shop.url);
  return page;
}

const bell = () => page.getByRole('button', { name: /^การแจ้งเตือน/ });
let lineId: string;

test('the member links LINE from the bell: a code, sent to the shop’s LINE account, ties the two', async () => {
  await memberPage(390, 844);
  const problems = consoleProblems(page);
  await bell().click();
  await page.getByRole('menuitem', { name: 'รับการแจ้งเตือนทาง LINE / Messenger' }).click();
  const dialog = page.getByRole('dialog', { name: 'รับข่าวสารทาง LINE / Messenger' });
  await visible(dialog);
  await visible(dialog.getByText('ยังไม่ได้เชื่อม'));
  await dialog.getByRole('button', { name: 'ขอรหัสเชื่อมบัญชี' }).click();
  const code = (await dialog.getByTestId('link-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^LINK-[2-9A-HJKMNP-Z]{8}$/);
  // The button opens a chat with the shop's account with the code typed in.
  expect(await dialog.getByRole('link', { name: 'เปิด LINE แล้วส่งรหัส' }).getAttribute('href')).toBe(
    `https://line.me/R/oaMessage/%40sikkha-test/?${code}`,
  );

  // The member sends it in LINE; LINE calls the shop's webhook, signed with the channel secret.
  lineId = lineUserId();
  const request = line.webhook([
    { type: 'message', source: { type: 'user', userId: lineId }, message: { id: '1', type: 'text', text: code } },
  ]);
  const res = await fetch(`${shop.url}/api/webhookLine`, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  expect(res.status).toBe(200);
  expect(line.replies().at(-1)?.messages[0]?.text).toContain('เชื่อมบัญชีกับ Sikkha เรียบร้อยแล้ว');
  await page.screenshot({ path: join(SHOTS, 'send-link-code-390.png') });
  // The dialog sees it by itself.
  await visible(dialog.getByText('เชื่อมแล้ว'), 20_000);
  await dialog.getByRole('button', { name: 'ปิด' }).click();
  expect(problems.filter(notFavicon)).toEqual([]);
});

test('staff send a LINE message and a notification to the member; LINE receives it and the delivery log says sent', async () => {
  page = await shop.page(1280, 900);
  await page.goto(`${shop.url}/admin/login`);
  await page
    .getByLabel(/ชื่อผู้ใช้|Username/)
    .first()
    .fill(shop.staff.username);
  await page
    .getByLabel(/รหัสผ่าน|Password/)
    .first()
    .fill(shop.staff.password);
  await page.getByRole('button', { name: /เข้าสู่ระบบ|Sign in/ }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('adminToken'))).not.toBeNull();

  // Every count and log the screen asks for is asked right: no 4xx behind a number that looks plausible.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (/\/api\/send/.test(response.url()) && response.status() >= 400) {
      refused.push(`${response.status()} ${response.url()}`);
    }
  });
  await page.goto(`${shop.url}/admin/send`);
  await visible(page.getByRole('heading', { name: 'ส่งข้อความ', level: 1 }));
  await page.getByLabel('ข้อความ').fill(TEXT);
  await page.getByRole('radio', { name: 'เลือกสมาชิก' }).check();
  const members = page.getByLabel('สมาชิก', { exact: true });
  await members.fill('demo@');
  await page.getByRole('option', { name: /สมใจ/ }).first().click();
  await visible(page.getByText('ผู้รับ 1 คน'));
  // The bell is chosen by default; LINE reaches the one linked member.
  await visible(page.getByText('1 คนที่เชื่อมบัญชี LINE'));
  await page.getByRole('checkbox', { name: /^LINE/ }).check();
  // Messenger is not set up in this shop: offered, disabled.
  expect(await page.getByRole('checkbox', { name: /Messenger/ }).isDisabled()).toBe(true);
  await page.screenshot({ path: join(SHOTS, 'send-form-1280.png'), fullPage: true });

  await page.getByRole('button', { name: 'ส่งข้อความ' }).click();
  const confirm = page.getByRole('dialog', { name: 'ยืนยันการส่งข้อความ' });
  await visible(confirm.getByText('ส่งข้อความนี้ถึงผู้รับ 1 คน ทาง การแจ้งเตือนในเว็บ, LINE ใช่หรือไม่'));
  await confirm.getByRole('button', { name: 'ส่งเลย' }).click();
  expect(refused).toEqual([]);

  // The job sends it: one push to the member's LINE id, with the text.
  await expect
    .poll(() => line.delivered().find((c) => c.to.includes(lineId))?.messages, { timeout: 30_000 })
    .toEqual([{ type: 'text', text: TEXT }]);
  // The new message's delivery log opens, and says sent for both channels.
  const log = page.getByRole('dialog', { name: 'ผลการส่งรายคน' });
  await visible(log);
  await expect.poll(() => log.getByRole('row').filter({ hasText: 'ส่งแล้ว' }).count(), { timeout: 20_000 }).toBe(2);
  await visible(log.getByRole('cell', { name: 'LINE', exact: true }));
  await page.screenshot({ path: join(SHOTS, 'send-log-1280.png') });
  await log.getByRole('button', { name: 'ปิด' }).click();
  await visible(page.getByText(TEXT).first());
  await page.screenshot({ path: join(SHOTS, 'send-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await visible(page.getByRole('heading', { name: 'ส่งข้อความ', level: 1 }));
  await visible(page.getByText(TEXT).first());
  await page.screenshot({ path: join(SHOTS, 'send-390.png'), fullPage: true });
  await page
    .getByRole('button', { name: /^ดูผลการส่งรายคน/ })
    .first()
    .click();
  await visible(page.getByRole('dialog', { name: 'ผลการส่งรายคน' }).getByText('ส่งแล้ว').first());
  await page.screenshot({ path: join(SHOTS, 'send-log-390.png') });
  // A back-office journey with a job in the middle: more than the default minute on a busy machine.
}, 180_000);

test('the member reads it in the bell', async () => {
  await memberPage(1280, 800);
  await bell().click();
  await visible(page.getByRole('menuitem', { name: new RegExp(TEXT) }));
});

mkdirSync(SHOTS, { recursive: true });
