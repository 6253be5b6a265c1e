import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, SURCHARGE, testApp } from '../../../test/app.js';
import { etdaVerdict } from '../../../test/etda.js';
import { companyReceipt } from '../../../test/fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { payBySandboxCard } from '../../../test/sandbox-card.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { job, orderDocument, product } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;
let alice: Caller;
let bob: Caller;

const company = companyReceipt;

async function course(title: string, price: number) {
  const [row] = await t.db
    .insert(product)
    .values({ product_title: title, product_price: baht(price), product_status: 'Show' })
    .returning({ id: product.id });
  return row!.id;
}

async function place(member: Caller, productId: number, typeId: number, order: Record<string, unknown> = {}) {
  const res = await member.post('/api/orders', {
    order: { orders_payment_type_id: typeId, ...order },
    ordersDetail: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; token: string; amount: number; fee: number };
}

async function finishByStaff(id: number) {
  const res = await staff.post('/api/ordersUpdate', { id, orders_status: 'finish' });
  expect(res.statusCode, res.body).toBe(200);
}

const documentOf = async (id: number) =>
  (await t.db.select().from(orderDocument).where(eq(orderDocument.orders_id, id)))[0];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const stored = async () => readdir(join(dataDir, 'uploads', 'orderDocument')).catch(() => [] as string[]);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-documents-'));
  t = await testApp({ dataDir, env: { FEE_FACTOR: SURCHARGE } });
  staff = await t.staff('documents-staff');
  alice = await t.member('documents-alice@example.com');
  bob = await t.member('documents-bob@example.com');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let invoiceOrder: number;
let invoiceBytes: Buffer;
let receiptOrder: number;

describe('a company tax invoice', () => {
  test('paid by card: made by the job at finish, with what the Revenue Code asks and the fee line', async () => {
    const order = await place(alice, await course('การตลาดออนไลน์ฉบับมืออาชีพ', 1990), 1, company);
    expect(order).toMatchObject({ fee: 53.23, amount: 2043.23 });
    // Not finished: nothing to download.
    expect((await alice.get(`/api/ordersTaxInvoiceFile?id=${order.id}`)).statusCode).toBe(404);

    await payBySandboxCard(t.app, alice, order.token);
    // The finish numbered it and asked the queue for the document, in the same unit of work.
    expect((await alice.get(`/api/ordersFileTaxInvoice?id=${order.id}`)).json().data.order_no).toBe('INV2026-000001');
    const [queued] = await t.db
      .select()
      .from(job)
      .where(eq(job.key, `documents.issue:${order.id}`));
    expect(queued).toMatchObject({ name: 'documents.issue', state: 'queued' });
    expect(await documentOf(order.id)).toBeUndefined();

    await t.app.ctx.jobs.runDue();
    const issued = await documentOf(order.id);
    expect(issued).toMatchObject({ doc_type: 'taxInvoice', order_no: 'INV2026-000001' });

    const res = await alice.get(`/api/ordersTaxInvoiceFile?id=${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="INV2026-000001.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    invoiceOrder = order.id;
    invoiceBytes = res.rawPayload;
    expect(sha256(invoiceBytes)).toBe(issued!.sha256);

    const text = pdfText(invoiceBytes);
    for (const words of [
      'ใบกำกับภาษี / ใบเสร็จรับเงิน',
      'TAX INVOICE / RECEIPT',
      // The seller, from the settings (the demo defaults here).
      'บริษัท สิกขา จำกัด',
      'เลขประจำตัวผู้เสียภาษี 0105569000002',
      'สำนักงานใหญ่',
      // The buyer as the order kept them, branch included.
      company.company_name,
      'ถนนเพชรเกษม',
      '0105556012341',
      'สาขาที่ 00002',
      'INV2026-000001',
      '22 พฤศจิกายน พ.ศ. 2569',
      'SPSK',
      'การตลาดออนไลน์ฉบับมืออาชีพ',
      'ค่าธรรมเนียมการชำระด้วยบัตร',
      '1,990.00',
      '53.23',
      // VAT inside the 2,043.23 paid: × 7 / 107 = 133.67, the rest 1,909.56.
      'มูลค่าก่อนภาษีมูลค่าเพิ่ม',
      '1,909.56',
      'ภาษีมูลค่าเพิ่ม 7%',
      '133.67',
      '2,043.23',
      '(สองพันสี่สิบสามบาทยี่สิบสามสตางค์)',
    ]) {
      expect(text, words).toContain(words);
    }
  });

  test('its member and staff get the same stored bytes; another member and a wrong id get 404, a visitor 401', async () => {
    const again = await alice.get(`/api/ordersTaxInvoiceFile?id=${invoiceOrder}`);
    expect(again.rawPayload.equals(invoiceBytes)).toBe(true);
    const forStaff = await staff.get(`/api/ordersTaxInvoiceFile?id=${invoiceOrder}`);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.rawPayload.equals(invoiceBytes)).toBe(true);

    const stranger = await bob.get(`/api/ordersTaxInvoiceFile?id=${invoiceOrder}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ result: false, data: null });
    expect((await t.visitor.get(`/api/ordersTaxInvoiceFile?id=${invoiceOrder}`)).statusCode).toBe(401);
    expect((await staff.get('/api/ordersTaxInvoiceFile?id=999999')).statusCode).toBe(404);
    const bad = await alice.get('/api/ordersTaxInvoiceFile?id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toBe(false);
  });
});

describe('receipts', () => {
  test('no receipt asked: a receipt in the member’s name, numbered RC, its VAT shown apart', async () => {
    const order = await place(bob, await course('ภาษาอังกฤษเพื่อการทำงาน', 1590), 5);
    await finishByStaff(order.id);
    await t.app.ctx.jobs.runDue();
    const res = await bob.get(`/api/ordersTaxInvoiceFile?id=${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('ใบเสร็จรับเงิน');
    expect(text).not.toContain('ใบกำกับภาษี');
    expect(text).toContain('RC2026-000001');
    expect(text).toContain('ทดสอบ ระบบ');
    // 1,590.00 × 7 / 107 = 104.02; no fee line for a QR payment.
    expect(text).toContain('104.02');
    expect(text).toContain('1,485.98');
    expect(text).toContain('(หนึ่งพันห้าร้อยเก้าสิบบาทถ้วน)');
    expect(text).not.toContain('ค่าธรรมเนียม');
    expect((await documentOf(order.id))!.doc_type).toBe('receipt');
    receiptOrder = order.id;
  });

  test('a person’s tax invoice names them with their id card number and address', async () => {
    const order = await place(alice, await course('ลงทุนหุ้นไทยสำหรับมือใหม่', 2490), 5, {
      receipt: 'Y',
      receipt_type: 'person',
      card_id: '1103700012346',
      address: '88 ซอยสุขุมวิท 101/1 แขวงบางนาเหนือ เขตบางนา กรุงเทพมหานคร 10260',
    });
    await finishByStaff(order.id);
    // Downloaded before the job ran: made now, once; the job then finds it made.
    const first = await alice.get(`/api/ordersTaxInvoiceFile?id=${order.id}`);
    expect(first.statusCode, first.body).toBe(200);
    const before = await stored();
    await t.app.ctx.jobs.runDue();
    expect(await stored()).toEqual(before);
    const second = await alice.get(`/api/ordersTaxInvoiceFile?id=${order.id}`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const text = pdfText(first.rawPayload);
    expect(text).toContain('ใบกำกับภาษี / ใบเสร็จรับเงิน');
    expect(text).toContain('INV2026-000002');
    expect(text).toContain('ทดสอบ ระบบ');
    expect(text).toContain('1103700012346');
    expect(text).toContain('แขวงบางนาเหนือ');
    expect(text).not.toContain('สาขาที่');
    // 2,490.00 × 7 / 107 = 162.90
    expect(text).toContain('162.90');
    expect(text).toContain('(สองพันสี่ร้อยเก้าสิบบาทถ้วน)');
  });
});

describe('the e-Tax XML (ordersTaxInvoiceXml, staff)', () => {
  const field = (xml: string, name: string) => new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`).exec(xml)?.[1];

  test('the company’s tax invoice as ETDA’s T03, valid, its totals the PDF’s', async () => {
    const res = await staff.get(`/api/ordersTaxInvoiceXml?id=${invoiceOrder}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="INV2026-000001.xml"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const xml = res.body;
    expect(await etdaVerdict(xml, 'TaxInvoice')).toEqual({ schema: [], rules: [] });
    expect(field(xml, 'TypeCode')).toBe('T03');
    expect(xml).toContain('<ram:ID>INV2026-000001</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="TXID" schemeAgencyID="RD">010555601234100002</ram:ID>');
    expect(field(xml, 'PostcodeCode')).toBe('10400');
    expect(xml).toContain('<ram:PostcodeCode>74130</ram:PostcodeCode>');
    // The PDF above prints 1,909.56 before VAT, 133.67 VAT, 2,043.23 in all.
    expect(field(xml, 'TaxBasisTotalAmount')).toBe('1909.56');
    expect(field(xml, 'TaxTotalAmount')).toBe('133.67');
    expect(field(xml, 'GrandTotalAmount')).toBe('2043.23');
    expect(field(xml, 'IssueDateTime')).toMatch(/^2026-11-22T\d\d:\d\d:\d\d\+07:00$/);
  });

  test('a receipt asked for no tax invoice is ETDA’s T01, its buyer without an id', async () => {
    const res = await staff.get(`/api/ordersTaxInvoiceXml?id=${receiptOrder}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await etdaVerdict(res.body, 'Receipt')).toEqual({ schema: [], rules: [] });
    expect(field(res.body, 'TypeCode')).toBe('T01');
    expect(field(res.body, 'GrandTotalAmount')).toBe('1590.00');
    expect(field(res.body, 'TaxTotalAmount')).toBe('104.02');
    expect(res.body).toContain('<ram:ID schemeID="OTHR">N/A</ram:ID>');
  });

  test('staff only: the order’s own member is refused, a visitor asked to sign in; no such document is 404', async () => {
    expect((await alice.get(`/api/ordersTaxInvoiceXml?id=${invoiceOrder}`)).statusCode).toBe(403);
    expect((await t.visitor.get(`/api/ordersTaxInvoiceXml?id=${invoiceOrder}`)).statusCode).toBe(401);
    expect((await staff.get('/api/ordersTaxInvoiceXml?id=999999')).statusCode).toBe(404);
    const unfinished = await place(bob, await course('ยังไม่จ่าย', 990), 5);
    expect((await staff.get(`/api/ordersTaxInvoiceXml?id=${unfinished.id}`)).statusCode).toBe(404);
    const bad = await staff.get('/api/ordersTaxInvoiceXml?id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toBe(false);
  });
});

test('a stored document never changes: the seller’s new settings reach only documents issued after them', async () => {
  const before = (await documentOf(invoiceOrder))!;
  // The same shop restarted with another name, address, tax id and no VAT registration: same database and files.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    SELLER_NAME: 'ห้างหุ้นส่วนจำกัด ศึกษาใหม่',
    SELLER_ADDRESS: '1 ถนนราชดำเนิน เชียงใหม่ 50200',
    SELLER_TAX_ID: '3509900123450',
    SELLER_VAT_REGISTERED: 'false',
  });
  const restarted = await buildApp({ config, database: t.database, clock: t.clock });
  try {
    await restarted.ready();
    const download = (id: number, caller: Caller) =>
      restarted.inject({
        url: `/api/ordersTaxInvoiceFile?id=${id}`,
        headers: { authorization: `Bearer ${caller.token}` },
      });
    const old = await download(invoiceOrder, alice);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.rawPayload.equals(invoiceBytes)).toBe(true);
    expect(pdfText(old.rawPayload)).not.toContain('ศึกษาใหม่');
    expect(await documentOf(invoiceOrder)).toEqual(before);

    // A tax invoice asked for after the change: the new seller, who is not VAT-registered, issues a receipt.
    const order = await place(alice, await course('โค้ดดิ้งเบื้องต้นด้วย Python', 1890), 5, company);
    await finishByStaff(order.id);
    await restarted.ctx.jobs.runDue();
    const fresh = pdfText((await download(order.id, alice)).rawPayload);
    expect(fresh).toContain('ห้างหุ้นส่วนจำกัด ศึกษาใหม่');
    expect(fresh).toContain('3509900123450');
    expect(fresh).toContain('ใบเสร็จรับเงิน');
    expect(fresh).not.toContain('ใบกำกับภาษี');
    expect(fresh).not.toContain('ภาษีมูลค่าเพิ่ม 7%');
    expect(fresh).toContain('INV2026-000003');
  } finally {
    await restarted.close();
  }
});
