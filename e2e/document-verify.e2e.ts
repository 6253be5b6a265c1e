import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, notFavicon, seriousViolations, visible } from './page-checks.js';

// Anyone holding a receipt checks it on the public verification page, found from the footer: the demo member's
// paid order's receipt (RC<year>-000001, 1,990.00 baht), typed as a person types it. The demo numbers the receipt
// and makes its PDF, which records it in the register, when the member first downloads it. The buyer's name is
// never on the page.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;

const BUYER = 'นางสาวสมใจ ใฝ่เรียน';
const NUMBER = `RC${new Date().getFullYear()}-000001`;

/** A journey's time limit: a whole visit in a real browser, on a machine that may be busy. */
const JOURNEY = 150_000;

const { call } = shopApi(() => shop.url);

beforeAll(async () => {
  shop = await startShop();
  const { token } = await call<{ token: string }>('loginEmail', { body: MEMBER });
  const orders = await call<{ id: number; order_no: string | null }[]>('ordersMine?pageSize=100', { token });
  const order = orders.find((o) => o.order_no === NUMBER);
  const pdf = await fetch(`${shop.url}/api/ordersTaxInvoiceFile?id=${order!.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status).toBe(200);
}, JOURNEY);
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('verifying a document', () => {
  test(
    'on a phone, in Thai: from the footer, a wrong total is not found, a word is refused, the right total verifies',
    async () => {
      page = await shop.page(390, 844);
      page.setDefaultTimeout(60_000);
      const problems = consoleProblems(page);
      await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
      await page.goto(`${shop.url}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'ตรวจสอบใบเสร็จรับเงิน / ใบกำกับภาษี' }).click();
      const main = page.locator('main');
      await visible(main.getByRole('heading', { name: 'ตรวจสอบใบเสร็จรับเงิน / ใบกำกับภาษี', level: 1 }));
      expect(await page.title()).toBe('ตรวจสอบใบเสร็จรับเงิน / ใบกำกับภาษี | สิกขา');

      const number = main.getByLabel('เลขที่เอกสาร');
      const amount = main.getByLabel('ยอดเงินรวม (บาท)');
      await number.fill(NUMBER.toLowerCase());
      await amount.fill('1,990.01');
      await main.getByRole('button', { name: 'ตรวจสอบ' }).click();
      await visible(main.getByRole('heading', { name: 'ไม่พบเอกสาร' }));
      await visible(main.getByText('ไม่พบเอกสารที่มีเลขที่และยอดเงินรวมตรงกับที่กรอก'));

      await amount.fill('หนึ่งพัน');
      await amount.press('Enter');
      await visible(main.getByText('กรุณากรอกยอดเงินรวมเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 1,070.00'));
      expect(await amount.getAttribute('aria-invalid')).toBe('true');

      // Keyboard only: the amount, then Tab to the button and Enter.
      await amount.fill('1,990.00');
      await amount.press('Tab');
      await page.keyboard.press('Enter');
      const answer = main.getByRole('status');
      await visible(answer.getByRole('heading', { name: 'เอกสารนี้ออกโดยร้านจริง' }));
      for (const words of [NUMBER, 'ใบเสร็จรับเงิน (T01)', '1,990.00 บาท', 'บริษัท สิกขา จำกัด', '0105569000002 สำนักงานใหญ่']) {
        await visible(answer.getByText(words, { exact: true }));
      }
      await visible(answer.getByText(/^\d{1,2} \S+ 25\d\d เวลา \d\d:\d\d/));
      await expect.poll(() => page!.url()).toContain(`/verify-document?no=${NUMBER.toLowerCase()}&amount=1%2C990.00`);
      expect(await main.textContent()).not.toContain(BUYER);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The not-found and refused answers are what the page shows, not faults.
      expect(problems.filter(notFavicon).filter((p) => !p.includes('/api/documentVerify'))).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'the address of a check, opened on a wide screen in English, answers it again',
    async () => {
      await page?.context().close();
      page = await shop.page(1280, 800);
      const problems = consoleProblems(page);
      await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
      await page.addInitScript(() => localStorage.setItem('lang', 'en'));
      await page.goto(`${shop.url}/verify-document?no=${NUMBER}&amount=1990`);
      const answer = page.locator('main').getByRole('status');
      await visible(answer.getByRole('heading', { name: 'The shop issued this document' }));
      await visible(answer.getByText('Receipt (T01)', { exact: true }));
      await visible(answer.getByText('THB 1,990.00', { exact: true }));
      await visible(answer.getByText(/^\d{1,2} [A-Z][a-z]+ 20\d\d at \d\d:\d\d$/));
      expect(await page.locator('main').getByLabel('Document number').inputValue()).toBe(NUMBER);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );
});
