import { formatBaht } from '@sikkha/contract/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startShop } from './harness.js';
import { consoleProblems, screenshotFailures, seriousViolations, visible } from './page-checks.js';

// Coupons and coins as a member clicks them: a percent coupon lowers the summary and the amount paid (the sandbox
// gateway's QR), a refused code says the spec's message, a coin coupon raises the coin badge, and coins pay a course.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;

const MEMBER = { email: 'demo@sikkha.local', password: 'sikkha-demo-2026' };
const COUPON_COURSE = 'คอร์สทดสอบคูปองส่วนลด';
const COIN_COURSE = 'คอร์สทดสอบชำระด้วยเหรียญ';
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The shop has no favicon.ico yet, which Chromium asks for after each page load. */
const notFavicon = (problem: string) => !problem.includes('/favicon.ico');
/** A refused code is a 4xx with the spec's message (which the journey reads); Chromium logs the status too. */
const notRefusal = (problem: string) =>
  notFavicon(problem) && !/status of 40[34] .*\/api\/(couponByCode|couponPointByCode)\?/.test(problem);

async function call<T>(path: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${shop.url}/api/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { data: T };
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.data;
}

let token: string;
let staffToken: string;

async function memberPage(width: number, height: number) {
  const opened = await shop.page(width, height);
  await opened.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  await opened.addInitScript((t) => localStorage.setItem('token', t), token);
  return opened;
}

const balance = async () => (await call<{ point: number }>('loginPing', { token })).point;

