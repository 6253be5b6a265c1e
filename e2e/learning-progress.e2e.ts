import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { endEachJourney, seriousViolations, staffSignedIn, visible } from './page-checks.js';

// Progress a learner can see (#24): the demo member, who bought the first course, has watched its second lesson to
// the end (statistics sent as the player sends them). The course dialog lists every lesson with its length and a
// tick for what is done; the member marks a lesson complete with the mouse on a desktop and by keyboard on a phone,
// and the percentage on My courses and My learning follows. The demo lessons are the shipped 12-second clip.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;
let token: string;
let courseId: number;

const SHOTS = process.env.PROGRESS_SHOTS;
// A preview, a public lesson and two private ones.
const LESSONS = ['แนะนำคอร์สและเป้าหมาย', 'รู้จักลูกค้าของคุณ', 'สร้างคอนเทนต์ที่ขายได้', 'วัดผลและปรับแคมเปญ'] as const;
const JOURNEY = 180_000;

const { call } = shopApi(() => shop.url);

async function open(path: string, width: number) {
  await page?.context().close();
  page = await shop.page(width, 900);
  page.setDefaultTimeout(60_000);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  // The lessons start by themselves; each is paused as it starts, so only the marks move the numbers here.
  await page.addInitScript(() =>
    document.addEventListener('playing', (e) => (e.target as HTMLVideoElement).pause(), true),
  );
  await page.goto(`${shop.url}${path}`);
  return page;
}

const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const dialog = () => page.getByRole('dialog', { name: BOUGHT });
const lessonRow = (lesson: string) => dialog().getByRole('listitem').filter({ hasText: lesson });
const markButton = () => dialog().getByRole('button', { name: 'เรียนจบบทนี้แล้ว' });
/** The percentage a page shows for the bought course (My courses' card, or My learning's entry). */
const percentOn = (scope: ReturnType<Page['locator']>) =>
  scope.locator('[data-progress]').first().getAttribute('data-progress');
// The card, not the receipt of its order listed above the cards.
const myCoursesCard = () =>
  page
    .locator('main li')
    .filter({ has: page.getByRole('link', { name: new RegExp(BOUGHT) }) })
    .last();
const learningEntry = () => page.locator('main li').filter({ hasText: BOUGHT });
const serverCourse = async () =>
  (await call<{ product_id: number; lessons: number; completed: number }[]>('videoStatisticsByUser', { token })).find(
    (c) => c.product_id === courseId,
  );

/** The curriculum as the dialog lists it: each lesson's length and whether it is ticked. */
async function curriculum() {
  return Promise.all(
    LESSONS.map(async (lesson) => {
      const row = lessonRow(lesson);
      return {
        lesson,
        length: await row.locator('[data-length]').textContent(),
        done: (await row.getAttribute('data-done')) !== null,
      };
    }),
  );
}

