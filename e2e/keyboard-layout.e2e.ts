import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { startShop } from './harness.js';
import { endEachJourney, visible } from './page-checks.js';

// What a new user tripped on with a wheel, the Tab key and a narrow screen (#22): the payment dialog's frame stays put
// while its form scrolls.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;
let member: string;

const MEMBER = { email: 'demo@sikkha.local', password: 'sikkha-demo-2026' };
/** A course the demo member has not bought, put on sale for this file. */
const COURSE = { product_title: 'บัญชีเบื้องต้นสำหรับเจ้าของกิจการ', product_price: 1200 };

const { envelope: call } = shopApi(() => shop.url);

async function memberPage(width: number, height: number) {
  page = await shop.page(width, height);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  await page.addInitScript((token) => localStorage.setItem('token', token), member);
  return page;
}

/** The course's payment dialog, opened from its price button. */
async function openOrder(at: Page) {
  await at.goto(`${shop.url}/product/${encodeURIComponent(COURSE.product_title)}`);
  await at
    .getByRole('dialog', { name: COURSE.product_title })
    .getByRole('button', { name: /^ซื้อคอร์สนี้ ฿/ })
    .click({ timeout: 60_000 });
  const order = at.getByRole('dialog', { name: 'ชำระเงิน' });
  await visible(order.getByRole('radiogroup', { name: 'ช่องทางการชำระเงิน' }), 30_000);
  return order;
}

beforeAll(async () => {
  shop = await startShop();
  member = (await call<{ token: string }>('loginEmail', { body: MEMBER })).data.token;
  const staff = (await call<{ token: string }>('loginPersonnel', { body: shop.staff })).data.token;
  await call('product', { token: staff, body: { ...COURSE, product_status: 'Show', product_disable: 'N' } });
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('keyboard and layout', { timeout: 180_000 }, () => {
  test('on a desktop the payment dialog keeps its title, ✕ and actions in place while its long form scrolls', async () => {
    const at = await memberPage(1280, 800);
    const order = await openOrder(at);
    // The longest form: a transfer (chosen by default) with a company's receipt fields.
    await order.getByRole('checkbox', { name: 'ต้องการใบเสร็จรับเงิน / ใบกำกับภาษี' }).check();
    await order.getByRole('radio', { name: 'นิติบุคคล (บริษัท)' }).check();

    const frame = () =>
      order.evaluate((dialog) => {
        const paper = dialog.closest('.MuiDialog-paper') ?? dialog.querySelector('.MuiDialog-paper');
        const content = paper?.querySelector('.MuiDialogContent-root');
        const actions = paper?.querySelector('.MuiDialogActions-root');
        if (!paper || !content || !actions) throw new Error('the payment dialog has no paper, content or actions');
        return {
          paperScroll: paper.scrollTop,
          contentScroll: content.scrollTop,
          // The footer ends where the paper does: no band under it.
          bandUnderActions: paper.getBoundingClientRect().bottom - actions.getBoundingClientRect().bottom,
        };
      });
    const inView = async (name: string, locator: ReturnType<typeof order.getByRole>) => {
      const box = await locator.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box?.y, name).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? 0), name).toBeLessThanOrEqual(800);
    };
    const title = order.getByRole('heading', { name: 'ชำระเงิน', exact: true });
    const close = order.getByRole('button', { name: 'ปิด' }).first();

    const box = await order.getByRole('radiogroup', { name: 'ช่องทางการชำระเงิน' }).boundingBox();
    await at.mouse.move((box?.x ?? 0) + 20, (box?.y ?? 0) + 20);
    // Each turn of the wheel on its own, as a hand does it (one quick burst stays latched to the first scroller).
    for (let i = 0; i < 12; i++) {
      await at.mouse.wheel(0, 400);
      await at.waitForTimeout(120);
    }
    await expect.poll(async () => (await frame()).contentScroll).toBeGreaterThan(0);
    expect(await frame()).toMatchObject({ paperScroll: 0, bandUnderActions: 0 });
    await inView('title after the wheel', title);
    await inView('✕ after the wheel', close);

    // Through every field of the form and back round to the top.
    for (let i = 0; i < 45; i++) {
      await at.keyboard.press('Tab');
      expect((await frame()).paperScroll, `after Tab ${i + 1}`).toBe(0);
    }
    expect((await frame()).bandUnderActions).toBe(0);
    await inView('title after Tab', title);
    await inView('✕ after Tab', close);
  });
});
