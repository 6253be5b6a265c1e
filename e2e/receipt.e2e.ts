import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../apps/server/test/pdf-text.js';
import { shopApi } from './api.js';
import { BOUGHT, MEMBER } from './demo.js';
import { startShop } from './harness.js';
import {
  consoleProblems,
  downloadedBytes,
  endEachJourney,
  notFavicon,
  seriousViolations,
  visible,
} from './page-checks.js';

// A paid order's receipt, and a company's tax invoice, downloaded from My courses as the member would, and read
// back: the PDF issued at finish says who sold what to whom, for how much, with the VAT and the amount in words.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page | undefined;

const NAME = 'นางสาวสมใจ ใฝ่เรียน';
const PYTHON = 'โค้ดดิ้งเบื้องต้นด้วย Python';
const COMPANY = {
  company_id: '0105556012341',
  company_name: 'บริษัท เรียนดี จำกัด',
  company_address: '55 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50200',
  company_address_send: '55 ถนนนิมมานเหมินท์ เชียงใหม่ 50200',
  company_branch: '00003',
};

const { call } = shopApi(() => shop.url);

async function myCourses(width: number, height: number, token: string) {
  page = await shop.page(width, height);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  const problems = consoleProblems(page);
  await page.goto(`${shop.url}/courses/onlyOrder`);
  return { page, problems };
}

async function download(target: Page, button: string) {
  const [file] = await Promise.all([
    target.waitForEvent('download'),
    target.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), pdf: await downloadedBytes(file) };
}

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.stop());
endEachJourney(() => page);

describe('receipts and tax invoices', () => {
  let token: string;

  test('the demo member downloads the receipt of their paid order from My courses', async () => {
    token = (await call<{ token: string }>('loginEmail', { body: MEMBER })).token;
    const year = new Date().getFullYear();
    const { page: p, problems } = await myCourses(1280, 800, token);
    await visible(p.getByRole('heading', { name: 'ใบเสร็จรับเงิน' }));
    const { name, pdf } = await download(p, `ใบเสร็จรับเงิน RC${year}-000001`);
    expect(name).toBe(`RC${year}-000001.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const words of [
      'ใบเสร็จรับเงิน',
      `RC${year}-000001`,
      'บริษัท สิกขา จำกัด',
      'เลขประจำตัวผู้เสียภาษี 0105569000002',
      NAME,
      BOUGHT,
      '1,990.00',
      'ภาษีมูลค่าเพิ่ม 7%',
      '130.19',
      '(หนึ่งพันเก้าร้อยเก้าสิบบาทถ้วน)',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('ใบกำกับภาษี');
    expect(problems.filter(notFavicon)).toEqual([]);
  });

  test('a company’s order approved by staff gives a tax invoice with its branch, on a phone', async () => {
    const [course] = await call<{ id: number }[]>(`product?product_title=${encodeURIComponent(PYTHON)}`);
    const order = await call<{ id: number }>('orders', {
      token,
      body: {
        order: { orders_payment_type_id: 5, receipt: 'Y', receipt_type: 'company', ...COMPANY },
        ordersDetail: { product_id: course!.id },
      },
    });
    const staff = (await call<{ token: string }>('loginPersonnel', { body: shop.staff })).token;
    await call('ordersUpdate', { token: staff, body: { id: order.id, orders_status: 'finish' } });

    const year = new Date().getFullYear();
    const { page: p, problems } = await myCourses(390, 844, token);
    const { name, pdf } = await download(p, `ใบกำกับภาษี INV${year}-000001`);
    expect(name).toBe(`INV${year}-000001.pdf`);
    const text = pdfText(pdf);
    for (const words of [
      'ใบกำกับภาษี / ใบเสร็จรับเงิน',
      `INV${year}-000001`,
      COMPANY.company_name,
      'ถนนนิมมานเหมินท์',
      COMPANY.company_id,
      'สาขาที่ 00003',
      PYTHON,
      '1,890.00',
      // 1,890.00 × 7 / 107 = 123.64; 1,766.36 before VAT.
      '123.64',
      '1,766.36',
      '(หนึ่งพันแปดร้อยเก้าสิบบาทถ้วน)',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(p)).toEqual([]);
    expect(problems.filter(notFavicon)).toEqual([]);
  });
});