beforeAll(async () => {
  shop = await startShop();
  token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
  const products = await call<{ id: number; product_title: string }[]>('product');
  courseId = products.find((p) => p.product_title === BOUGHT)!.id;
  const view = await call<{ lessons: { video_id: number; video_name: string }[] }>(`courseView?id=${courseId}`, {
    token,
  });
  const second = view.lessons.find((l) => l.video_name === LESSONS[1])!;
  // Watched to the end, as the player reports it: Play, then Ended at 12 s.
  await call('videoStatistics', {
    token,
    body: {
      events: [
        { video_id: second.video_id, product_id: courseId, time_start: 0, time_end: 0, time_total: 12, event: 'Play' },
        {
          video_id: second.video_id,
          product_id: courseId,
          time_start: 0,
          time_end: 12,
          time_total: 12,
          event: 'Ended',
        },
      ],
    },
  });
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('progress a learner can see', () => {
  test(
    'on a desktop: the curriculum with lengths and ticks, a lesson marked with the mouse, 50% then 75%',
    async () => {
      // Started (so the preview counts) and the second lesson watched: 2 of 4.
      expect(await serverCourse()).toMatchObject({ lessons: 4, completed: 2 });
      await open('/courses/onlyOrder', 1280);
      await expect.poll(() => percentOn(myCoursesCard()), { timeout: 15_000 }).toBe('50');
      await visible(myCoursesCard().getByText('เรียนแล้ว 50%'));
      await shot('my-courses-1280');

      await myCoursesCard().getByRole('link').first().click();
      await visible(dialog());
      await expect.poll(curriculum, { timeout: 15_000 }).toEqual([
        { lesson: LESSONS[0], length: '0:12', done: true },
        { lesson: LESSONS[1], length: '0:12', done: true },
        { lesson: LESSONS[2], length: '0:12', done: false },
        { lesson: LESSONS[3], length: '0:12', done: false },
      ]);
      // A screen reader hears the length and the tick with the lesson.
      expect(await lessonRow(LESSONS[1]).textContent()).toContain('เรียนจบแล้ว');
      expect(await lessonRow(LESSONS[1]).textContent()).toContain('ความยาว');

      // The watched lesson says so; another lesson offers the mark.
      await lessonRow(LESSONS[3]).getByRole('button').click();
      await visible(markButton());
      expect(await markButton().getAttribute('aria-pressed')).toBe('false');
      await shot('course-dialog-before-mark-1280');
      await markButton().click();
      await expect.poll(() => markButton().getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
      await expect.poll(async () => (await curriculum())[3]!.done, { timeout: 15_000 }).toBe(true);
      await expect.poll(async () => (await serverCourse())?.completed, { timeout: 15_000 }).toBe(3);
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await shot('course-dialog-marked-1280');

      await dialog().getByRole('button', { name: 'ปิด' }).first().click();
      await expect.poll(() => percentOn(myCoursesCard()), { timeout: 15_000 }).toBe('75');

      await open('/learning', 1280);
      await expect.poll(() => percentOn(learningEntry()), { timeout: 15_000 }).toBe('75');
      await visible(learningEntry().getByText('เรียนจบ 3 จาก 4 บท', { exact: false }));
      await shot('my-learning-1280');
    },
    JOURNEY,
  );

  test(
    'on a phone: the mark by keyboard, 100%, then taken back to 75%',
    async () => {
      await open('/courses/onlyOrder', 390);
      await expect.poll(() => percentOn(myCoursesCard()), { timeout: 15_000 }).toBe('75');
      await myCoursesCard().getByRole('link').first().click();
      await visible(dialog());
      await lessonRow(LESSONS[2]).getByRole('button').click();
      await visible(markButton());
      await shot('course-dialog-390');

      // The server out of reach: the member is told the mark was not saved, and the lesson stays as it was.
      await page.route('**/api/lessonComplete', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"result":false,"message":"x"}' }),
      );
      await markButton().click();
      await visible(dialog().getByRole('status').filter({ hasText: 'บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' }));
      await expect.poll(() => markButton().getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
      expect((await serverCourse())?.completed).toBe(3);
      await page.unroute('**/api/lessonComplete');

      // Reached with Tab from the lesson's own player, and pressed with Space.
      await dialog()
        .getByRole('region', { name: `เครื่องเล่นวิดีโอ: ${LESSONS[2]}` })
        .focus();
      const focusedIsMark = () =>
        page.evaluate(() => document.activeElement?.textContent?.includes('เรียนจบบทนี้แล้ว') ?? false);
      for (let i = 0; i < 30 && !(await focusedIsMark()); i++) await page.keyboard.press('Tab');
      expect(await focusedIsMark()).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => markButton().getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
      await expect.poll(async () => (await serverCourse())?.completed, { timeout: 15_000 }).toBe(4);
      await expect.poll(async () => (await curriculum()).every((l) => l.done), { timeout: 15_000 }).toBe(true);
      await shot('course-dialog-all-done-390');

      await dialog().getByRole('button', { name: 'ปิด' }).first().click();
      await expect.poll(() => percentOn(myCoursesCard()), { timeout: 15_000 }).toBe('100');
      await shot('my-courses-390');

      // Taken back: the lesson is no longer ticked, and the course is at 75% again.
      await myCoursesCard().getByRole('link').first().click();
      await visible(dialog());
      await lessonRow(LESSONS[2]).getByRole('button').click();
      await expect.poll(() => markButton().getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
      await markButton().click();
      await expect.poll(() => markButton().getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
      await expect.poll(async () => (await curriculum())[2]!.done, { timeout: 15_000 }).toBe(false);

      await open('/learning', 390);
      await expect.poll(() => percentOn(learningEntry()), { timeout: 15_000 }).toBe('75');
      await shot('my-learning-390');
    },
    JOURNEY,
  );

  test(
    'the back office’s courses and speaker addresses open the course and coach screens',
    async () => {
      page = await staffSignedIn(shop);
      await page.goto(`${shop.url}/admin/courses`);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/product');
      await page.goto(`${shop.url}/admin/speaker`);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/coach');
    },
    JOURNEY,
  );
});
