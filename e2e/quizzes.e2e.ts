import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import {
  consoleProblems,
  endEachJourney,
  notFavicon,
  seriousViolations,
  shopPage,
  staffSignedIn,
  visible,
} from './page-checks.js';

// Tests (quizzes, the back office's `test`): staff build one for the demo member's course in the back office; the
// member takes it in the course dialog on a phone, fails, reloads in the middle of the retake (the answers are kept on
// the server), passes; staff read the results.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;

const TITLE = 'แบบทดสอบท้ายคอร์สการตลาด';
const JOURNEY = 180_000;
const SHOTS = process.env.QUIZ_SHOTS;

const { call } = shopApi(() => shop.url);

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

async function shot(at: Page, name: string) {
  if (SHOTS) await at.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('tests (quizzes)', () => {
  test(
    'staff build a test of a single choice and a short answer question in the back office',
    async () => {
      page = await staffSignedIn(shop);
      page.setDefaultTimeout(60_000);
      const problems = consoleProblems(page);
      await page.getByRole('menuitem', { name: 'แบบทดสอบ', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'แบบทดสอบ', level: 1 }));
      await page.getByLabel('คอร์ส').click();
      await page.getByRole('option', { name: BOUGHT }).click();
      await page.getByRole('button', { name: 'สร้างแบบทดสอบ' }).click();
      const form = page.getByRole('form', { name: 'แก้ไขแบบทดสอบ' });
      await form.getByLabel('ชื่อแบบทดสอบ').fill(TITLE);
      await form.getByLabel('เกณฑ์ผ่าน (ร้อยละ)').fill('100');
      await form.getByLabel('ทำได้กี่ครั้ง').fill('2');
      await form.getByLabel('เผยแพร่ให้ผู้ซื้อ').check();

      const first = form.getByRole('group', { name: 'คำถามที่ 1' });
      await first.getByRole('textbox', { name: /^คำถาม/ }).fill('ช่องทางใดเป็นสื่อออนไลน์');
      await first.getByLabel('ตัวเลือกที่ 1', { exact: true }).fill('ใบปลิว');
      await first.getByLabel('ตัวเลือกที่ 2', { exact: true }).fill('เฟซบุ๊ก');
      await first.getByLabel('ตัวเลือกที่ 2 เป็นคำตอบที่ถูก').check();

      await form.getByRole('button', { name: 'เพิ่มคำถาม' }).click();
      const second = form.getByRole('group', { name: 'คำถามที่ 2' });
      await second.getByLabel('ชนิดคำถาม').click();
      await page.getByRole('option', { name: 'เติมคำตอบสั้น' }).click();
      await second.getByRole('textbox', { name: /^คำถาม/ }).fill('ตัวย่อของ Search Engine Optimization คือ');
      await second.getByLabel(/คำตอบที่ยอมรับ/).fill('SEO\nเอสอีโอ');
      await shot(page, 'quiz-editor-1280');
      await form.getByRole('button', { name: 'บันทึก' }).click();

      const list = page.getByRole('list', { name: 'รายการแบบทดสอบ' });
      await visible(list.getByText(TITLE));
      await visible(list.getByText('เผยแพร่แล้ว'));
      // The back office's own chrome (react-admin's menu and app bar) is judged by the back-office journey.
      expect(await seriousViolations(page, '#main-content')).toEqual([]);
      await shot(page, 'quiz-list-1280');
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'the member fails, retakes with a reload in the middle, and passes, on a phone',
    async () => {
      const token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
      await page?.context().close();
      page = await shopPage(shop, 390, 844, token);
      const problems = consoleProblems(page);
      await page.goto(`${shop.url}/product/${encodeURIComponent(BOUGHT)}`);
      const dialog = page.getByRole('dialog', { name: BOUGHT });
      await visible(dialog);
      await dialog.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
      const quiz = dialog.getByRole('form', { name: TITLE });
      await visible(quiz);
      await quiz.getByRole('radio', { name: 'ใบปลิว' }).check();
      await quiz.getByLabel('คำตอบของคุณ').fill('seo');
      await visible(quiz.getByText('ตอบแล้ว 2 จาก 2 ข้อ · บันทึกคำตอบแล้ว'));
      await shot(page, 'quiz-taking-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await quiz.getByRole('button', { name: 'ส่งคำตอบ' }).click();
      const result = dialog.getByRole('region', { name: 'ผลการทดสอบ' });
      await visible(result.getByText('ยังไม่ผ่านเกณฑ์'));
      await visible(result.getByText('ได้ 1 จาก 2 คะแนน (50%)'));
      await visible(result.getByText('คำตอบที่ถูก: เฟซบุ๊ก'));
      await shot(page, 'quiz-failed-390');
      await result.getByRole('button', { name: 'กลับไปที่รายการแบบทดสอบ' }).click();

      await dialog.getByRole('button', { name: 'ทำอีกครั้ง' }).click();
      await quiz.getByRole('radio', { name: 'เฟซบุ๊ก' }).check();
      await visible(quiz.getByText('ตอบแล้ว 1 จาก 2 ข้อ · บันทึกคำตอบแล้ว'));
      // A reload (a phone that slept): the attempt and its answer come back from the server.
      await page.reload();
      await visible(dialog);
      await dialog.getByRole('button', { name: 'ทำต่อ' }).click();
      await expect.poll(() => quiz.getByRole('radio', { name: 'เฟซบุ๊ก' }).isChecked()).toBe(true);
      await quiz.getByLabel('คำตอบของคุณ').fill('  SEO ');
      await quiz.getByRole('button', { name: 'ส่งคำตอบ' }).click();
      await visible(result.getByText('ยินดีด้วย คุณผ่านแบบทดสอบนี้'));
      await visible(result.getByText('ได้ 2 จาก 2 คะแนน (100%)'));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'quiz-passed-390');
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'staff read the results: two attempts, half passed, each question’s success rate',
    async () => {
      await page?.context().close();
      page = await staffSignedIn(shop);
      page.setDefaultTimeout(60_000);
      await page.goto(`${shop.url}/admin/test`);
      const item = page.getByRole('listitem').filter({ hasText: TITLE });
      await item.getByRole('button', { name: 'ผลการทดสอบ' }).click();
      const results = page.getByRole('region', { name: 'ผลการทดสอบ' });
      await visible(results.getByText('ทำ 2 ครั้ง ส่งแล้ว 2 ครั้ง จากสมาชิก 1 คน ผ่าน 50%'));
      await visible(results.getByRole('row', { name: /ช่องทางใดเป็นสื่อออนไลน์ 2 50%/ }));
      await visible(results.getByRole('row', { name: /ตัวย่อของ Search Engine Optimization คือ 2 100%/ }));
      await shot(page, 'quiz-results-1280');
      expect(await seriousViolations(page, '#main-content')).toEqual([]);
    },
    JOURNEY,
  );
});
