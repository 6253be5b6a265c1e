import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, hidden, notFavicon, seriousViolations, visible } from './page-checks.js';

// The course dialog's player: a visitor watches the preview and meets a lock; the demo member, who bought the first
// course, plays a private lesson, changes the speed, closes and comes back where they stopped (the statistics the
// player sent), and at a lesson's end the next one plays; the advert staff switch on shows over the picture.
// The demo lessons play the shipped 12-second H.264/AAC clip, packaged and encrypted at the shop's first start.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

const BOUGHT_LESSONS = ['แนะนำคอร์สและเป้าหมาย', 'รู้จักลูกค้าของคุณ', 'สร้างคอนเทนต์ที่ขายได้', 'วัดผลและปรับแคมเปญ'];
const ON_SALE = 'ภาษาอังกฤษเพื่อการทำงาน';
const ON_SALE_PREVIEW = 'ทักทายและแนะนำตัว';
const ON_SALE_PRIVATE = 'ประชุมออนไลน์';

interface ProductRow {
  id: number;
  product_title: string;
}
interface LessonProgress {
  video_id: number;
  video_name: string;
  resumeAt: number;
  lastEvent: string;
}

const { call } = shopApi(() => shop.url);

const login = async () => (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;

/** A fresh browser context for the next visit; the last one is closed, so its video stops playing. */
async function newPage(width = 1280) {
  await page?.context().close();
  page = await shop.page(width, 800);
  // Video pages on a machine others share: a click or a load may wait longer than Playwright's 30 s.
  page.setDefaultTimeout(60_000);
  return page;
}

async function openHome(options: { token?: string; width?: number } = {}) {
  await newPage(options.width);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  if (options.token) await page.addInitScript((token) => localStorage.setItem('token', token), options.token);
  await page.goto(`${shop.url}/`);
  // Until the page's script has taken over, a card is a plain link that opens the course as a new page, where the
  // browser may refuse to start a lesson by itself: these journeys are about the player, so they wait for it.
  await page.waitForLoadState('networkidle');
  return page;
}

const courseDialog = (title: string) => page.getByRole('dialog', { name: title });
const playerOf = (title: string, lesson: string) =>
  courseDialog(title).getByRole('region', { name: `เครื่องเล่นวิดีโอ: ${lesson}` });

/** Opens a course from its card: a click, as a person does, so the browser lets the lesson start by itself. */
async function openCourse(title: string) {
  await page
    .locator('main')
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await visible(courseDialog(title));
}

/** The dialog's video element as the browser sees it. */
const media = () =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
    return video
      ? { time: video.currentTime, rate: video.playbackRate, paused: video.paused, ended: video.ended }
      : null;
  });
const mediaTime = async () => (await media())?.time ?? -1;
const lessonButton = (title: string, lesson: string) =>
  courseDialog(title).getByRole('button', { name: new RegExp(`^${lesson}`) });

/** A journey's time limit: a whole visit in a real browser, on a machine that may be busy. */
const JOURNEY = 150_000;

let products: ProductRow[];
const idOf = (title: string) => products.find((p) => p.product_title === title)!.id;

