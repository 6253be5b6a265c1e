import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import {
  consoleProblems,
  downloadedBytes,
  endEachJourney,
  notFavicon,
  seriousViolations,
  staffSignedIn,
  visible,
} from './page-checks.js';

// Staff download a month's e-Tax archive for the Revenue Department from the back office: the demo member's paid
// order's receipt (RC<year>-000001, issued this month when its member first downloads it) is in this month's register
// and its XML in the archive, which `unzip` opens. Last month, the page's default, has nothing.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;
let work: string;

const SHOTS = process.env.E2E_SHOTS;
const NUMBER = `RC${new Date().getFullYear()}-000001`;
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
/** "YYYY-MM" of this Bangkok month and its name in the page's Thai ("พฤศจิกายน 2569"). */
const thisMonth = new Date(Date.now() + BANGKOK_OFFSET_MS).toISOString().slice(0, 7);
const thisMonthName = new Intl.DateTimeFormat('th-TH', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${thisMonth}-01T00:00:00Z`),
);

/** A journey's time limit: a whole visit in a real browser, on a machine that may be busy. */
const JOURNEY = 150_000;

const { call } = shopApi(() => shop.url);

beforeAll(async () => {
  shop = await startShop();
  work = mkdtempSync(join(tmpdir(), 'sikkha-etax-e2e-'));
  const { token } = await call<{ token: string }>('loginEmail', { body: MEMBER });
  const orders = await call<{ id: number; order_no: string | null }[]>('ordersMine?pageSize=100', { token });
  const order = orders.find((o) => o.order_no === NUMBER);
  const pdf = await fetch(`${shop.url}/api/ordersTaxInvoiceFile?id=${order!.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status).toBe(200);
}, JOURNEY);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  return shop?.stop();
});
endEachJourney(() => page);

async function shot(at: Page, name: string) {
  if (SHOTS) await at.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const unzip = (...args: string[]) => {
  const done = spawnSync('unzip', args, { encoding: 'buffer' });
  expect(done.status, done.stderr.toString('utf8')).toBe(0);
  return done.stdout;
};

describe('the monthly e-Tax export in the back office', () => {
  test(
    'from the sidebar, by keyboard: last month is empty, this month lists the receipt and downloads its archive',
    async () => {
      page = await staffSignedIn(shop, 1280, 900);
      const problems = consoleProblems(page);
      await page.getByRole('menuitem', { name: 'ใบกำกับภาษีอิเล็กทรอนิกส์ (e-Tax)', exact: true }).click();
      const main = page.locator('main');
      await visible(main.getByRole('heading', { name: 'ใบกำกับภาษีอิเล็กทรอนิกส์ (e-Tax)', level: 1 }));
      await visible(main.getByRole('status').filter({ hasText: 'ไม่มีเอกสารที่ออกในเดือน' }));
      await shot(page, 'etax-empty-1280');

      // The month by keyboard: the select opens with Enter, the arrow goes up a month (the list is newest first).
      const month = main.getByRole('combobox', { name: 'เดือน' });
      await month.focus();
      await page.keyboard.press('Enter');
      await visible(page.getByRole('option', { name: thisMonthName }));
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect.poll(() => month.textContent()).toBe(thisMonthName);
      const row = main.getByRole('row').filter({ hasText: NUMBER });
      await visible(row);
      expect(await row.innerText()).toMatch(/ใบเสร็จรับเงิน\s*\(T01\)/);
      await visible(main.getByRole('status').filter({ hasText: /เอกสาร \d+ ฉบับ/ }));
      await shot(page, 'etax-month-1280');

      const download = page.waitForEvent('download');
      const button = main.getByRole('button', { name: 'ดาวน์โหลดไฟล์นำส่ง (ZIP)' });
      await button.focus();
      await page.keyboard.press('Enter');
      const file = await download;
      expect(file.suggestedFilename()).toBe(`etax-${thisMonth}.zip`);
      const zip = join(work, file.suggestedFilename());
      writeFileSync(zip, await downloadedBytes(file));
      unzip('-tq', zip);
      const names = unzip('-Z1', zip).toString('utf8').trim().split('\n');
      expect(names).toContain(`${NUMBER}.xml`);
      expect(names).toContain('summary.csv');
      expect(names.every((name) => name === 'summary.csv' || /^[A-Z]+\d{4}-\d{6}\.xml$/.test(name))).toBe(true);
      const xml = unzip('-p', zip, `${NUMBER}.xml`).toString('utf8');
      expect(xml).toContain(`<ram:ID>${NUMBER}</ram:ID>`);
      expect(xml).toContain('<ram:TypeCode>T01</ram:TypeCode>');
      const summary = unzip('-p', zip, 'summary.csv');
      expect([...summary.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = summary.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines[0]?.split(',')[0]).toBe('เลขที่เอกสาร');
      expect(lines.find((line) => line.startsWith(`${NUMBER},`))).toMatch(
        new RegExp(`^${NUMBER},T01,ใบเสร็จรับเงิน,${thisMonth}-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+07:00,`),
      );
      expect(await seriousViolations(page, '#main-content')).toEqual([]);

      // A download refused by the server says why, in Thai: here, a session that has gone.
      await page.evaluate(() => localStorage.removeItem('adminToken'));
      await button.click();
      await visible(main.getByRole('alert').filter({ hasText: 'ดาวน์โหลดไม่สำเร็จ: กรุณาเข้าสู่ระบบ' }));
      // The refused download is what the page shows, not a fault.
      expect(problems.filter(notFavicon).filter((p) => !p.includes('etaxMonthlyExport'))).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'on a phone: this month’s documents as cards that fit the screen',
    async () => {
      await page?.context().close();
      page = await staffSignedIn(shop, 390, 844);
      const problems = consoleProblems(page);
      await page.goto(`${shop.url}/admin/etax`);
      const main = page.locator('main');
      const month = main.getByRole('combobox', { name: 'เดือน' });
      await month.click();
      await page.getByRole('option', { name: thisMonthName }).click();
      // The menu fades out: the picture is taken once it has gone.
      await page.locator('[role=option]', { hasText: thisMonthName }).waitFor({ state: 'hidden' });
      // A card per document on a phone, every field in view.
      const card = main.getByRole('listitem').filter({ hasText: NUMBER });
      await visible(card);
      expect(await card.innerText()).toMatch(
        /ใบเสร็จรับเงิน\s*\(T01\)[\s\S]*จำนวนเงินรวม ฿1,990\.00 · ภาษีมูลค่าเพิ่ม ฿130\.19/,
      );
      await visible(main.getByRole('button', { name: 'ดาวน์โหลดไฟล์นำส่ง (ZIP)' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'etax-month-390');
      expect(await seriousViolations(page, '#main-content')).toEqual([]);
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );
});
