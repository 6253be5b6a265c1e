import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import {
  consoleProblems,
  endEachJourney,
  hidden,
  notFavicon,
  seriousViolations,
  shopPage,
  staffSignedIn,
  visible,
} from './page-checks.js';

// Tests that hold the course back (issue #24): staff build, in the back office, a test after the second lesson that
// the rest of the course waits for (pass to continue) and a final test the certificate waits for. The demo member
// finds the third lesson locked, opens the test's own page from the player on a phone, fails, retakes and passes,
// and the lesson opens; then, having watched every lesson, fails the final test in the course dialog, retakes,
// passes, and the certificate job issues the certificate. `QUIZ_SHOTS=<dir>` keeps screenshots.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;

const GATE = 'แบบทดสอบหลังบทรู้จักลูกค้า';
const FINAL = 'แบบทดสอบปิดคอร์สการตลาด';
const HELD = 'สร้างคอนเทนต์ที่ขายได้';
const JOURNEY = 180_000;
const SHOTS = process.env.QUIZ_SHOTS;

const { call, envelope } = shopApi(() => shop.url);

interface CourseView {
  product: { id: number };
  certificate: string | null;
  lessons: { video_id: number; video_name: string; status: string; locked_by_quiz: { id: number } | null }[];
}

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

/** A page's whole length, or what the screen shows (a dialog over the page). */
async function shot(at: Page, name: string, fullPage = true) {
  if (SHOTS) await at.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** A test of one single-choice question: which channel is online (เฟซบุ๊ก, not ใบปลิว). */
async function buildTest(at: Page, title: string, when: string, flags: string[]) {
  await at.getByRole('button', { name: 'สร้างแบบทดสอบ' }).click();
  const form = at.getByRole('form', { name: 'แก้ไขแบบทดสอบ' });
  await form.getByLabel('ชื่อแบบทดสอบ').fill(title);
  await form.getByLabel('ทำเมื่อใด').click();
  await at.getByRole('option', { name: when }).click();
  await form.getByLabel('เกณฑ์ผ่าน (ร้อยละ)').fill('100');
  await form.getByLabel('ทำได้กี่ครั้ง').fill('3');
  for (const flag of ['เผยแพร่ให้ผู้ซื้อ', ...flags]) await form.getByLabel(flag).check();
  const question = form.getByRole('group', { name: 'คำถามที่ 1' });
  await question.getByRole('textbox', { name: /^คำถาม/ }).fill('ช่องทางใดเป็นสื่อออนไลน์');
  await question.getByLabel('ตัวเลือกที่ 1', { exact: true }).fill('ใบปลิว');
  await question.getByLabel('ตัวเลือกที่ 2', { exact: true }).fill('เฟซบุ๊ก');
  await question.getByLabel('ตัวเลือกที่ 2 เป็นคำตอบที่ถูก').check();
  return form;
}

/** Takes a test (one question) in `at` and submits it: the wrong choice fails it, the right one passes it. */
async function takeTest(at: Locator, title: string, right: boolean) {
  const quiz = at.getByRole('form', { name: title });
  await visible(quiz);
  await quiz.getByRole('radio', { name: right ? 'เฟซบุ๊ก' : 'ใบปลิว' }).check();
  await visible(quiz.getByText('ตอบแล้ว 1 จาก 1 ข้อ · บันทึกคำตอบแล้ว'));
  await quiz.getByRole('button', { name: 'ส่งคำตอบ' }).click();
  const result = at.getByRole('region', { name: 'ผลการทดสอบ' });
  await visible(result.getByText(right ? 'ยินดีด้วย คุณผ่านแบบทดสอบนี้' : 'ยังไม่ผ่านเกณฑ์'));
  return result;
}

describe('tests the course waits for', () => {
  let token: string;
  let course: CourseView;

  test(
    'staff build a pass-to-continue test after the second lesson and a final test required for the certificate',
    async () => {
      page = await staffSignedIn(shop);
      page.setDefaultTimeout(60_000);
      const problems = consoleProblems(page);
      await page.goto(`${shop.url}/admin/test`);
      await visible(page.getByRole('heading', { name: 'แบบทดสอบ', level: 1 }));
      await page.getByLabel('คอร์ส').click();
      await page.getByRole('option', { name: BOUGHT }).click();

      const gate = await buildTest(page, GATE, 'หลังบทที่ 2: รู้จักลูกค้าของคุณ', ['ต้องผ่านแบบทดสอบนี้จึงจะเรียนบทถัดไปได้']);
      await shot(page, 'gate-editor-1280');
      await gate.getByRole('button', { name: 'บันทึก' }).click();
      const list = page.getByRole('list', { name: 'รายการแบบทดสอบ' });
      await visible(list.getByText(GATE));

      const final = await buildTest(page, FINAL, 'แบบทดสอบท้ายคอร์ส', ['ต้องผ่านแบบทดสอบนี้จึงได้ใบประกาศนียบัตร']);
      // Only a test after a lesson may lock the lessons that follow.
      await hidden(final.getByLabel('ต้องผ่านแบบทดสอบนี้จึงจะเรียนบทถัดไปได้'));
      await final.getByRole('button', { name: 'บันทึก' }).click();
      await visible(list.getByText(FINAL));
      expect(await seriousViolations(page, '#main-content')).toEqual([]);
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'on a phone the member finds the next lesson locked, takes the test on its page, fails, retakes, passes, and the lesson opens',
    async () => {
      token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
      const [product] = await call<{ id: number }[]>(`product?product_title=${encodeURIComponent(BOUGHT)}`);
      course = await call<CourseView>(`courseView?id=${product!.id}`, { token });
      const held = course.lessons.find((l) => l.video_name === HELD)!;
      const playback = `playback?productId=${course.product.id}&videoId=${held.video_id}`;
      const refused = await envelope<null>(playback, { token }, 403);
      expect((refused as unknown as { message: string }).message).toBe('บทเรียนนี้ยังล็อกอยู่ ผ่านแบบทดสอบก่อนหน้าเพื่อเรียนต่อ');

      await page?.context().close();
      page = await shopPage(shop, 390, 844, token);
      const problems = consoleProblems(page);
      await page.goto(`${shop.url}/product/${encodeURIComponent(BOUGHT)}`);
      const dialog = page.getByRole('dialog', { name: BOUGHT });
      await visible(dialog);
      const note = `ผ่านแบบทดสอบ “${GATE}” เพื่อเรียนต่อ`;
      const lesson = dialog.getByRole('listitem').filter({ hasText: HELD });
      await visible(lesson.getByText(note));
      await lesson.getByRole('button').click();
      await visible(dialog.getByText(note).first());
      await hidden(dialog.getByRole('button', { name: 'เรียนจบบทนี้แล้ว' }));
      await shot(page, 'lesson-locked-390', false);
      await dialog.getByRole('link', { name: 'ไปทำแบบทดสอบ' }).click();

      await page.waitForURL(/\/course\/\d+\/test\/\d+$/);
      const main = page.locator('main');
      await visible(main.getByRole('heading', { name: GATE, level: 1 }));
      expect(await page.title()).toBe(`${GATE} | สิกขา`);
      await main.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
      await visible(main.getByRole('form', { name: GATE }));
      await shot(page, 'test-page-taking-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const failed = await takeTest(main, GATE, false);
      await shot(page, 'test-page-failed-390');
      await failed.getByRole('button', { name: 'กลับไปที่รายการแบบทดสอบ' }).click();
      await envelope(playback, { token }, 403);

      await main.getByRole('button', { name: 'ทำอีกครั้ง' }).click();
      await takeTest(main, GATE, true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'test-page-passed-390');
      await envelope(playback, { token });

      await main.getByRole('link', { name: 'กลับไปที่คอร์สเรียน' }).click();
      await visible(dialog);
      await hidden(dialog.getByText(note));
      await dialog.getByRole('listitem').filter({ hasText: HELD }).getByRole('button').click();
      await hidden(dialog.getByRole('link', { name: 'ไปทำแบบทดสอบ' }));
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'the member who watched every lesson fails the final test, retakes, passes, and the certificate comes',
    async () => {
      const events = course.lessons
        .filter((l) => l.status !== 'preview')
        // The demo clip is 12 seconds long: played from start to end.
        .map((l) => ({
          product_id: course.product.id,
          video_id: l.video_id,
          time_start: 0,
          time_end: 12,
          time_total: 12,
          event: 'Ended',
        }));
      await call('videoStatistics', { token, body: { events } });

      await page?.context().close();
      page = await shopPage(shop, 1280, 800, token);
      const problems = consoleProblems(page);
      await page.goto(`${shop.url}/product/${encodeURIComponent(BOUGHT)}`);
      const dialog = page.getByRole('dialog', { name: BOUGHT });
      await visible(dialog);
      const card = dialog.getByRole('listitem').filter({ hasText: FINAL });
      await visible(card.getByText('ต้องผ่านเพื่อรับใบประกาศนียบัตร'));
      // Every lesson played is not enough: the job waits for the final test.
      expect((await call<CourseView>(`courseView?id=${course.product.id}`, { token })).certificate).toBeNull();

      await card.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
      const failed = await takeTest(dialog, FINAL, false);
      await failed.getByRole('button', { name: 'กลับไปที่รายการแบบทดสอบ' }).click();
      await dialog.getByRole('listitem').filter({ hasText: FINAL }).getByRole('button', { name: 'ทำอีกครั้ง' }).click();
      await takeTest(dialog, FINAL, true);
      await shot(page, 'final-passed-1280', false);

      await expect
        .poll(async () => (await call<CourseView>(`courseView?id=${course.product.id}`, { token })).certificate, {
          timeout: 20_000,
        })
        .toMatch(/\.pdf$/);
      await page.reload();
      const download = dialog.getByRole('button', { name: 'ดาวน์โหลดใบประกาศนียบัตร' });
      await visible(download);
      await download.scrollIntoViewIfNeeded();
      await shot(page, 'certificate-ready-1280', false);
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'the test page on a desktop: the buyer’s, and a visitor is asked to sign in',
    async () => {
      const gate = (
        await call<{ id: number; quiz_title: string }[]>(`quizByCourse?product_id=${course.product.id}`, { token })
      ).find((q) => q.quiz_title === GATE)!;
      const path = `${shop.url}/course/${course.product.id}/test/${gate.id}`;
      await page?.context().close();
      page = await shopPage(shop, 1280, 800);
      const problems = consoleProblems(page);
      await page.goto(path);
      const main = page.locator('main');
      await visible(main.getByText('กรุณาเข้าสู่ระบบด้วยบัญชีที่ซื้อคอร์สนี้เพื่อทำแบบทดสอบ'));
      await visible(main.getByRole('link', { name: 'กลับไปที่คอร์สเรียน' }));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'test-page-visitor-1280');

      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.goto(path);
      await visible(main.getByRole('heading', { name: GATE, level: 1 }));
      await visible(main.getByText('ผ่านแล้ว'));
      await visible(main.getByText(BOUGHT));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'test-page-buyer-1280');
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );
});
