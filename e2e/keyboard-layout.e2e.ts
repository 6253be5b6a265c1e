import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { endEachJourney, staffSignedIn, visible } from './page-checks.js';

// What a new user tripped on with a wheel, the Tab key and a narrow screen (#22): the payment dialog's frame stays put
// while its form scrolls; a radio group and a file picker are one Tab stop each; the back office's Save bar and app
// bar fit a phone.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;
let member: string;

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

/** What has the keyboard's focus, as a person would name it. */
const focused = (at: Page) =>
  at.evaluate(() => {
    const e = document.activeElement as HTMLInputElement | null;
    if (!e) return '';
    const name = e.getAttribute('aria-label') ?? e.textContent?.trim() ?? '';
    return e.type === 'radio' ? `radio ${e.name} ${e.value}` : `${e.tagName.toLowerCase()} ${name}`;
  });

/** The back office, signed in; the journey's page for the failure picture. */
async function staffPage(width: number, height: number) {
  page = await staffSignedIn(shop, width, height);
  return page;
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

  test('a radio group and a file picker are one Tab stop each; the arrow keys move within the group', async () => {
    const at = await memberPage(1280, 800);
    const order = await openOrder(at);
    await order.getByRole('radio', { name: 'โอนเงินผ่านธนาคาร' }).focus();
    const stops: string[] = [];
    for (let i = 0; i < 4; i++) {
      await at.keyboard.press('Tab');
      stops.push(await focused(at));
    }
    // No bank chosen yet: the group's stop is its first bank; the slip is its button only.
    expect(stops).toEqual([
      'button คัดลอกเลขบัญชี',
      'radio orders_payment_bank BBL',
      'button เลือกไฟล์สลิป',
      expect.not.stringMatching(/^radio orders_payment_bank|เลือกไฟล์สลิป|^input/),
    ]);

    await order.getByRole('radio', { name: 'ธนาคารกสิกรไทย' }).focus();
    await at.keyboard.press('ArrowRight');
    expect(await focused(at)).toBe('radio orders_payment_bank KTB');
    expect(await order.getByRole('radio', { name: 'ธนาคารกรุงไทย' }).isChecked()).toBe(true);
    // Once a bank is chosen the group's stop is that bank, from either side.
    await at.keyboard.press('Tab');
    expect(await focused(at)).toBe('button เลือกไฟล์สลิป');
    await at.keyboard.press('Shift+Tab');
    expect(await focused(at)).toBe('radio orders_payment_bank KTB');
    await at.keyboard.press('Shift+Tab');
    expect(await focused(at)).toBe('button คัดลอกเลขบัญชี');
  });

  test('on a phone the back office app bar ends its title in “…” and the video form keeps its Save bar', async () => {
    const at = await staffPage(390, 800);
    await at.goto(`${shop.url}/admin/ordersExpire`);
    const title = at.locator('.RaAppBar-title');
    await visible(title.getByText('คำสั่งซื้อหมดอายุ / ยกเลิก'));
    const language = at.getByRole('banner').getByRole('button', { name: /ไทย/ });
    const [titleBox, languageBox] = [await title.boundingBox(), await language.boundingBox()];
    expect((titleBox?.x ?? 0) + (titleBox?.width ?? 0)).toBeLessThanOrEqual(languageBox?.x ?? 0);
    // The whole title is in the wrapper the heading clips: it is cut with an ellipsis, not mid-letter.
    expect(
      await title.evaluate((heading) => {
        const inner = heading.querySelector('.RaConfigurable-root');
        return inner ? getComputedStyle(inner).textOverflow : 'no wrapper';
      }),
    ).toBe('ellipsis');

    await at.goto(`${shop.url}/admin/video`);
    await at.locator('tbody tr').first().click();
    const form = at.getByRole('dialog', { name: 'แก้ไขคลังวิดีโอ' });
    const save = form.getByRole('button', { name: 'บันทึก' });
    await visible(save);
    // Inside the dialog and the screen, before and after the form scrolls under it.
    const inside = async () => {
      const [bar, dialog] = [await save.boundingBox(), await form.boundingBox()];
      expect(bar && dialog).toBeTruthy();
      expect(bar!.y).toBeGreaterThanOrEqual(dialog!.y);
      expect(bar!.y + bar!.height).toBeLessThanOrEqual(Math.min(dialog!.y + dialog!.height, 800));
    };
    await inside();
    await form.hover();
    await at.mouse.wheel(0, 300);
    await inside();
  });

  test('Thai headings break between words only, at phone widths', async () => {
    for (const width of [320, 360, 390, 430]) {
      page = await shop.page(width, 800);
      await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
      for (const path of ['/', '/pricing']) {
        await page.goto(`${shop.url}${path}`);
        await page.waitForLoadState('networkidle');
        const found = await page.evaluate(() => {
          // Words the browser's Thai dictionary splits in two; a word joiner between the halves keeps them whole.
          const words = /ตัว\u2060?จริง|พร้อม\u2060?เพย์/g;
          const split: string[] = [];
          let seen = 0;
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
            for (const match of node.data.matchAll(words)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set(
                Array.from(range.getClientRects())
                  .filter((r) => r.width > 0)
                  .map((r) => Math.round(r.top)),
              );
              if (lines.size > 0) seen++;
              if (lines.size > 1) split.push(`${match[0]} in “${node.data}”`);
            }
          }
          const loose = Array.from(document.querySelectorAll('h1, h2, h3, h4')).filter((h) => {
            const style = getComputedStyle(h);
            return style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all';
          });
          return { seen, split, loose: loose.map((h) => h.textContent) };
        });
        expect(found.seen, `${path} at ${width} px shows the words`).toBeGreaterThan(0);
        expect(found.split, `${path} at ${width} px`).toEqual([]);
        expect(found.loose, `${path} at ${width} px`).toEqual([]);
      }
      await page.context().close();
    }
  });
});
