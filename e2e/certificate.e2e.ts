import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../apps/server/test/pdf-text.js';
import { shopApi } from './api.js';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import {
  consoleProblems,
  downloadedBytes,
  endEachJourney,
  notFavicon,
  seriousViolations,
  visible,
} from './page-checks.js';

// A buyer who watched every lesson of their course gets a certificate: the job on the queue makes it, the course
// dialog's button downloads the PDF, and its QR code's page verifies it for anyone. The demo member bought the
// first course; its lessons are the 12-second demo clip, reported as played through the player's statistics API
// (watching them in the browser is the player's journey, learning-player.e2e.ts).

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;

const NAME = 'นางสาวสมใจ ใฝ่เรียน';

/** A journey's time limit: a whole visit in a real browser, on a machine that may be busy. */
const JOURNEY = 150_000;

const { call } = shopApi(() => shop.url);

interface CourseView {
  certificate: string | null;
  lessons: { video_id: number; status: string }[];
}

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('certificates', () => {
  let token: string;
  let number: string;

  test(
    'a buyer completes the course, downloads the certificate from the course dialog, and it says who and what',
    async () => {
      token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
      const [course] = await call<{ id: number }[]>(`product?product_title=${encodeURIComponent(BOUGHT)}`);
      const view = await call<CourseView>(`courseView?id=${course!.id}`, { token });
      expect(view.certificate).toBeNull();
      const events = view.lessons
        .filter((l) => l.status !== 'preview')
        // The demo clip is 12 seconds long: played from start to end.
        .map((l) => ({
          product_id: course!.id,
          video_id: l.video_id,
          time_start: 0,
          time_end: 12,
          time_total: 12,
          event: 'Ended',
        }));
      await call('videoStatistics', { token, body: { events } });
      // The running shop's job runner issues it shortly after.
      await expect
        .poll(async () => (await call<CourseView>(`courseView?id=${course!.id}`, { token })).certificate, {
          timeout: 20_000,
        })
        .toMatch(/\.pdf$/);

      page = await shop.page();
      page.setDefaultTimeout(60_000);
      const problems = consoleProblems(page);
      await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
      await page.addInitScript((t) => localStorage.setItem('token', t), token);
      await page.goto(`${shop.url}/product/${encodeURIComponent(BOUGHT)}`);
      const dialog = page.getByRole('dialog', { name: BOUGHT });
      await visible(dialog);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'ดาวน์โหลดใบประกาศนียบัตร' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${BOUGHT}.pdf`);
      const pdf = await downloadedBytes(download);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain(NAME);
      expect(text).toContain(BOUGHT);
      number = /[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}/.exec(text)![0];
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'the verification page shows anyone who earned what and when, in Thai and English, on a phone too',
    async () => {
      await page?.context().close();
      page = await shop.page(390, 844);
      page.setDefaultTimeout(60_000);
      const problems = consoleProblems(page);
      await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
      await page.goto(`${shop.url}/certificate/${number}`);
      const main = page.locator('main');
      await visible(main.getByText('ใบประกาศนียบัตรนี้ออกโดยสิกขา'));
      await visible(main.getByText(NAME));
      await visible(main.getByText(BOUGHT));
      await visible(main.getByText(number));
      await visible(main.getByText(/^\d{1,2} \S+ พ\.ศ\. 25\d\d$/));
      expect(await page.title()).toBe('ตรวจสอบใบประกาศนียบัตร | สิกขา');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // A number typed by hand, in small letters: the same certificate.
      await main.getByLabel('เลขที่ใบประกาศนียบัตร').fill('2222-3333-4444-5555');
      await main.getByRole('button', { name: 'ตรวจสอบ' }).click();
      await visible(main.getByText('ไม่พบใบประกาศนียบัตร'));
      await main.getByLabel('เลขที่ใบประกาศนียบัตร').fill(number.toLowerCase());
      await main.getByLabel('เลขที่ใบประกาศนียบัตร').press('Enter');
      await visible(main.getByText(NAME));

      await page.addInitScript(() => localStorage.setItem('lang', 'en'));
      await page.goto(`${shop.url}/certificate/${number}`);
      await visible(main.getByText('This certificate was issued by Sikkha'));
      await visible(main.getByText(/^\d{1,2} [A-Z][a-z]+ 20\d\d$/));
      // The unknown number's 404 is the answer the page shows, not a fault.
      expect(problems.filter(notFavicon).filter((p) => !p.includes('/api/certificateVerify'))).toEqual([]);
    },
    JOURNEY,
  );
});
