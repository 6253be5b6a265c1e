import { formatBaht } from '@sikkha/contract/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, notFavicon, seriousViolations, visible } from './page-checks.js';

// Coupons and coins as a member clicks them: a percent coupon lowers the summary and the amount paid (the sandbox
// gateway's QR), a refused code says the spec's message, a coin coupon raises the coin badge, and coins pay a course.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;

const COUPON_COURSE = 'คอร์สทดสอบคูปองส่วนลด';
const COIN_COURSE = 'คอร์สทดสอบชำระด้วยเหรียญ';
const TYPES_COURSE = 'คอร์สทดสอบคูปองทุกแบบ';
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A refused code is a 4xx with the spec's message (which the journey reads); Chromium logs the status too. */
const notRefusal = (problem: string) =>
  notFavicon(problem) && !/status of 4\d\d .*\/api\/(couponByCode|couponPointByCode)\?/.test(problem);

const { call } = shopApi(() => shop.url);

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

  // The types and refusals journey: its own course, so an order placed there leaves the others free.
  const typesCourse = await course(TYPES_COURSE, 1990, 'N');
  const otherCourse = await course('คอร์สทดสอบคูปองใช้ครบ', 500, 'N');
  const typed = (fields: Record<string, unknown>) =>
    call<{ id: number }>('coupon', { token: staffToken, body: { product_id: typesCourse.id, ...fields } });
  await typed({ coupon_code: 'PRICE990', coupon_type: 'Price', coupon_price: 990 });
  await typed({ coupon_code: 'PAY500', coupon_type: 'Pay', coupon_pay: 500 });
  await typed({ coupon_code: 'POINT50', coupon_type: 'Point', coupon_point: 50 });
  await typed({
    coupon_code: 'ALLIN',
    coupon_type: 'All',
    coupon_price: 1500,
    coupon_percent: 10,
    coupon_point: 20,
    coupon_pay: 100,
  });
  // The demo member's course was paid when the shop was seeded, before these coupons were made: an existing member
  // of a member-only coupon made now, but not of one that opened in 2020.
  await typed({ coupon_code: 'BUYERS', coupon_type: 'Pay', coupon_pay: 100, coupon_member_only: 'Y' });
  await typed({
    coupon_code: 'OLDBUYERS',
    coupon_type: 'Pay',
    coupon_pay: 100,
    coupon_member_only: 'Y',
    coupon_start: '2020-01-01',
  });
  await typed({
    coupon_code: 'OLDOREMAIL',
    coupon_type: 'Pay',
    coupon_pay: 100,
    coupon_member_only: 'Y',
    coupon_email_only: 'Y',
    coupon_start: '2020-01-01',
  });
  await typed({ coupon_code: 'BYTRANSFER', coupon_type: 'Pay', coupon_pay: 200, coupon_payment: 'transfer' });
  await typed({ coupon_code: 'EMAILS', coupon_type: 'Pay', coupon_pay: 100, coupon_email_only: 'Y' });
  await typed({ coupon_code: 'ENDED', coupon_type: 'Pay', coupon_pay: 100, coupon_to: '2020-01-31' });
  await typed({ coupon_code: 'ELSEWHERE', coupon_type: 'Pay', coupon_pay: 100, product_id: otherCourse.id });
  const usedUp = await typed({
    coupon_code: 'ONCE',
    coupon_type: 'Pay',
    coupon_pay: 100,
    coupon_product_type: 'all',
    coupon_limit: 1,
  });
  // Its one use is held by the member's waiting order for the other course.
  await call('orders', {
    token,
    body: { order: { orders_payment_type_id: 5 }, ordersDetail: { product_id: otherCourse.id, coupon_id: usedUp.id } },
  });
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
endEachJourney(() => page);

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

  test('each coupon type changes the summary, each refusal says its message, and the paid order gives its coins', async () => {
    page = await memberPage(390, 844);
    const problems = consoleProblems(page);
    const before = await balance();
    await page.goto(`${shop.url}/product/${encodeURIComponent(TYPES_COURSE)}`);
    await page
      .getByRole('dialog', { name: TYPES_COURSE })
      .getByRole('button', { name: /ซื้อคอร์สนี้/ })
      .click();
    const order = page.getByRole('dialog', { name: 'ชำระเงิน' });
    const summary = order.getByRole('region', { name: 'สรุปคำสั่งซื้อ' });
    const row = (label: string) => summary.locator(`dt:text-is("${label}") + dd`);
    const couponDialog = page.getByRole('dialog', { name: 'ใช้คูปองส่วนลด' });
    const check = async (code: string) => {
      await couponDialog.getByLabel('รหัสคูปอง').fill(code);
      await couponDialog.getByRole('button', { name: 'ตรวจสอบ' }).click();
    };
    await visible(order.getByTestId('summary-net'));

    // Price, Pay, Point and All (price 1,500, 10% off, 20 coins, 100 off) on a course of 1,990.
    const effects = [
      { code: 'PRICE990', discount: 1000, net: 990, coins: 0 },
      { code: 'PAY500', discount: 500, net: 1490, coins: 0 },
      { code: 'POINT50', discount: 0, net: 1990, coins: 50 },
      { code: 'BUYERS', discount: 100, net: 1890, coins: 0 },
      { code: 'ALLIN', discount: 740, net: 1250, coins: 20 },
    ];
    for (const [i, effect] of effects.entries()) {
      await order.getByRole('button', { name: 'ใช้คูปองส่วนลด' }).click();
      await check(effect.code.toLowerCase());
      await couponDialog.waitFor({ state: 'hidden' });
      await visible(order.getByText(`คูปอง ${effect.code}`));
      await expect.poll(() => order.getByTestId('summary-net').textContent()).toBe(formatBaht(effect.net));
      expect(await row('ส่วนลด').textContent()).toBe(formatBaht(effect.discount));
      expect(await row('ราคา').textContent()).toBe(formatBaht(1990));
      const coinsRow = row('เหรียญที่จะได้รับเมื่อชำระเสร็จ');
      if (effect.coins > 0) expect(await coinsRow.textContent()).toBe(`${effect.coins} เหรียญ`);
      else expect(await coinsRow.count()).toBe(0);
      if (i < effects.length - 1) {
        await order.getByRole('img', { name: `ยกเลิกคูปอง ${effect.code}` }).click();
        await expect.poll(() => order.getByTestId('summary-net').textContent()).toBe(formatBaht(1990));
      }
    }
    await summary.scrollIntoViewIfNeeded();
    await shot('order-all-coupon-390');

    // Each refusal in the spec's words; the refused code is cleared and the summary keeps the accepted coupon.
    await order.getByRole('img', { name: 'ยกเลิกคูปอง ALLIN' }).click();
    await order.getByRole('button', { name: 'ใช้คูปองส่วนลด' }).click();
    const refusals = [
      ['NO-SUCH-CODE', 'ไม่มีรหัสคูปองนี้'],
      ['ENDED', 'ไม่มีรหัสคูปองนี้'],
      ['ELSEWHERE', 'รหัสคูปองนี้ ไม่ได้ใช้กับสินค้านี้'],
      ['OLDOREMAIL', 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม หรือ Email ที่กำหนดใว้'],
      ['OLDBUYERS', 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น'],
      ['EMAILS', 'รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้'],
      ['ONCE', 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว'],
    ] as const;
    for (const [code, said] of refusals) {
      await check(code);
      await visible(couponDialog.getByText(said, { exact: true }));
      expect(await couponDialog.getByLabel('รหัสคูปอง').inputValue()).toBe('');
    }
    await shot('coupon-dialog-refused-390');
    expect(page.viewportSize()?.width).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A coupon for bank transfers only: applied while transfer is chosen, dropped with the reason on choosing QR.
    await check('BYTRANSFER');
    await couponDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => order.getByTestId('summary-net').textContent()).toBe(formatBaht(1790));
    await order.getByRole('radio', { name: 'QR พร้อมเพย์ (Internet Banking)' }).check();
    await visible(order.getByRole('alert').getByText('รหัสคูปองนี้ ใช้ไม่ได้กับวิธีชำระเงินที่เลือก'));
    await expect.poll(() => order.getByTestId('summary-net').textContent()).toBe(formatBaht(1990));
    expect(await order.getByText('คูปอง BYTRANSFER').count()).toBe(0);

    // All again, paid by the sandbox's QR at the summary's net; its 20 coins reach the balance once paid.
    await order.getByRole('button', { name: 'ใช้คูปองส่วนลด' }).click();
    await check('ALLIN');
    await couponDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => order.getByTestId('summary-net').textContent()).toBe(formatBaht(1250));
    await order.getByRole('radio', { name: 'QR พร้อมเพย์ (Internet Banking)' }).check();
    await order.getByRole('button', { name: 'ยืนยันการชำระเงิน' }).click();
    await page.waitForURL(/\/qrPlayment\//);
    await visible(page.getByText(formatBaht(1250)).first());
    const testPay = page.getByRole('link', { name: 'เปิดหน้าชำระเงินทดสอบ (sandbox)' });
    const gatewayPage = await page.context().newPage();
    await gatewayPage.goto(new URL((await testPay.getAttribute('href'))!, shop.url).href);
    await visible(gatewayPage.getByText(formatBaht(1250)));
    await gatewayPage.getByRole('button', { name: 'ชำระเงิน', exact: true }).click();
    await gatewayPage.close();
    await expect.poll(balance, { timeout: 30_000 }).toBe(before + 20);
    const [paid] = await call<{ orders_status: string; orders_net: number; orders_discount: number }[]>(
      'orders?pageSize=1',
      { token },
    );
    expect(paid).toMatchObject({ orders_status: 'finish', orders_net: 1250, orders_discount: 740 });

    await page.goto(`${shop.url}/coin`);
    const line = page.getByTestId('coin-history-card').first();
    await visible(line.getByText('เหรียญจากคูปองส่วนลด'));
    await visible(line.getByText('+20'));
    // Every balance is still the sum of its ledger, as the back office's coin ledger page says.
    expect(await call('logPointMismatch', { token: staffToken })).toEqual([]);
    expect(problems.filter(notRefusal)).toEqual([]);

    page = await shop.page(1280, 900);
    await page.addInitScript((t) => localStorage.setItem('adminToken', t), staffToken);
    await page.goto(`${shop.url}/admin/logCoin`);
    await visible(page.getByTestId('ledger-check').getByText('ยอดเหรียญของสมาชิกทุกคนตรงกับผลรวมในบัญชีเหรียญ'));
    await visible(page.getByText('WELCOME150 เหรียญต้อนรับสมาชิก'));
    await shot('admin-log-coin-1280');
  }, 180_000);
});
