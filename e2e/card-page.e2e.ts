import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, notFavicon, visible } from './page-checks.js';

// The card page as a person meets it (issue #22.18): sent empty it says under each field what it needs, in the
// shop's words and never a validator's; the number and the expiry take digits from a phone's number pad and show
// them as the card prints them. The card is then paid through the sandbox, so the checked page is the working one.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;
let member: string;
let staff: string;

const SHOTS = process.env.CARD_PAGE_SHOTS;
const { call, envelope } = shopApi(() => shop.url);

/** What each field says when the card is sent empty, by the field's label. */
const EMPTY_SAYS = {
  ชื่อบนบัตร: 'กรุณากรอก ชื่อบนบัตร',
  หมายเลขบัตร: 'กรุณากรอก หมายเลขบัตร',
  'วันหมดอายุ (ดด/ปป)': 'กรุณากรอก วันหมดอายุบัตร',
  'CVV / CVC': 'กรุณากรอก รหัส CVV',
};

/** The member's card page for a new order of a course staff put on sale for it. */
async function cardPage(width: number, title: string) {
  const { insertId } = await envelope('product', {
    token: staff,
    body: { product_title: title, product_price: 500, product_status: 'Show', product_disable: 'N' },
  });
  const placed = await call<{ token: string }>('orders', {
    token: member,
    body: { order: { orders_payment_type_id: 1 }, ordersDetail: { product_id: insertId } },
  });
  page = await shop.page(width, 900);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  await page.addInitScript((token) => localStorage.setItem('token', token), member);
  await page.goto(`${shop.url}/creditCard/${encodeURIComponent(placed.token)}`);
  const pay = page.getByRole('button', { name: /^ยืนยันการชำระเงิน ฿/ });
  await visible(pay, 60_000);
  return { at: page, pay };
}

/** The words MUI shows under a field, found through the field's own aria-describedby. */
async function saidUnder(at: Page, label: string) {
  const field = at.getByRole('textbox', { name: label });
  const under = await field.getAttribute('aria-describedby');
  return {
    invalid: await field.getAttribute('aria-invalid'),
    text: under ? await at.locator(`[id="${under}"]`).textContent() : null,
  };
}

beforeAll(async () => {
  shop = await startShop();
  member = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
  staff = (await call<{ token: string }>('loginPersonnel', { body: shop.staff })).token;
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('the card page', { timeout: 180_000 }, () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: sent empty, each field says what it needs; the number groups by four, the expiry reads 12/29`, async () => {
      const { at, pay } = await cardPage(width, `คอร์สทดสอบหน้าบัตร ${width}`);
      const problems = consoleProblems(at);
      await pay.click();
      for (const [label, words] of Object.entries(EMPTY_SAYS)) {
        expect(await saidUnder(at, label), label).toEqual({ invalid: 'true', text: words });
      }
      const form = at.locator('form', { has: at.locator('[data-card-field]') });
      expect(await form.innerText()).not.toMatch(/string|ควรมี|card\.|\^|\\d/);
      if (SHOTS) await at.screenshot({ path: `${SHOTS}/card-page-empty-${width}.png`, fullPage: true });

      for (const label of ['หมายเลขบัตร', 'วันหมดอายุ (ดด/ปป)', 'CVV / CVC']) {
        expect(await at.getByRole('textbox', { name: label }).getAttribute('inputmode'), label).toBe('numeric');
      }
      const number = at.getByRole('textbox', { name: 'หมายเลขบัตร' });
      await number.pressSequentially('4242424242424242');
      expect(await number.inputValue()).toBe('4242 4242 4242 4242');
      // Typing in a field takes away what was said under it.
      expect(await saidUnder(at, 'หมายเลขบัตร')).toEqual({ invalid: 'false', text: null });
      const expiry = at.getByRole('textbox', { name: 'วันหมดอายุ (ดด/ปป)' });
      await expiry.pressSequentially('1229');
      expect(await expiry.inputValue()).toBe('12/29');

      // A mistyped check digit and a short code are said before the gateway is asked.
      await number.fill('4242 4242 4242 4241');
      await at.getByRole('textbox', { name: 'ชื่อบนบัตร' }).fill('SOMJAI TESTER');
      await at.getByRole('textbox', { name: 'CVV / CVC' }).fill('12');
      await pay.click();
      expect(await saidUnder(at, 'หมายเลขบัตร')).toEqual({ invalid: 'true', text: 'กรุณากรอกหมายเลขบัตรให้ถูกต้อง' });
      expect((await saidUnder(at, 'CVV / CVC')).text).toBe('รหัส CVV เป็นตัวเลข 3 หรือ 4 หลักด้านหลังบัตร');
      if (SHOTS) await at.screenshot({ path: `${SHOTS}/card-page-mistyped-${width}.png`, fullPage: true });

      await number.fill('4242424242424242');
      await at.getByRole('textbox', { name: 'CVV / CVC' }).fill('123');
      await pay.click();
      await visible(at.getByRole('dialog', { name: 'ชำระเงินสำเร็จ' }), 30_000);
      expect(problems.filter(notFavicon)).toEqual([]);
    });
  }
});