beforeAll(async () => {
  shop = await startShop();
  products = await call<ProductRow[]>('product');
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('a visitor', () => {
  test(
    'the preview plays by itself when the course opens; nothing is recorded for a visitor',
    async () => {
      await openHome();
      const problems = consoleProblems(page);
      const statistics: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/videoStatistics')) statistics.push(r.url());
      });
      await openCourse(ON_SALE);
      await visible(playerOf(ON_SALE, ON_SALE_PREVIEW));
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(1.5);
      expect((await media())?.paused).toBe(false);
      // hls.js played it (the lessons are encrypted HLS, hls.js loaded with the player).
      expect(await page.evaluate(() => document.querySelector('[role="dialog"] video')?.getAttribute('src'))).toMatch(
        /^blob:/,
      );

      // The keys: k pauses, space plays, the arrows move 5 s.
      await playerOf(ON_SALE, ON_SALE_PREVIEW).focus();
      await page.keyboard.press('k');
      await expect.poll(async () => (await media())?.paused, { timeout: 10_000 }).toBe(true);
      const at = await mediaTime();
      await page.keyboard.press('ArrowRight');
      await expect.poll(mediaTime, { timeout: 10_000 }).toBeGreaterThan(at + 4);
      await page.keyboard.press(' ');
      await expect.poll(async () => (await media())?.paused, { timeout: 10_000 }).toBe(false);
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

      // Closing the dialog pauses the player.
      await courseDialog(ON_SALE).getByRole('button', { name: 'ปิด' }).first().click();
      await hidden(courseDialog(ON_SALE));
      expect(statistics).toEqual([]);
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'a course opened from a shared link waits for the play button: no player library and no media until then',
    async () => {
      await newPage(390);
      await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
      const media: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/playback|\/api\/hls\/|\/assets\/hls-/.test(r.url())) media.push(r.url());
      });
      // Straight to the address, as from a chat message: no click on this page, and no page of the shop before it.
      await page.goto(`${shop.url}/product/${encodeURIComponent(ON_SALE)}`);
      // Nothing may look into the page before the player is there: Playwright runs its page scripts as if the
      // person had clicked, which would count as the tap the player waits for.
      await page.waitForLoadState('networkidle');
      expect(media).toEqual([]);
      const play = playerOf(ON_SALE, ON_SALE_PREVIEW).getByRole('button', { name: 'เล่น' });
      await visible(play);
      expect(await mediaTime()).toBe(0);
      await play.click();
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
      expect(media.some((url) => url.includes('/api/playback'))).toBe(true);
    },
    JOURNEY,
  );

  test(
    'a locked lesson cannot be started: its lock shows and its media is never asked for',
    async () => {
      await openHome({ width: 390 });
      const playback: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/playback') || r.url().includes('/api/hls/')) playback.push(r.url());
      });
      await openCourse(ON_SALE);
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
      const asked = playback.length;
      await lessonButton(ON_SALE, ON_SALE_PRIVATE).click();
      await visible(courseDialog(ON_SALE).getByText('บทเรียนนี้สำหรับผู้ซื้อคอร์สเท่านั้น'));
      expect(await media()).toBeNull();
      expect(await courseDialog(ON_SALE).getByRole('button', { name: 'เล่น' }).count()).toBe(0);
      expect(playback.slice(asked)).toEqual([]);
      // And the server refuses it too.
      const res = await fetch(
        `${shop.url}/api/playback?productId=${idOf(ON_SALE)}&videoId=${await privateVideoId(ON_SALE, ON_SALE_PRIVATE)}`,
      );
      expect(res.status).toBe(403);
    },
    JOURNEY,
  );
});

async function privateVideoId(course: string, lesson: string) {
  const view = await call<{ lessons: { video_id: number; video_name: string }[] }>(`courseView?id=${idOf(course)}`);
  return view.lessons.find((l) => l.video_name === lesson)!.video_id;
}

