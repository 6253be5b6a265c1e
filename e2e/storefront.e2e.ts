import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { downloadedBytes, endEachJourney, hidden, seriousViolations, visible } from './page-checks.js';

// The storefront's catalogue: home, course lists, search, the course dialog in each state, My courses,
// notifications and the hash messages, as a visitor and as the demo member.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;

const PENDING = 'ลงทุนหุ้นไทยสำหรับมือใหม่';
const ON_SALE = 'ภาษาอังกฤษเพื่อการทำงาน';
const NOT_YET = 'ถ่ายภาพด้วยมือถือให้ปัง';
const HIDDEN = 'ทำอาหารไทยแบบมืออาชีพ';

interface ProductRow {
  id: number;
  product_title: string;
  product_category_list: number[] | null;
}
interface CategoryRow {
  id: number;
  category_name: string;
}
interface NotificationRow {
  id: number;
  notification_status: string;
  notification_message: string;
  notification_to: string;
}

const { call } = shopApi(() => shop.url);

/** A page with the cookie question answered; with a token, signed in as the demo member from the first request. */
async function openPage(path: string, options: { token?: string; width?: number; height?: number } = {}) {
  page = await shop.page(options.width ?? 1280, options.height ?? 800);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  if (options.token) await page.addInitScript((token) => localStorage.setItem('token', token), options.token);
  await page.goto(`${shop.url}${path}`);
  return page;
}

const pathOf = () => decodeURIComponent(new URL(page.url()).pathname);
const courseDialog = (title: string) => page.getByRole('dialog', { name: title });

let products: ProductRow[];
let token: string;
const idOf = (title: string) => products.find((p) => p.product_title === title)?.id as number;