async function shot(name: string) {
  if (SHOTS && page) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

beforeAll(async () => {
  shop = await startShop();
  token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
  staffToken = (await call<{ token: string }>('loginPersonnel', { body: shop.staff })).token;
  const course = (title: string, price: number, coinPay: 'Y' | 'N') =>
    call<{ id: number }>('product', {
      token: staffToken,
      body: { product_title: title, product_price: price, product_status: 'Show', product_coin_pay: coinPay },
    });
  const couponCourse = await course(COUPON_COURSE, 1990, 'N');
  await course(COIN_COURSE, 120, 'Y');
  const coupon = (fields: Record<string, unknown>) =>
    call('coupon', { token: staffToken, body: { product_id: couponCourse.id, ...fields } });
  await coupon({ coupon_code: 'SAVE10', coupon_name: 'ลด 10%', coupon_type: 'Percent', coupon_percent: 10 });
  await coupon({ coupon_code: 'LISTED', coupon_type: 'Pay', coupon_pay: 500, coupon_email_only: 'Y' });
  await call('couponPoint', {
    token: staffToken,
    body: {
      coupon_point_code: 'WELCOME150',
      coupon_point_title: 'เหรียญต้อนรับสมาชิก',
      coupon_point_detail: 'รับ 150 เหรียญไว้ใช้ซื้อคอร์สที่รับชำระด้วยเหรียญ',
      coupon_point_amount: 150,
      coupon_point_to: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
  });
});
afterAll(() => shop?.stop());
screenshotFailures(() => page);

describe('coupons and coins', () => {
  test('a refused coupon says why and is cleared; a percent coupon lowers the summary and the amount paid', async () => {
    page = await memberPage(1280, 900);
    const problems = consoleProblems(page);
    await page.goto(`${shop.url}/product/${encodeURIComponent(COUPON_COURSE)}`);
    const course = page.getByRole('dialog', { name: COUPON_COURSE });
    await course.getByRole('button', { name: /ซื้อคอร์สนี้/ }).click();
    const order = page.getByRole('dialog', { name: 'ชำระเงิน' });
    await visible(order.getByTestId('summary-net'));
    expect(await order.getByTestId('summary-net').textContent()).toBe(formatBaht(1990));

    await order.getByRole('button', { name: 'ใช้คูปองส่วนลด' }).click();
    const couponDialog = page.getByRole('dialog', { name: 'ใช้คูปองส่วนลด' });
    const code = couponDialog.getByLabel('รหัสคูปอง');
    await couponDialog.getByRole('button', { name: 'ตรวจสอบ' }).click();
    await visible(couponDialog.getByText('กรุณากรอก ข้อมูล'));
    await code.fill('listed');
    await couponDialog.getByRole('button', { name: 'ตรวจสอบ' }).click();
    await visible(couponDialog.getByText('รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้'));
    expect(await code.inputValue()).toBe('');
    await shot('coupon-dialog-refused-1280');

    await code.fill('save10');
    await couponDialog.getByRole('button', { name: 'ตรวจสอบ' }).click();
    await couponDialog.waitFor({ state: 'hidden' });
    await visible(order.getByText('คูปอง SAVE10'));
    await expect.poll(() => order.getByTestId('summary-net').textContent()).toBe(formatBaht(1791));
    await visible(order.getByText(formatBaht(199)));
    await shot('order-with-coupon-1280');

    await order.getByRole('radio', { name: 'QR พร้อมเพย์ (Internet Banking)' }).check();
    await order.getByRole('button', { name: 'ยืนยันการชำระเงิน' }).click();
    await page.waitForURL(/\/qrPlayment\//);
    await visible(page.getByText(formatBaht(1791)).first());
    const testPay = page.getByRole('link', { name: 'เปิดหน้าชำระเงินทดสอบ (sandbox)' });
    const gatewayPage = await page.context().newPage();
    await gatewayPage.goto(new URL((await testPay.getAttribute('href'))!, shop.url).href);
    await visible(gatewayPage.getByText(formatBaht(1791)));
    await gatewayPage.getByRole('button', { name: 'ชำระเงิน', exact: true }).click();
    await gatewayPage.close();

    // The order the server kept: the same discount and net, paid.
    await expect
      .poll(
        async () => {
          const [latest] = await call<{ orders_status: string; orders_net: number; orders_discount: number }[]>(
            'orders?pageSize=1',
            { token },
          );
          return latest;
        },
        { timeout: 30_000 },
      )
      .toMatchObject({ orders_status: 'finish', orders_net: 1791, orders_discount: 199 });
    expect(problems.filter(notRefusal)).toEqual([]);
  }, 120_000);

  test('the Coin menu opens the coin coupon dialog; a claim raises the badge; errors show under the code', async () => {
    page = await memberPage(390, 844);
    const problems = consoleProblems(page);
    const before = await balance();
    await page.goto(shop.url);
    await page.getByRole('button', { name: /เมนูบัญชีของ/ }).click();
    await page.getByRole('menuitem', { name: /เหรียญ \(Coin\)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'คูปองเหรียญ' });
    await visible(dialog.getByText('เหรียญต้อนรับสมาชิก'));
    await shot('coin-dialog-390');
    expect(await seriousViolations(page)).toEqual([]);

    // Persistent: Escape does not close it.
    await page.keyboard.press('Escape');
    await visible(dialog);

    const code = dialog.getByLabel('รหัสคูปองเหรียญ');
    await code.fill('NO-SUCH-COIN');
    await code.press('Enter');
    await visible(dialog.getByText('ไม่มีรหัสคูปองเหรียญนี้'));

    const item = dialog.getByTestId('coin-coupon').filter({ hasText: 'เหรียญต้อนรับสมาชิก' });
    await item.getByRole('button', { name: 'รับเลย' }).click();
    await visible(dialog.getByText(/รับ 150 เหรียญแล้ว/));
    await visible(item.getByRole('button', { name: 'ใช้เเล้ว' }));
    expect(await item.getByRole('button', { name: 'ใช้เเล้ว' }).isDisabled()).toBe(true);
    expect(await balance()).toBe(before + 150);
    await shot('coin-dialog-claimed-390');

    await dialog.getByRole('button', { name: 'ปิด', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The badge follows (the user button's spoken name carries the full balance).
    await visible(
      page.getByRole('button', { name: new RegExp(`เหรียญคงเหลือ ${(before + 150).toLocaleString('th-TH')}`) }),
    );
    const history = page.getByTestId('coin-history-card').first();
    await visible(history.getByText('รับจากคูปองเหรียญ'));
    await visible(history.getByText('+150'));
    await shot('coin-page-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems.filter(notRefusal)).toEqual([]);
  }, 120_000);

  test('coins pay for a course that takes them; the coupon is off with coins; the history says so', async () => {
    page = await memberPage(1280, 900);
    const problems = consoleProblems(page);
    const before = await balance();
    expect(before).toBeGreaterThanOrEqual(120);
    await page.goto(`${shop.url}/product/${encodeURIComponent(COIN_COURSE)}`);
    await page
      .getByRole('dialog', { name: COIN_COURSE })
      .getByRole('button', { name: /ซื้อคอร์สนี้/ })
      .click();
    const order = page.getByRole('dialog', { name: 'ชำระเงิน' });
    await order.getByRole('radio', { name: 'เหรียญ (Coin)' }).check();
    expect(await order.getByRole('button', { name: 'ใช้คูปองส่วนลด' }).isDisabled()).toBe(true);
    await order.getByRole('button', { name: 'ชำระด้วยเหรียญ' }).click();
    await page.waitForURL(/#gateway-success$/);
    expect(await balance()).toBe(before - 120);

    await page.goto(`${shop.url}/coin`);
    const line = page.getByTestId('coin-history-line').first();
    await visible(line.getByText('ชำระค่าคอร์ส'));
    await visible(line.getByText('-120'));
    await visible(page.getByTestId('coin-page-balance').getByText((before - 120).toLocaleString('th-TH')));
    await shot('coin-page-1280');
    await page.getByRole('button', { name: 'รับคูปองเหรียญ' }).click();
    const dialog = page.getByRole('dialog', { name: 'คูปองเหรียญ' });
    await visible(dialog.getByRole('button', { name: 'ใช้เเล้ว' }));
    await shot('coin-dialog-1280');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.filter(notFavicon)).toEqual([]);
  }, 120_000);
});
