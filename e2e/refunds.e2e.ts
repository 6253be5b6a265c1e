import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { pdfText } from '../apps/server/test/pdf-text.js';
import { blankPicture, slipPicture } from '../apps/server/test/slip.js';
import { shopApi } from './api.js';
import { MEMBER } from './demo.js';
import { runServer } from './harness.js';
import {
  consoleProblems,
  downloadedBytes,
  endEachJourney,
  hidden,
  notFavicon,
  seriousViolations,
  visible,
} from './page-checks.js';

// Money coming back, as staff and the member see it, on `npm start`'s embedded shop with the built-in sandbox
// gateway: a card order with a tax invoice refunded in part from its page in the back office (a credit note the
// member downloads from My courses); a transfer refunded in full by staff at the bank, recorded with their slip (the
// course goes); a charge the gateway confirmed after its order was cancelled, refunded from the top of the orders
// screen. The purchases themselves are made through the API: buying in the browser is checkout.e2e.ts's.
//
// A payment after a cancel needs the shop to have lost the gateway's answer on a 3-D Secure charge (so the cancel had
// no pending charge to stop), which no person can bring about on purpose. The integration test writes that one row in
// the database; the embedded database belongs to the running shop's process, so this file runs a shop of its own (the
// harness's `startShop` has no restart): it starts from the run's template, leaves a 3-D Secure charge open, stops,
// writes the same row while the shop is down, and starts again on the same data for every journey.

const COURSES = {
  card: { product_title: 'ถ่ายภาพสินค้าสำหรับร้านออนไลน์', product_price: 1000 },
  transfer: { product_title: 'ภาษีเงินได้สำหรับฟรีแลนซ์', product_price: 1200 },
  late: { product_title: 'สร้างเว็บไซต์ร้านค้าด้วย WordPress', product_price: 800 },
};
/** The person's tax invoice details (a valid Thai id, the integration test's). */
const TAX_INVOICE = {
  receipt: 'Y',
  receipt_type: 'person',
  card_id: '1101700207366',
  address: '99 ถนนพระราม 4 แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500',
};
const SHOTS = process.env.REFUNDS_SHOTS;
/** Today in Bangkok, as the shop's dates are: the day the member paid and staff transferred the money back. */
const TODAY = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
/**
 * As `npm start` runs (the harness's shops inherit vitest's NODE_ENV=test, whose sandbox gateway keeps its charges in
 * memory): the sandbox keeps them in the data directory, so the open 3-D Secure page outlives the restart.
 */
const SHOP_ENV = { NODE_ENV: 'development' };

interface MyOrder {
  id: number;
  orders_ref: string;
  orders_status: string;
  orders_refunded: number | null;
}
interface Refund {
  id: number;
  amount: number;
  method: string;
  doc_type: string | null;
  doc_no: string | null;
}

let shop: Awaited<ReturnType<typeof runServer>> | undefined;
let dataDir: string;
let browser: Browser | undefined;
let page: Page | undefined;
let member: string;
let staff: string;
const courseIds: Record<keyof typeof COURSES, number> = { card: 0, transfer: 0, late: 0 };
/** The order whose 3-D Secure charge the shop lost the answer of, its page, and the address the shop had then. */
let late: { id: number; authorize: string; formerUrl: string };

const { call, envelope } = shopApi(() => shop!.url);

async function signIn() {
  member = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
  staff = (await call<{ token: string }>('loginPersonnel', { body: staffLogin() })).token;
}

const staffLogin = () => ({ username: 'admin', password: inject('shopTemplate').staffPassword });

/** A test card's token from the sandbox's script endpoint, as Omise.js in the card form asks for it. */
async function cardToken(number: string) {
  return (
    await call<{ id: string }>('sandbox-gateway/tokens', {
      body: { card: { number, expiration_month: 12, expiration_year: 2030, security_code: '123' } },
    })
  ).id;
}

