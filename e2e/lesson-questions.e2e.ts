import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtp } from '../apps/server/test/smtp.js';
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

// Questions under a lesson: the demo member asks under a lesson of the course they bought (a refused empty question
// first), staff answer in the back office signed as the course's coach, and the member is told in the bell and by
// mail; the notice opens the course at that lesson, where the answer carries the coach's mark and the question's
// "0:08" moves the player there. Screenshots at 1280 and 390 px go to test-results/.

let shop: Awaited<ReturnType<typeof startShop>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let page: Page | undefined;

const LESSON = 'รู้จักลูกค้าของคุณ';
const COACH = 'อาจารย์สมชาย ใจดี';
const QUESTION = 'ช่วง 0:08 ยังไม่เข้าใจว่าควรเริ่มจาก <b>กลุ่มไหน</b> ครับ';
const ANSWER = 'เริ่มจากลูกค้าที่ซื้อซ้ำก่อนครับ ดูตัวอย่างที่ 0:08 อีกครั้ง';
const JOURNEY = 180_000;

const { call } = shopApi(() => shop.url);

beforeAll(async () => {
  smtp = await startSmtp();
  shop = await startShop({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await shop?.stop();
  await smtp?.close();
});
endEachJourney(() => page);

const questionsOf = (p: Page) => p.getByRole('region', { name: /^ถาม-ตอบในบทเรียนนี้/ });

describe('lesson questions', () => {
  test(
    'a buyer asks under a lesson, staff answer as the coach, the buyer is told and the time in the text moves the player',
    async () => {
      const token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;

      // The member asks under the second lesson.
      page = await shopPage(shop, 1280, 900, token);
      const problems = consoleProblems(page);
      await page.goto(`${shop.url}/product/${encodeURIComponent(BOUGHT)}`);
      const dialog = page.getByRole('dialog', { name: BOUGHT });
      await visible(dialog);
      // The dialog may still be the server's markup for a moment: the choice counts once the lesson is current.
      const lessonButton = dialog.getByRole('button', { name: new RegExp(LESSON) });
      await expect
        .poll(async () => {
          await lessonButton.click();
          return lessonButton.getAttribute('aria-current');
        })
        .toBe('true');
      const questions = questionsOf(page);
      await questions.scrollIntoViewIfNeeded();
      await visible(questions.getByText('ยังไม่มีคำถามในบทเรียนนี้ ถามเป็นคนแรกได้เลย'));
      const form = questions.getByRole('form', { name: 'คำถามของคุณ' });
      await form.getByRole('button', { name: 'ส่งคำถาม' }).click();
      await visible(form.getByText('กรุณาพิมพ์ข้อความ'));
      await form.getByRole('textbox', { name: 'คำถามของคุณ' }).fill(QUESTION);
      await form.getByRole('button', { name: 'ส่งคำถาม' }).click();
      await visible(questions.getByRole('listitem').filter({ hasText: QUESTION }));
      await visible(questions.getByText('(1 คำถาม)'));
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await page.screenshot({ path: 'test-results/lesson-questions-1280.png' });
      // The empty question's 400 is the refusal the form showed; nothing else may fail.
      expect(problems.filter(notFavicon).filter((p) => !p.includes('400 (Bad Request) (http://127.0.0.1'))).toEqual([]);

      // Staff find it among the unanswered and answer as the course's coach.
      await page.context().close();
      page = await staffSignedIn(shop);
      await page.getByRole('menuitem', { name: 'รีวิวและคำถาม', exact: true }).click();
      await page.getByRole('tab', { name: 'ถาม-ตอบในบทเรียน' }).click();
      await page.getByRole('checkbox', { name: 'เฉพาะคำถามที่ทีมงานยังไม่ได้ตอบ' }).check();
      const card = page.getByRole('listitem').filter({ hasText: QUESTION });
      await visible(card);
      await visible(card.getByText(`· บทเรียน: ${LESSON}`));
      await card.getByRole('button', { name: 'ตอบ', exact: true }).click();
      const answer = page.getByRole('dialog', { name: 'ตอบคำถาม' });
      await visible(answer);
      await answer.getByRole('combobox', { name: 'ตอบในนาม' }).click();
      await page.getByRole('option', { name: `โค้ช ${COACH}` }).click();
      await answer.getByRole('textbox', { name: 'คำตอบ' }).fill(ANSWER);
      await page.screenshot({ path: 'test-results/lesson-questions-admin-1280.png' });
      await answer.getByRole('button', { name: 'ส่งคำตอบ' }).click();
      await visible(page.getByText('ส่งคำตอบแล้ว ผู้ถามจะได้รับแจ้งเตือน'));
      // Answered now: it leaves the unanswered list.
      await expect.poll(() => card.count()).toBe(0);

      // The mail reaches the member.
      const mail = await smtp.nextMailTo(MEMBER.email, 60_000);
      expect(mail.subject).toBe(`มีคำตอบสำหรับคำถามของคุณ: ${LESSON}`);
      expect(mail.text).toContain(ANSWER);
      expect(mail.text).toContain(`โค้ช ${COACH}`);

      // On a phone the member opens the notice, which opens the course at the lesson, and the time moves the player.
      await page.context().close();
      page = await shopPage(shop, 390, 844, token);
      await page.goto(`${shop.url}/`);
      await page.getByRole('button', { name: /^การแจ้งเตือน/ }).click();
      await page.getByRole('menuitem', { name: new RegExp(`โค้ช ${COACH} ตอบคำถามของคุณ`) }).click();
      const phoneDialog = page.getByRole('dialog', { name: BOUGHT });
      await visible(phoneDialog);
      const phoneQuestions = questionsOf(page);
      const thread = phoneQuestions.getByRole('listitem').filter({ hasText: QUESTION }).first();
      await thread.scrollIntoViewIfNeeded();
      await visible(thread.getByText(ANSWER));
      await visible(thread.getByText('โค้ช', { exact: true }));
      await visible(thread.getByText(COACH, { exact: true }));
      await page.screenshot({ path: 'test-results/lesson-questions-390.png' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await thread.getByRole('button', { name: 'เล่นวิดีโอที่ 0:08' }).first().click();
      await expect
        .poll(
          () => page?.evaluate(() => document.querySelector<HTMLVideoElement>('[role="dialog"] video')?.currentTime),
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThanOrEqual(7.5);
      // The lesson on the player is the one the notice named.
      await visible(
        phoneDialog.getByRole('button', { name: new RegExp(LESSON) }).and(phoneDialog.locator('[aria-current="true"]')),
      );
    },
    JOURNEY,
  );
});