describe('a buyer', () => {
  let token: string;
  beforeAll(async () => {
    token = await login();
  });

  test(
    'plays a private lesson, changes the speed, closes and comes back where they stopped',
    async () => {
      await openHome({ token });
      const problems = consoleProblems(page);
      await openCourse(BOUGHT);
      // The speed menu offers the spec's rates. Half speed, chosen on the lesson the dialog opened with, carries
      // over to the next one: the 12-second clip then leaves time to close before its last 5 s (where resuming
      // starts over), however busy the machine.
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(0);
      await courseDialog(BOUGHT)
        .getByRole('button', { name: /ความเร็วในการเล่น/ })
        .click();
      const menu = page.getByRole('menu', { name: 'ความเร็วในการเล่น' });
      await visible(menu);
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['0.5x', '1x', '1.25x', '1.5x', '2x']);
      await menu.getByRole('menuitem', { name: '0.5x' }).click();
      await expect.poll(async () => (await media())?.rate, { timeout: 10_000 }).toBe(0.5);

      const lesson = BOUGHT_LESSONS[2]!;
      await lessonButton(BOUGHT, lesson).click();
      await visible(playerOf(BOUGHT, lesson));
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(2);
      expect((await media())?.rate).toBe(0.5);

      // Closing pauses; the pause goes to the server at once.
      const sent = page.waitForResponse(
        (r) => r.url().endsWith('/api/videoStatistics') && r.request().method() === 'POST',
      );
      await courseDialog(BOUGHT).getByRole('button', { name: 'ปิด' }).first().click();
      await hidden(courseDialog(BOUGHT));
      expect((await sent).status()).toBe(200);
      const progress = await call<LessonProgress[]>(`videoStatisticsDetailByUser?product_id=${idOf(BOUGHT)}`, {
        token,
      });
      const row = progress.find((p) => p.video_name === lesson)!;
      expect(row.lastEvent).toBe('Pause');
      expect(row.resumeAt).toBeGreaterThan(2);
      expect(row.resumeAt).toBeLessThan(7);

      // Back in the same page: the lesson starts where it stopped.
      await openCourse(BOUGHT);
      await visible(playerOf(BOUGHT, lesson));
      await visible(courseDialog(BOUGHT).getByText(/เล่นต่อจากที่ดูค้างไว้/));
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThanOrEqual(row.resumeAt);
      await page.close();

      // Another visit (a new browser context): the course opens at the last lesson and its position.
      await openHome({ token });
      await openCourse(BOUGHT);
      await visible(playerOf(BOUGHT, lesson));
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThanOrEqual(row.resumeAt);
      expect(await lessonButton(BOUGHT, lesson).getAttribute('aria-current')).toBe('true');
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'at the end of a lesson of a bought course the next one plays, and after the last the first',
    async () => {
      await openHome({ token });
      await openCourse(BOUGHT);
      const last = BOUGHT_LESSONS[3]!;
      await lessonButton(BOUGHT, last).click();
      await visible(playerOf(BOUGHT, last));
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
      // To the last seconds with the keys.
      await playerOf(BOUGHT, last).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await visible(playerOf(BOUGHT, BOUGHT_LESSONS[0]!), 20_000);
      expect(await lessonButton(BOUGHT, BOUGHT_LESSONS[0]!).getAttribute('aria-current')).toBe('true');
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(0.5);

      // The end was recorded: that lesson starts from the beginning next time.
      await expect
        .poll(
          async () =>
            (await call<LessonProgress[]>(`videoStatisticsDetailByUser?product_id=${idOf(BOUGHT)}`, { token })).find(
              (p) => p.video_name === last,
            )?.lastEvent,
          { timeout: 10_000 },
        )
        .toBe('Ended');
    },
    JOURNEY,
  );
});