beforeAll(async () => {
  shop = await startShop();
  products = await call<ProductRow[]>('product');
  token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('browsing', () => {
  test('the home page lists the courses on show; a card opens the course dialog over it, and closing returns', async () => {
    await openPage('/');
    // A CSS locator: while a dialog is open the rest of the page is aria-hidden, and role queries skip it.
    const main = page.locator('main');
    await visible(main.getByRole('heading', { name: ON_SALE }));
    expect(await main.getByText(HIDDEN).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('link', { name: new RegExp(ON_SALE) }).click();
    await visible(courseDialog(ON_SALE));
    expect(pathOf()).toBe(`/product/${ON_SALE}`);
    // The home page stays behind the dialog.
    expect(await main.getByRole('heading', { name: ON_SALE, includeHidden: true }).count()).toBe(1);
    await expect.poll(() => page.title()).toContain(ON_SALE);

    await courseDialog(ON_SALE).getByRole('button', { name: 'ปิด' }).first().click();
    await hidden(courseDialog(ON_SALE));
    expect(pathOf()).toBe('/');

    // Escape closes it too, and so does a click outside it.
    await main.getByRole('link', { name: new RegExp(ON_SALE) }).click();
    await visible(courseDialog(ON_SALE));
    await page.keyboard.press('Escape');
    await hidden(courseDialog(ON_SALE));
    expect(pathOf()).toBe('/');
    await main.getByRole('link', { name: new RegExp(ON_SALE) }).click();
    await visible(courseDialog(ON_SALE));
    await page.mouse.click(5, 400);
    await hidden(courseDialog(ON_SALE));
    expect(pathOf()).toBe('/');
  });

  test('the course list filters by category, says when a category is empty, and opens a course over the list', async () => {
    const categories = await call<CategoryRow[]>('category');
    const finance = categories.find((c) => c.category_name === 'การเงินและการลงทุน') as CategoryRow;
    await openPage('/courses');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { name: BOUGHT }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'หมวดหมู่' }).getByRole('link', { name: 'การเงินและการลงทุน' }).click();
    await expect.poll(pathOf).toBe(`/courses/category/${finance.id}`);
    await visible(main.getByRole('heading', { level: 2, name: 'การเงินและการลงทุน' }));
    await visible(main.getByRole('heading', { name: PENDING }));
    const inFinance = products.filter((p) => p.product_category_list?.includes(finance.id));
    await expect.poll(() => main.getByRole('article').count()).toBe(inFinance.length);

    await main.getByRole('link', { name: new RegExp(PENDING) }).click();
    await visible(courseDialog(PENDING));
    expect(new URL(page.url()).search).toBe(`?course=${idOf(PENDING)}`);
    expect(pathOf()).toBe(`/courses/category/${finance.id}`);
    await page.keyboard.press('Escape');
    await hidden(courseDialog(PENDING));
    expect(page.url()).toBe(`${shop.url}/courses/category/${finance.id}`);

    await page.goto(`${shop.url}/courses/category/999999`);
    await visible(page.getByText('ยังไม่มีคอร์สในหมวดนี้'));
  });

  test('a Thai search finds a course by a word inside its title and opens it after "please stand by" (กรุณารอสักครู่)', async () => {
    await openPage('/courses');
    // Slow the course down a little, so the loading dialog can be seen.
    await page.route('**/api/courseView?*', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    // Typing straight away: the autocomplete arrives on the first focus and takes over what was typed.
    await page.getByLabel('ค้นหาคอร์สเรียน').first().click();
    await page.keyboard.type('ตลาด');
    await visible(page.getByRole('combobox', { name: 'ค้นหาคอร์สเรียน' }));
    const option = page.getByRole('option', { name: BOUGHT });
    await visible(option);
    expect(await page.getByRole('option', { name: HIDDEN }).count()).toBe(0);
    await option.click();
    await visible(page.getByRole('dialog', { name: 'กรุณารอสักครู่' }));
    await visible(courseDialog(BOUGHT));
    expect(new URL(page.url()).search).toBe(`?course=${idOf(BOUGHT)}`);
    expect(pathOf()).toBe('/courses');
    expect(await page.getByRole('dialog', { name: 'กรุณารอสักครู่' }).isVisible()).toBe(false);
  });

  test('the help dialog opens from the top bar, and an unknown route is Not Found', async () => {
    await openPage('/');
    await page.getByRole('button', { name: 'ช่วยเหลือ' }).click();
    await visible(page.getByRole('dialog', { name: 'ช่วยเหลือ' }));
    await page.goto(`${shop.url}/courses/onlyOrder/nope/more`);
    await visible(page.getByRole('heading', { name: 'ไม่พบหน้าที่ต้องการ' }));
    await page
      .getByRole('link', { name: /หน้าแรก/ })
      .first()
      .click();
    await expect.poll(pathOf).toBe('/');
  });
});

describe('the course dialog', () => {
  test('a visitor: Register & Buy opens the login dialog; private lessons are locked; no downloads', async () => {
    await openPage(`/product/${encodeURIComponent(ON_SALE)}`);
    const dialog = courseDialog(ON_SALE);
    await visible(dialog);
    // Lessons: the preview and public ones open, the private one locked.
    await visible(dialog.getByRole('heading', { name: /^บทเรียน/ }));
    expect(await dialog.getByRole('button', { name: /ล็อกอยู่/ }).count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('button', { name: /ดูได้/ }).count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'บทเรียนถัดไป' }).click();
    await dialog.getByRole('button', { name: 'บทเรียนถัดไป' }).click();
    await visible(dialog.getByText('บทเรียนนี้สำหรับผู้ซื้อคอร์สเท่านั้น'));

    await dialog.getByRole('tab', { name: 'เอกสารประกอบ' }).click();
    await visible(dialog.getByText('เค้าโครงคอร์ส (PDF)'));
    expect(await dialog.getByRole('button', { name: /ดาวน์โหลด/ }).count()).toBe(0);
    await visible(dialog.getByText('ดาวน์โหลดได้หลังซื้อคอร์ส'));
    // Groups: named, but the code and the link are for buyers.
    await visible(dialog.getByRole('heading', { name: 'กลุ่ม Facebook' }));
    expect(await dialog.getByRole('link', { name: /ไปที่กลุ่ม/ }).count()).toBe(0);
    // The coach.
    await visible(dialog.getByRole('heading', { name: 'ประวัติผู้สอน' }));
    await visible(dialog.getByRole('heading', { name: 'ครูแอนนา ทองดี' }));

    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await dialog.getByRole('button', { name: 'สมัครสมาชิกและซื้อคอร์ส' }).click();
    await visible(page.getByRole('dialog', { name: 'เข้าสู่ระบบ' }));
  });

  test('in English the dialog speaks English', async () => {
    page = await shop.page();
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
    await page.goto(`${shop.url}/product/${encodeURIComponent(ON_SALE)}`);
    const dialog = courseDialog(ON_SALE);
    await visible(dialog.getByRole('button', { name: 'Register & Buy' }));
    await visible(dialog.getByRole('heading', { name: 'Coach biography' }));
    await visible(dialog.getByRole('heading', { name: 'Join the study group' }));
  });

  test('a course not yet on sale says coming soon, to visitors and members', async () => {
    await openPage(`/product/${encodeURIComponent(NOT_YET)}`);
    await visible(courseDialog(NOT_YET).getByText('เร็วๆ นี้ เปิดขาย'));
    expect(await courseDialog(NOT_YET).getByRole('button', { name: 'สมัครสมาชิกและซื้อคอร์ส' }).count()).toBe(0);
    await page.close();
    await openPage(`/product/${encodeURIComponent(NOT_YET)}`, { token });
    await visible(courseDialog(NOT_YET).getByText('เร็วๆ นี้ เปิดขาย'));
    expect(
      await courseDialog(NOT_YET)
        .getByRole('button', { name: /ซื้อคอร์สนี้/ })
        .count(),
    ).toBe(0);
  });

  test('a member on a course not bought sees the price, which opens the order', async () => {
    await openPage(`/product/${encodeURIComponent(ON_SALE)}`, { token });
    const dialog = courseDialog(ON_SALE);
    const buy = dialog.getByRole('button', { name: 'ซื้อคอร์สนี้ ฿1,590.00' });
    await visible(buy);
    expect(await buy.textContent()).toContain('฿1,590.00');
    await buy.click();
    const order = page.getByRole('dialog', { name: 'ชำระเงิน' });
    await visible(order);
    await visible(order.getByText(/2 ปี.*นับจากวันที่ยืนยันการชำระเงิน/));
    // Bank transfer is chosen first, and it cannot be confirmed before a slip is attached.
    expect(await order.getByRole('button', { name: 'ยืนยันการชำระเงิน' }).isDisabled()).toBe(true);
    await order.getByRole('button', { name: 'ปิด' }).first().click();
    await hidden(order);
    await visible(dialog);
  });

  test('a member waiting for a transfer sees "waiting for payment confirmation"', async () => {
    await openPage(`/product/${encodeURIComponent(PENDING)}`, { token });
    const dialog = courseDialog(PENDING);
    await visible(dialog.getByText('รอการยืนยันการชำระเงิน'));
    expect(await dialog.getByRole('button', { name: /ซื้อคอร์สนี้/ }).count()).toBe(0);
  });

  test('the buyer sees the days left, every lesson open, the groups, and downloads the course PDF', async () => {
    await openPage(`/product/${encodeURIComponent(BOUGHT)}`, { token });
    const dialog = courseDialog(BOUGHT);
    await visible(dialog.getByText(/เหลือเวลาเรียนอีก [\d,]+ วัน/));
    await visible(dialog.getByText('คุณซื้อคอร์สนี้แล้ว'));
    expect(await dialog.getByRole('button', { name: /ล็อกอยู่/ }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /ดูได้/ }).count()).toBe(4);

    // Study groups: the link to each group, the code box, and the buyer's button that makes a code (made and
    // copied in learning-player.e2e.ts).
    await visible(dialog.getByRole('link', { name: /ไปที่กลุ่ม/ }));
    expect(
      await dialog
        .getByRole('link', { name: /ไปที่กลุ่ม/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^https:\/\/www\.facebook\.com\/groups\//);
    expect(
      await dialog
        .getByRole('button', { name: /สร้างรหัส/ })
        .first()
        .isEnabled(),
    ).toBe(true);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await dialog.getByRole('tab', { name: 'เอกสารประกอบ' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'ดาวน์โหลด เค้าโครงคอร์ส (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('เค้าโครงคอร์ส.pdf');
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('/product/{title} is a shareable deep link; a hidden course is not found', async () => {
    await openPage(`/product/${encodeURIComponent(BOUGHT)}`);
    await visible(courseDialog(BOUGHT));
    await expect.poll(() => page.title()).toContain(BOUGHT);
    await courseDialog(BOUGHT).getByRole('button', { name: 'ปิด' }).last().click();
    await hidden(courseDialog(BOUGHT));
    expect(pathOf()).toBe('/');

    await page.goto(`${shop.url}/product/${encodeURIComponent(HIDDEN)}`);
    await visible(page.getByRole('dialog', { name: 'ไม่พบคอร์สเรียน' }));
  });

  test('on a phone the dialog takes the whole screen and still works', async () => {
    await openPage(`/product/${encodeURIComponent(ON_SALE)}`, { width: 390, height: 844 });
    const dialog = courseDialog(ON_SALE);
    await visible(dialog);
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(390);
    await dialog.getByRole('button', { name: 'สมัครสมาชิกและซื้อคอร์ส' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('button', { name: 'ปิด' }).last().click();
    await hidden(dialog);
  });
});

describe('the member', () => {
  test('My courses lists the bought and the pending course; a visitor is asked to log in', async () => {
    await openPage('/courses/onlyOrder');
    await visible(page.getByText('เข้าสู่ระบบเพื่อดูคอร์สที่คุณซื้อ', { exact: false }));
    await page.close();

    await openPage('/courses/onlyOrder', { token });
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { name: BOUGHT }));
    await visible(main.getByRole('heading', { name: PENDING }));
    await expect.poll(() => main.getByRole('article').count()).toBe(2);
    await visible(main.getByText(/เหลือเวลาเรียนอีก [\d,]+ วัน/));
    await visible(main.getByText('รอการยืนยันการชำระเงิน'));
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('link', { name: new RegExp(BOUGHT) }).click();
    await visible(courseDialog(BOUGHT));
    expect(new URL(page.url()).search).toBe(`?course=${idOf(BOUGHT)}`);
  });

  test('a notification click marks it read and goes to its target', async () => {
    const before = await call<NotificationRow[]>('notification', { token });
    expect(before.filter((n) => n.notification_status !== 'N')).toHaveLength(2);
    await openPage('/', { token });
    // The label, not a button found by it: a wrong count fails with the count the bell shows.
    const bell = page.getByRole('button', { name: /^การแจ้งเตือน/ });
    const bellLabel = () => bell.getAttribute('aria-label', { timeout: 1_000 });
    await expect.poll(bellLabel, { timeout: 15_000 }).toBe('การแจ้งเตือน ยังไม่อ่าน 2 รายการ');
    await bell.click();
    const menu = page.getByRole('menu', { name: 'การแจ้งเตือน' });
    await visible(menu);
    const first = before[0] as NotificationRow;
    // Keyboard: the menu takes the focus, Enter chooses.
    await visible(menu.getByRole('menuitem', { name: new RegExp(first.notification_message) }));
    await menu.getByRole('menuitem', { name: new RegExp(first.notification_message) }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(pathOf).toBe(first.notification_to);
    await expect
      .poll(
        async () =>
          (await call<NotificationRow[]>('notification', { token })).find((n) => n.id === first.id)
            ?.notification_status,
      )
      .toBe('N');
    await expect.poll(bellLabel, { timeout: 15_000 }).toBe('การแจ้งเตือน ยังไม่อ่าน 1 รายการ');
  });

  test('#gateway-success opens the payment success dialog leading to My courses; #gateway-fail says the bank refused', async () => {
    await openPage('/#gateway-success', { token });
    const success = page.getByRole('dialog', { name: 'ชำระเงินสำเร็จ' });
    await visible(success);
    await success.getByRole('link', { name: 'ไปที่คอร์สของฉัน' }).click();
    await expect.poll(pathOf).toBe('/courses/onlyOrder');
    await hidden(success);

    await page.goto(`${shop.url}/courses#gateway-fail`);
    const fail = page.getByRole('dialog', { name: 'ชำระเงินไม่สำเร็จ' });
    await visible(fail.getByText('รายการถูกปฏิเสธโดยธนาคาร', { exact: false }));
    await fail.getByRole('button', { name: 'ปิด' }).click();
    await hidden(fail);
    expect(new URL(page.url()).hash).toBe('');
  });
});