/** The member's card order for a course, and what its card charge answered. */
async function cardOrder(productId: number, card: string, extra: Record<string, unknown> = {}) {
  const placed = await call<{ id: number; token: string }>('orders', {
    token: member,
    body: { order: { orders_payment_type_id: 1, ...extra }, ordersDetail: { product_id: productId } },
  });
  const paid = await call<{ status: string; authorizeUrl: string | null }>('ordersPay', {
    token: member,
    body: { ref: placed.token, token: await cardToken(card) },
  });
  return { ...placed, ...paid };
}

async function myOrder(id: number) {
  const mine = await call<MyOrder[]>('ordersMine?pageSize=100', { token: member });
  const found = mine.find((o) => o.id === id);
  expect(found, `order ${id} among the member's`).toBeDefined();
  return found!;
}

const refundsOf = (orderId: number) => call<Refund[]>(`ordersRefunds?id=${orderId}`, { token: member });

/** Waits until the job has made a refund's document (the member's download answers 200). */
async function documentMade(refundId: number) {
  await expect
    .poll(
      async () =>
        (
          await fetch(`${shop!.url}/api/ordersRefundFile?id=${refundId}`, {
            headers: { Authorization: `Bearer ${member}` },
          })
        ).status,
      { timeout: 60_000 },
    )
    .toBe(200);
}

async function newPage(width: number, height: number) {
  const context = await browser!.newContext({ viewport: { width, height }, locale: 'th-TH' });
  page = await context.newPage();
  return page;
}

async function memberPage(width = 1280, height = 800) {
  const at = await newPage(width, height);
  await at.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop!.url }]);
  // Only in the shop's own documents: the sandbox's redirect back passes through one of no origin, without storage.
  await at.addInitScript(
    ([token, origin]) => {
      if (location.origin === origin) localStorage.setItem('token', token);
    },
    [member, new URL(shop!.url).origin] as const,
  );
  return at;
}

/** A browser page signed in to the back office through its login form. */
async function staffPage(width = 1280, height = 900) {
  const at = await newPage(width, height);
  await at.goto(`${shop!.url}/admin/login`);
  await at.getByLabel(/ชื่อผู้ใช้/).first().fill(staffLogin().username);
  await at
    .getByLabel(/รหัสผ่าน/)
    .first()
    .fill(staffLogin().password);
  await at.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  // The password hash is slow on purpose, and slower on a busy machine.
  await expect.poll(() => at.evaluate(() => localStorage.getItem('adminToken')), { timeout: 30_000 }).not.toBeNull();
  await visible(at.getByRole('heading', { name: 'ภาพรวม', level: 1 }), 30_000);
  return at;
}

/** An order's page in the back office, with its refund button. */
async function orderPage(at: Page, order: MyOrder) {
  await at.goto(`${shop!.url}/admin/orders/${order.id}/show`);
  await visible(at.getByRole('heading', { name: order.orders_ref, level: 1 }), 30_000);
}

async function shot(at: Page, name: string, fullPage = true) {
  if (SHOTS) await at.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** A member's order line in My courses (waiting, paid, refunded, paid after cancel all carry the order's id). */
const orderLine = (at: Page, id: number) => at.locator(`[data-order-id="${id}"]`);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sikkha-e2e-refunds-'));
  cpSync(inject('shopTemplate').dataDir, dataDir, { recursive: true });
  shop = await runServer(dataDir, SHOP_ENV);
  await signIn();
  for (const [key, course] of Object.entries(COURSES)) {
    const made = await envelope('product', {
      token: staff,
      body: { ...course, product_status: 'Show', product_disable: 'N' },
    });
    courseIds[key as keyof typeof COURSES] = made.insertId!;
  }
  // A 3-D Secure card charge, its page left open at the sandbox.
  const pending = await cardOrder(courseIds.late, '4000000000003220');
  expect(pending.status).toBe('pending');
  const authorize = new URL(pending.authorizeUrl!, shop.url).pathname;
  late = { id: pending.id, authorize, formerUrl: shop.url };
  expect(await shop.stop()).toBe(0);

  // The shop believed the charge had failed (its answer lost), so a cancel has nothing to stop at the gateway.
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    const lost = await db.query(
      `UPDATE "paymentCharge" SET status = 'failed' WHERE charge_id = $1 AND status = 'pending'`,
      [authorize.split('/').pop()],
    );
    expect(lost.affectedRows).toBe(1);
  } finally {
    await db.close();
  }

  shop = await runServer(dataDir, SHOP_ENV);
  await signIn();
  browser = await chromium.connect(inject('chromiumEndpoint'));
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
endEachJourney(() => page);

