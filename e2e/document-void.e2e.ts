import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../apps/server/test/pdf-text.js';
import { shopApi } from './api.js';
import { MEMBER } from './demo.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, hidden, notFavicon, staffSignedIn, visible } from './page-checks.js';

// A tax invoice issued with the wrong company name, voided from its order's page in the back office with the name
// put right: the cancellation note and the replacement are issued at once, and the member's replacement names the
// right company. On `npm start`'s embedded shop; the purchase is made through the API.

const COURSE = { product_title: 'บัญชีเบื้องต้นสำหรับร้านออนไลน์', product_price: 1290 };
const WRONG = 'บริษัท สะกดผิด จำกัด';
const RIGHT = 'บริษัท สะกดถูก จำกัด';
const SHOTS = process.env.VOID_SHOTS;

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;
let member: string;
let staff: string;
let orderId: number;
let invoiceNo: string;

const { call } = shopApi(() => shop.url);

/** A PDF as its member downloads it, or the status when it is not there (yet). */
async function memberPdf(path: string) {
  const res = await fetch(`${shop.url}/api/${path}`, { headers: { Authorization: `Bearer ${member}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  shop = await startShop();
  member = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
  staff = (await call<{ token: string }>('loginPersonnel', { body: shop.staff })).token;
  const course = await shopApi(() => shop.url).envelope('product', {
    token: staff,
    body: { ...COURSE, product_status: 'Show', product_disable: 'N' },
  });
  const placed = await call<{ id: number }>('orders', {
    token: member,
    body: {
      order: {
        orders_payment_type_id: 5,
        receipt: 'Y',
        receipt_type: 'company',
        company_id: '0105556012341',
        company_name: WRONG,
        company_address: '123/45 ถนนเพชรเกษม ตำบลอ้อมน้อย จังหวัดสมุทรสาคร 74130',
        company_address_send: 'ตู้ ปณ. 9 สมุทรสาคร 74130',
      },
      ordersDetail: { product_id: course.insertId },
    },
  });
  orderId = placed.id;
  await call('ordersUpdate', { token: staff, body: { id: orderId, orders_status: 'finish' } });
  // The document's job runs in the background: wait for it (expect.poll is for tests only).
  for (let tries = 0; (await memberPdf(`ordersTaxInvoiceFile?id=${orderId}`)).status !== 200; tries++) {
    if (tries > 120) throw new Error('the tax invoice was not issued within a minute');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  invoiceNo = (await call<{ order_no: string }>(`ordersFileTaxInvoice?id=${orderId}`, { token: member })).order_no;
  expect(invoiceNo).toMatch(/^INV\d{4}-\d{6}$/);
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('voiding a document issued in error', { timeout: 240_000 }, () => {
  test('on a phone, the dialog fits and says what is missing', async () => {
    page = await staffSignedIn(shop, 390, 844);
    await page.goto(`${shop.url}/admin/orders/${orderId}/show`);
    await page.getByRole('button', { name: 'ยกเลิกเอกสาร' }).click();
    const dialog = page.getByRole('dialog', { name: `ยกเลิกเอกสารเลขที่ ${invoiceNo}` });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'ยกเลิกเอกสาร' }).click();
    await visible(dialog.getByText('กรุณากรอก เหตุผลที่ยกเลิกเอกสาร'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/void-390.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });

  test('staff void the tax invoice with the company name put right; the member gets the replacement', async () => {
    page = await staffSignedIn(shop);
    const problems = consoleProblems(page);
    await page.goto(`${shop.url}/admin/orders/${orderId}/show`);
    await visible(page.getByText(invoiceNo));
    await page.getByRole('button', { name: 'ยกเลิกเอกสาร' }).click();
    const dialog = page.getByRole('dialog', { name: `ยกเลิกเอกสารเลขที่ ${invoiceNo}` });
    await visible(dialog);
    await dialog.getByLabel('ชื่อผู้ซื้อผิด').check();
    await dialog.getByLabel(/เหตุผลที่ยกเลิก/).fill('ชื่อบริษัทสะกดผิด ลูกค้าแจ้งแก้ไข');
    await dialog.getByLabel('แก้ไขข้อมูลผู้ซื้อในเอกสารฉบับใหม่').check();
    const name = dialog.getByLabel(/ชื่อบริษัท/);
    await expect.poll(() => name.inputValue()).toBe(WRONG);
    await name.fill(RIGHT);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/void-1280.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'ยกเลิกเอกสาร' }).click();
    await visible(page.getByText(new RegExp(`ยกเลิกเอกสาร ${invoiceNo} แล้ว ใบแจ้งยกเลิก CA\\d{4}-\\d{6}`)));
    await hidden(dialog);

    const replacementNo = (await call<{ order_no: string }>(`ordersFileTaxInvoice?id=${orderId}`, { token: member }))
      .order_no;
    expect(replacementNo).not.toBe(invoiceNo);
    await visible(page.getByText(replacementNo));
    expect(problems.filter(notFavicon)).toEqual([]);

    // The member's document is the replacement, naming the right company and the voided number.
    await expect
      .poll(
        async () => pdfText((await memberPdf(`ordersTaxInvoiceFile?id=${orderId}`)).bytes).includes(replacementNo),
        {
          timeout: 60_000,
        },
      )
      .toBe(true);
    const replacement = pdfText((await memberPdf(`ordersTaxInvoiceFile?id=${orderId}`)).bytes).replace(/\s+/g, '');
    expect(replacement, replacement).toContain(RIGHT.replace(/\s+/g, ''));
    expect(replacement).toContain(`ออกแทนเอกสารเลขที่${invoiceNo}`);
    // The voided one is still there, as it was.
    const voided = await memberPdf(`issuedDocumentFile?doc_no=${invoiceNo}`);
    expect(voided.status).toBe(200);
    expect(pdfText(voided.bytes).replace(/\s+/g, '')).toContain(WRONG.replace(/\s+/g, ''));
  });
});