describe('study groups', () => {
  test(
    'a buyer generates a code for one group (loading, then the code, once), copies it and finds the group link',
    async () => {
      const token = await login();
      const view = await call<{ groups: { id: number; type: string; code: string | null }[] }>(
        `courseView?id=${idOf(BOUGHT)}`,
        { token },
      );
      const facebook = view.groups.find((g) => g.type === 'facebook')!;
      expect(facebook.code).toBeNull();

      await openHome({ token });
      const problems = consoleProblems(page);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
      await openCourse(BOUGHT);
      const group = courseDialog(BOUGHT).getByRole('region', { name: 'กลุ่ม Facebook', exact: true });
      const line = courseDialog(BOUGHT).getByRole('region', { name: 'กลุ่ม LINE', exact: true });
      await group.scrollIntoViewIfNeeded();
      expect(await group.getByLabel('รหัสเข้ากลุ่ม กลุ่ม Facebook').inputValue()).toBe('');
      expect(await group.getByRole('button', { name: 'คัดลอกรหัส' }).isDisabled()).toBe(true);
      expect(await group.getByRole('link', { name: 'ไปที่กลุ่ม' }).getAttribute('href')).toBe(
        `https://www.facebook.com/groups/sikkha-course-${idOf(BOUGHT)}`,
      );

      // The request is held a moment so the loading state can be seen; the server answers it as sent.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/userProductGroupGennarate', async (route) => {
        await held;
        await route.continue();
      });
      await group.getByRole('button', { name: 'สร้างรหัส', exact: true }).click();
      const busy = group.getByRole('button', { name: 'กำลังสร้างรหัส…' });
      await visible(busy);
      expect(await busy.isDisabled()).toBe(true);
      release();

      const codeBox = group.getByLabel('รหัสเข้ากลุ่ม กลุ่ม Facebook');
      await expect
        .poll(() => codeBox.inputValue(), { timeout: 20_000 })
        .toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      const code = await codeBox.inputValue();
      await visible(group.getByText(/^สร้างรหัสแล้ว/));
      await hidden(group.getByRole('button', { name: /สร้างรหัส|กำลังสร้างรหัส/ }));
      // The other group has no code yet: its button stays.
      await visible(line.getByRole('button', { name: 'สร้างรหัส', exact: true }));

      await group.getByRole('button', { name: 'คัดลอกรหัส' }).click();
      await visible(group.getByText('คัดลอกรหัสแล้ว'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

      // One code per member and group: asking again (another tab, a double click) answers the same code, and the
      // member was told it in a notification.
      const again = await call<{ user_product_group_code: string }>('userProductGroupGennarate', {
        token,
        body: { id: facebook.id },
      });
      expect(again.user_product_group_code).toBe(code);
      const member = await call<{ id: number }>('loginPing', { token });
      const notes = await call<{ notification_message: string }[]>(`notificationFindByUserId?user_id=${member.id}`, {
        token,
      });
      expect(notes.filter((n) => n.notification_message.includes(code))).toHaveLength(1);

      // Opened again, the code is there and the button is not.
      await courseDialog(BOUGHT).getByRole('button', { name: 'ปิด' }).first().click();
      await hidden(courseDialog(BOUGHT));
      await openCourse(BOUGHT);
      await group.scrollIntoViewIfNeeded();
      await expect.poll(() => codeBox.inputValue(), { timeout: 20_000 }).toBe(code);
      expect(await group.getByRole('button', { name: 'สร้างรหัส', exact: true }).count()).toBe(0);
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );
});

describe('my learning', () => {
  test(
    'the member’s page, from the user menu, shows the time watched, the month’s chart and where to resume',
    async () => {
      const token = await login();
      const today = await call<{ seconds: number }>('dayTotalSecond', { token });
      // The buyer's journey above played lessons today.
      expect(today.seconds).toBeGreaterThan(0);
      const [course] = await call<{ product_id: number; completed: number; lessons: number; last: LessonProgress }[]>(
        'videoStatisticsByUser',
        { token },
      );
      expect(course!.product_id).toBe(idOf(BOUGHT));

      await openHome({ token, width: 390 });
      const problems = consoleProblems(page);
      await page.getByRole('button', { name: /^เมนูบัญชีของ/ }).click();
      await page.getByRole('menuitem', { name: 'การเรียนของฉัน' }).click();
      await page.waitForURL(`${shop.url}/learning`);
      const main = page.locator('main');
      await visible(main.getByRole('heading', { name: 'การเรียนของฉัน', level: 1 }));
      expect(await page.title()).toBe('การเรียนของฉัน | สิกขา');

      const spoken = (seconds: number) => {
        const whole = Math.round(seconds);
        return whole < 60 ? `${whole} วินาที` : `${Math.floor(whole / 60)} นาที`;
      };
      await expect
        .poll(() => main.locator('[data-period="day"]').textContent(), { timeout: 20_000 })
        .toBe(spoken(today.seconds));
      // Each total is its own request: the month's may come after the day's.
      await expect
        .poll(() => main.locator('[data-period="month"]').textContent(), { timeout: 20_000 })
        .toBe(spoken(today.seconds));
      await visible(main.getByRole('img', { name: new RegExp(`^รวม ${spoken(today.seconds)} ใน`) }));
      const entry = main.getByRole('listitem').filter({ hasText: BOUGHT });
      await visible(entry.getByText(`เรียนจบ ${course!.completed} จาก ${course!.lessons} บท`));
      await visible(entry.getByText(new RegExp(`^ล่าสุด: ${course!.last.video_name}`)));
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Resume: the course opens over the page at that lesson, and it plays.
      await entry.getByRole('link', { name: `เรียนต่อ ${BOUGHT}` }).click();
      await visible(playerOf(BOUGHT, course!.last.video_name));
      expect(await lessonButton(BOUGHT, course!.last.video_name).getAttribute('aria-current')).toBe('true');
      await expect.poll(mediaTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
      await courseDialog(BOUGHT).getByRole('button', { name: 'ปิด' }).first().click();
      await hidden(courseDialog(BOUGHT));
      expect(new URL(page.url()).pathname).toBe('/learning');
      expect(problems.filter(notFavicon)).toEqual([]);
    },
    JOURNEY,
  );

  test(
    'a visitor is asked to log in',
    async () => {
      await newPage();
      await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
      await page.goto(`${shop.url}/learning`);
      await visible(page.locator('main').getByText('เข้าสู่ระบบเพื่อดูสถิติการเรียนของคุณ'));
      await page.locator('main').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
      await visible(page.getByRole('dialog', { name: /เข้าสู่ระบบ/ }));
    },
    JOURNEY,
  );
});

describe('the advert', () => {
  test(
    'staff set the advert in the back office; it shows 5 s after play starts, links out, and goes after 5 s',
    async () => {
      const staff = await call<{ token: string }>('loginPersonnel', { body: shop.staff });
      await newPage();
      const problems = consoleProblems(page);
      await page.addInitScript((t) => localStorage.setItem('adminToken', t), staff.token);
      await page.goto(`${shop.url}/admin/advert`);
      await page.getByRole('button', { name: 'เพิ่มใหม่' }).click();
      const form = page.getByRole('dialog');
      await visible(form.getByText(/แสดงบนวิดีโอ 5 วินาทีหลังเริ่มเล่น/));
      await form
        .locator('input[type="file"]')
        .setInputFiles(fileURLToPath(new URL('../apps/server/src/demo/assets/images/news-3.jpg', import.meta.url)));
      await visible(form.getByRole('img', { name: 'รูปโฆษณา' }));
      await form.getByLabel('ลิงก์').fill('https://example.com/promo');
      await form.getByRole('button', { name: 'บันทึก' }).click();
      await hidden(form);
      await visible(page.getByRole('cell', { name: 'https://example.com/promo' }));
      const [saved] = await call<{ advert_img: string; advert_show: string }[]>('advert');
      expect(saved).toMatchObject({ advert_show: 'Y' });
      expect(problems.filter(notFavicon)).toEqual([]);

      await openHome();
      // Where the video stood when the advert came and went, noted by the page itself (a poll from here could
      // come late on a busy machine).
      await page.evaluate(() => {
        const seen: { shownAt?: number; hiddenAt?: number } = {};
        Object.assign(window, { advertSeen: seen });
        new MutationObserver(() => {
          const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
          const up = document.querySelector('[role="dialog"] [role="complementary"]') !== null;
          if (!video) return;
          if (up && seen.shownAt === undefined) seen.shownAt = video.currentTime;
          if (!up && seen.shownAt !== undefined && seen.hiddenAt === undefined) seen.hiddenAt = video.currentTime;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const seen = () =>
        page.evaluate(() => (window as unknown as { advertSeen: { shownAt?: number; hiddenAt?: number } }).advertSeen);
      await openCourse(ON_SALE);
      const advert = courseDialog(ON_SALE).getByRole('complementary', { name: 'โฆษณา' });
      await visible(advert, 45_000);
      expect(await advert.getByRole('link').getAttribute('href')).toBe('https://example.com/promo');
      await expect.poll(async () => (await seen()).hiddenAt, { timeout: 15_000 }).toBeDefined();
      // At 1x the video's clock is the playing time: up at 5 s, down 5 s later (the overlay's clock ticks 4 a second).
      const { shownAt, hiddenAt } = await seen();
      expect(shownAt).toBeGreaterThan(4.5);
      expect(shownAt).toBeLessThan(6.5);
      expect(hiddenAt! - shownAt!).toBeGreaterThan(4.5);
      expect(hiddenAt! - shownAt!).toBeLessThan(6.5);
    },
    JOURNEY,
  );
});