// Journeys walk several pages on a machine that may be busy: more than vitest's default minute.
describe('money coming back', { timeout: 240_000 }, () => {
  test('staff refund part of a card order from its page; the member downloads the credit note', async () => {
    const paid = await cardOrder(courseIds.card, '4242424242424242', TAX_INVOICE);
    expect(paid.status).toBe('paid');
    const order = await myOrder(paid.id);
    expect(order.orders_status).toBe('finish');

    const at = await staffPage();
    const problems = consoleProblems(at);
    await orderPage(at, order);
    await at.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    const dialog = at.getByRole('dialog', { name: `คืนเงิน ${order.orders_ref}` });
    await visible(dialog);
    // What is left to give back (1,000 + the card fee of the shop's factor), and how: to the card, by the gateway.
    await visible(dialog.getByText('฿1,026.75').first());
    await visible(dialog.getByText('คืนผ่านผู้ให้บริการชำระเงิน'));
    const amount = dialog.getByRole('spinbutton', { name: 'จำนวนเงินที่คืน (บาท)' });
    expect(await amount.inputValue()).toBe('1026.75');
    await visible(dialog.getByText('คืนเต็มจำนวน: สมาชิกจะไม่มีสิทธิ์เรียนคอร์สนี้อีก'));
    // More than was paid is refused on the field, before the server is asked.
    await amount.fill('2000');
    await dialog.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    await visible(dialog.getByText('จำนวนเงินที่คืนเกินยอดที่คืนได้ (฿1,026.75)'));
    await amount.fill('300');
    await visible(dialog.getByText('คืนบางส่วน: สมาชิกยังเรียนคอร์สนี้ได้'));
    await dialog.getByRole('textbox', { name: 'เหตุผลการคืนเงิน' }).fill('ลูกค้าเรียนไม่ครบ ขอคืนบางส่วน');
    await shot(at, 'refund-dialog-1280', false);
    expect(await seriousViolations(at, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    await hidden(dialog);
    await visible(at.getByText('คืนเงินเรียบร้อย'));

    // The page: the order still finished, what was refunded, and the refund's line with its credit note.
    await visible(at.getByText('คืนเงินแล้ว ฿300.00'));
    const refunds = at.getByRole('table', { name: 'การคืนเงิน' });
    await visible(refunds);
    const line = refunds.getByRole('row').filter({ hasText: 'ลูกค้าเรียนไม่ครบ ขอคืนบางส่วน' });
    await visible(line.getByText('฿300.00'));
    await visible(line.getByText('คืนผ่านผู้ให้บริการชำระเงิน'));
    await visible(line.getByText('ใบลดหนี้'));
    await visible(line.getByRole('button', { name: /^ดาวน์โหลดใบลดหนี้ CN\d{4}-\d{6}$/ }));
    await shot(at, 'order-refunded-1280');
    // The order page itself (react-admin's own bar and menu around it are the library's).
    expect(await seriousViolations(at, '#main-content')).toEqual([]);
    expect(problems.filter(notFavicon)).toEqual([]);

    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ amount: 300, method: 'gateway', doc_type: 'creditNote' });
    expect(refund!.doc_no).toMatch(/^CN\d{4}-\d{6}$/);
    expect(await myOrder(order.id)).toMatchObject({ orders_status: 'finish', orders_refunded: 300 });
    await documentMade(refund!.id);

    // The member, on a phone: the order says what came back and offers the credit note.
    const phone = await memberPage(390, 844);
    const seen = consoleProblems(phone);
    await phone.goto(`${shop!.url}/courses/onlyOrder`);
    const mine = orderLine(phone, order.id);
    await visible(mine.getByText('คืนเงินแล้ว ฿300.00'), 30_000);
    await visible(mine.getByText(COURSES.card.product_title));
    const button = mine.getByRole('button', { name: `ใบลดหนี้ ฿300.00 ${refund!.doc_no}` });
    await visible(button);
    // A partial refund keeps the course.
    await visible(phone.getByRole('heading', { name: COURSES.card.product_title, level: 3 }));
    await shot(phone, 'my-courses-refund-390', false);
    await shot(phone, 'my-courses-refund-390-full');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone)).toEqual([]);

    const [download] = await Promise.all([phone.waitForEvent('download', { timeout: 30_000 }), button.click()]);
    expect(download.suggestedFilename()).toBe(`${refund!.doc_no}.pdf`);
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const words of ['ใบลดหนี้', refund!.doc_no!, '300.00', COURSES.card.product_title]) {
      expect(text, words).toContain(words);
    }
    expect(seen.filter(notFavicon)).toEqual([]);
  });

  test('staff refund a transfer in full at the bank and record it with their slip; the member loses the course', async () => {
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(await slipPicture('E2EREFUND20261123001', '014'))]), 'slip.png');
    const slip = await call<string>('uploadSlip', { token: member, form });
    const placed = await call<{ id: number }>('orders', {
      token: member,
      body: {
        order: {
          orders_payment_type_id: 4,
          orders_payment_slip: slip,
          orders_payment_date: TODAY,
          orders_payment_time: '10:30',
          orders_payment_bank: 'SCB',
          orders_payment_amount: COURSES.transfer.product_price,
        },
        ordersDetail: { product_id: courseIds.transfer },
      },
    });
    await call('ordersUpdate', { token: staff, body: { id: placed.id, orders_status: 'finish' } });
    const order = await myOrder(placed.id);
    expect(order.orders_status).toBe('finish');
    expect((await call<{ state: string }>(`courseView?id=${courseIds.transfer}`, { token: member })).state).toBe(
      'finish',
    );

    const at = await staffPage();
    const problems = consoleProblems(at);
    await orderPage(at, order);
    await at.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    const dialog = at.getByRole('dialog', { name: `คืนเงิน ${order.orders_ref}` });
    await visible(dialog);
    await visible(dialog.getByText('โอนคืนโดยเจ้าหน้าที่'));
    // The whole amount by default: the course goes with it, and the dialog says so.
    expect(await dialog.getByRole('spinbutton', { name: 'จำนวนเงินที่คืน (บาท)' }).inputValue()).toBe('1200');
    await visible(dialog.getByText('คืนเต็มจำนวน: สมาชิกจะไม่มีสิทธิ์เรียนคอร์สนี้อีก'));
    await dialog.getByRole('textbox', { name: 'เหตุผลการคืนเงิน' }).fill('ลูกค้าไม่สะดวกเรียน ขอยกเลิก');
    // What staff did at the bank is required: each empty field says so.
    await dialog.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    await visible(dialog.getByText('กรุณากรอก ข้อมูล').first());
    await dialog.getByRole('combobox', { name: 'ธนาคารที่โอนคืน' }).click();
    await at.getByRole('option', { name: 'ธนาคารไทยพาณิชย์' }).click();
    await dialog.getByRole('textbox', { name: 'เลขบัญชีที่รับเงินคืน' }).fill('123-4-56789-0');
    await dialog.getByLabel('วันที่โอนคืน').fill(TODAY);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'refund-slip.png',
      mimeType: 'image/png',
      buffer: await blankPicture(),
    });
    const preview = dialog.getByRole('img', { name: 'สลิปการโอนคืน' });
    await visible(preview);
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(at, 'refund-manual-dialog-1280', false);
    expect(await seriousViolations(at, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    await hidden(dialog);
    await visible(at.getByText('คืนเงินเรียบร้อย'));

    // Refunded: the state says so, nothing is left to refund, the line names the bank and the account.
    await visible(at.getByText('คืนเงินแล้ว', { exact: true }).first());
    expect(await at.getByRole('button', { name: 'คืนเงิน', exact: true }).count()).toBe(0);
    const line = at
      .getByRole('table', { name: 'การคืนเงิน' })
      .getByRole('row')
      .filter({ hasText: 'ลูกค้าไม่สะดวกเรียน ขอยกเลิก' });
    await visible(line.getByText('฿1,200.00'));
    await visible(line.getByText('โอนคืนโดยเจ้าหน้าที่'));
    await visible(line.getByText('SCB 123-4-56789-0'));
    await shot(at, 'order-refunded-manual-1280');
    expect(problems.filter(notFavicon)).toEqual([]);

    expect(await myOrder(order.id)).toMatchObject({ orders_status: 'refund', orders_refunded: 1200 });
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ method: 'manual', doc_type: 'refundNote' });
    expect(refund!.doc_no).toMatch(/^RN\d{4}-\d{6}$/);

    // The member: the order under the refunded ones with its refund note, and the course no longer theirs.
    const mine = await memberPage();
    const seen = consoleProblems(mine);
    await mine.goto(`${shop!.url}/courses/onlyOrder`);
    const refunded = mine.getByRole('region', { name: 'คำสั่งซื้อที่คืนเงินแล้ว' });
    await visible(refunded, 30_000);
    const entry = refunded.locator(`[data-order-id="${order.id}"]`);
    await visible(entry.getByText(COURSES.transfer.product_title));
    await visible(entry.getByText('คืนเงินแล้ว ฿1,200.00'));
    const note = entry.getByRole('button', { name: `ใบแจ้งการคืนเงิน ฿1,200.00 ${refund!.doc_no}` });
    await visible(note);
    // My courses lists the courses the member owns; this one is not among them any more.
    await visible(mine.getByRole('heading', { name: COURSES.card.product_title, level: 3 }));
    expect(await mine.getByRole('heading', { name: COURSES.transfer.product_title, level: 3 }).count()).toBe(0);
    expect((await call<{ state: string }>(`courseView?id=${courseIds.transfer}`, { token: member })).state).not.toBe(
      'finish',
    );
    await shot(mine, 'my-courses-refunded-1280');
    expect(await seriousViolations(mine)).toEqual([]);

    // The refund note is named as the button names it, with its number and what came back.
    await documentMade(refund!.id);
    const [download] = await Promise.all([mine.waitForEvent('download', { timeout: 30_000 }), note.click()]);
    expect(download.suggestedFilename()).toBe(`${refund!.doc_no}.pdf`);
    const text = pdfText(await downloadedBytes(download));
    for (const words of ['ใบแจ้งการคืนเงิน', refund!.doc_no!, '1,200.00', COURSES.transfer.product_title]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('ใบลดหนี้');
    expect(seen.filter(notFavicon)).toEqual([]);
  });

  test('a charge paid after its order was cancelled waits at the top of the orders screen until staff refund it', async () => {
    // The member gives up on the order in My courses; the shop has no pending charge to stop.
    const mine = await memberPage();
    const seen = consoleProblems(mine);
    await mine.goto(`${shop!.url}/courses/onlyOrder`);
    const waiting = orderLine(mine, late.id);
    await visible(waiting.getByText(COURSES.late.product_title), 30_000);
    await waiting.getByRole('button', { name: 'ยกเลิกคำสั่งซื้อ' }).click();
    const cancel = mine.getByRole('dialog', { name: 'ยกเลิกคำสั่งซื้อ' });
    await cancel.getByRole('button', { name: 'ยกเลิกคำสั่งซื้อ' }).click();
    await hidden(waiting);
    expect((await myOrder(late.id)).orders_status).toBe('cancel');

    // Then pays on the 3-D Secure page still open in another tab. The page sends them back to the address the shop
    // had when the charge was made; this file's restart moved the shop to another port, so that one request is
    // pointed at the shop's address now.
    await mine.route(`${late.formerUrl}/**`, (route) =>
      route.fulfill({ status: 303, headers: { location: route.request().url().replace(late.formerUrl, shop!.url) } }),
    );
    await mine.goto(`${shop!.url}${late.authorize}`);
    await visible(mine.getByRole('status').getByText('รอชำระเงิน'));
    await mine.getByRole('button', { name: 'ชำระเงิน', exact: true }).click();
    await expect.poll(() => new URL(mine.url()).pathname, { timeout: 30_000 }).toBe('/courses/onlyOrder');
    const told = orderLine(mine, late.id);
    await visible(told.getByText('ได้รับเงินหลังยกเลิก', { exact: false }), 30_000);
    await visible(told.getByText('เจ้าหน้าที่จะคืนเงินหรือเปิดคอร์สให้', { exact: false }));
    expect(seen.filter(notFavicon)).toEqual([]);
    const order = await myOrder(late.id);
    expect(order.orders_status).toBe('paid_after_cancel');

    // Staff: the sidebar's count includes it, and it heads the screen the count leads to.
    const waitingTotal = async (status: string) =>
      (await call<{ total: number }>(`ordersTotalStatus?orders_status=${status}`, { token: staff })).total;
    expect(await waitingTotal('paid_after_cancel')).toBe(1);
    const slips = await waitingTotal('wait');
    const at = await staffPage();
    const problems = consoleProblems(at);
    const badge = at.getByRole('menuitem', { name: `รอยืนยันการชำระเงิน รอตรวจสอบ ${slips + 1} รายการ`, exact: true });
    await visible(badge);
    await badge.click();
    await expect.poll(() => new URL(at.url()).pathname).toBe('/admin/ordersConfirm');
    const section = at.locator('section[aria-labelledby="paid-after-cancel-title"]');
    await visible(section.getByRole('heading', { name: 'ได้รับชำระเงินหลังยกเลิกคำสั่งซื้อ (1)', level: 2 }));
    const item = section.getByRole('listitem').filter({ hasText: order.orders_ref });
    await visible(item.getByText(COURSES.late.product_title));
    // 800 and the card fee: what the gateway took.
    await visible(item.getByText('฿821.40'));
    // It comes before the list of slips to check.
    const above = await section.evaluate((element) => {
      const table = document.querySelector('table');
      return table ? Boolean(element.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING) : true;
    });
    expect(above).toBe(true);
    await shot(at, 'paid-after-cancel-1280', false);
    expect(await seriousViolations(at, 'section[aria-labelledby="paid-after-cancel-title"]')).toEqual([]);

    await item.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    const dialog = at.getByRole('dialog', { name: `คืนเงิน ${order.orders_ref}` });
    await visible(dialog.getByText('คืนเงิน ฿821.40 ให้สมาชิกทางช่องทางที่ชำระ', { exact: false }));
    // A reason is required.
    await dialog.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    await visible(dialog.locator('.Mui-error').first());
    await dialog.getByRole('textbox', { name: 'เหตุผล' }).fill('ลูกค้ายกเลิกก่อนชำระ เงินเข้ามาภายหลัง');
    await shot(at, 'paid-after-cancel-dialog-1280', false);
    expect(await seriousViolations(at, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'คืนเงิน', exact: true }).click();
    await hidden(dialog);
    await visible(at.getByText('คืนเงินเรียบร้อย'));
    await hidden(section);
    if (slips > 0) await visible(at.getByRole('menuitem', { name: `รอยืนยันการชำระเงิน รอตรวจสอบ ${slips} รายการ` }));
    else await visible(at.getByRole('menuitem', { name: 'รอยืนยันการชำระเงิน', exact: true }));
    expect(problems.filter(notFavicon)).toEqual([]);

    expect(await myOrder(late.id)).toMatchObject({ orders_status: 'refund', orders_refunded: 821.4 });
    expect(await waitingTotal('paid_after_cancel')).toBe(0);
    const [refund] = await refundsOf(late.id);
    // Through the gateway, with no document: the order never had a receipt to correct.
    expect(refund).toMatchObject({ amount: 821.4, method: 'gateway', doc_no: null });
  });
});
