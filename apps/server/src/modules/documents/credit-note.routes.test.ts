import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baht } from '@sikkha/contract/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { companyReceipt } from '../../../test/fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { issuedDocument, job, orderRefund, orders, product } from '../../db/schema/index.js';
import { issueRefundDocument } from '../../jobs/documents.job.js';
import { insertJob } from '../../jobs/queue.js';

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;
let alice: Caller;
let bob: Caller;

const company = companyReceipt;

/** Compared without whitespace: pdftotext may split a Thai line where Typst broke it, or join cells. */
const flat = (text: string) => text.replace(/\s+/g, '');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const stored = async () => (await readdir(join(dataDir, 'uploads', 'orderRefund')).catch(() => [] as string[])).sort();
const refundOf = async (id: number) => (await t.db.select().from(orderRefund).where(eq(orderRefund.id, id)))[0]!;

/** A course bought by QR (payment type 5) and finished by staff: numbered, its receipt or tax invoice issued. */
async function finishedOrder(member: Caller, title: string, price: number, order: Record<string, unknown> = {}) {
  const [course] = await t.db
    .insert(product)
    .values({ product_title: title, product_price: baht(price), product_status: 'Show' })
    .returning({ id: product.id });
  const placed = await member.post('/api/orders', {
    order: { orders_payment_type_id: 5, ...order },
    ordersDetail: { product_id: course!.id },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().data.id as number;
  const finished = await staff.post('/api/ordersUpdate', { id, orders_status: 'finish' });
  expect(finished.statusCode, finished.body).toBe(200);
  await t.app.ctx.jobs.runDue();
  return id;
}

/**
 * What the refund's unit of work leaves (the orders module's job, not this one's): the refund row, numbered, and the
 * order's refunded sum moved; the document job enqueued when `enqueue`.
 */
async function refunded(
  ordersId: number,
  values: { amount: number; reason: string; doc_type: 'creditNote' | 'refundNote'; doc_no: string; at?: string },
  { enqueue = true } = {},
) {
  const [row] = await t.db
    .insert(orderRefund)
    .values({
      orders_id: ordersId,
      amount: baht(values.amount),
      reason: values.reason,
      method: 'manual',
      bank: 'KBANK',
      account: '123-4-56789-0',
      refund_date: '2026-11-23',
      doc_type: values.doc_type,
      doc_no: values.doc_no,
      // The note's date: when the refund was recorded.
      create_at: values.at ?? t.clock.now().toISOString(),
    })
    .returning({ id: orderRefund.id });
  await t.db
    .update(orders)
    .set({ orders_refunded: sql`${orders.orders_refunded} + ${values.amount.toFixed(2)}::numeric` })
    .where(eq(orders.id, ordersId));
  if (enqueue) {
    await insertJob(t.db, t.clock, issueRefundDocument, { refund_id: row!.id }, { key: `documents.refund:${row!.id}` });
  }
  return row!.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-credit-notes-'));
  t = await testApp({ dataDir });
  staff = await t.staff('credit-notes-staff');
  alice = await t.member('credit-notes-alice@example.com');
  bob = await t.member('credit-notes-bob@example.com');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('credit notes against a tax invoice', () => {
  let invoiceOrder: number;
  let firstRefund: number;
  let firstBytes: Buffer;

  test('the job makes the first refund’s credit note once, with what §86/10 asks', async () => {
    invoiceOrder = await finishedOrder(alice, 'การตลาดออนไลน์ฉบับมืออาชีพ', 1990, company);
    firstRefund = await refunded(invoiceOrder, {
      amount: 500,
      reason: 'ผู้เรียนสมัครซ้ำสองบัญชี คืนส่วนต่างตามที่ตกลง',
      doc_type: 'creditNote',
      doc_no: 'CN2026-000001',
      at: '2026-11-23T03:00:00.000Z',
    });
    expect((await refundOf(firstRefund)).file).toBeNull();

    await t.app.ctx.jobs.runDue();
    const [ran] = await t.db
      .select()
      .from(job)
      .where(eq(job.key, `documents.refund:${firstRefund}`));
    expect(ran).toMatchObject({ name: 'documents.refund', state: 'done' });
    const row = await refundOf(firstRefund);
    expect(row.file).toMatch(/\.pdf$/);
    // The PDF, and its e-Tax XML beside it, as the register records them.
    const [entry] = await t.db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, row.doc_no!));
    expect(entry).toMatchObject({ doc_type: 'creditNote', type_code: '81', file: row.file, sha256: row.sha256 });
    expect(await stored()).toEqual([row.file, entry!.xml_file].sort());

    const res = await alice.get(`/api/ordersRefundFile?id=${firstRefund}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="CN2026-000001.pdf"');
    expect(res.headers.etag).toBe(`"${row.sha256}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    firstBytes = res.rawPayload;
    expect(sha256(firstBytes)).toBe(row.sha256);

    const text = flat(pdfText(firstBytes));
    for (const words of [
      'ใบลดหนี้',
      'CREDIT NOTE',
      // The seller (the demo defaults) and the buyer as the tax invoice named them.
      'บริษัท สิกขา จำกัด',
      'เลขประจำตัวผู้เสียภาษี 0105569000002',
      'สำนักงานใหญ่',
      company.company_name,
      'ถนนเพชรเกษม',
      '0105556012341',
      'สาขาที่ 00002',
      // Its own number and date, and the tax invoice's.
      'CN2026-000001',
      '23 พฤศจิกายน พ.ศ. 2569',
      'อ้างถึงใบกำกับภาษี',
      'INV2026-000001',
      '22 พฤศจิกายน พ.ศ. 2569',
      // Original value, correct value, difference; the VAT inside the difference: 500.00 × 7 / 107 = 32.71.
      'มูลค่าตามใบกำกับภาษีเดิม',
      '1,990.00',
      'มูลค่าที่ถูกต้อง',
      '1,490.00',
      'ผลต่าง',
      '500.00',
      'มูลค่าผลต่างก่อนภาษีมูลค่าเพิ่ม',
      '467.29',
      'ภาษีมูลค่าเพิ่ม 7%',
      '32.71',
      '(ห้าร้อยบาทถ้วน)',
      'เหตุผลในการลดหนี้',
      'ผู้เรียนสมัครซ้ำสองบัญชี คืนส่วนต่างตามที่ตกลง',
      'ธนาคารกสิกรไทย',
    ]) {
      expect(text, words).toContain(flat(words));
    }
    // The account only by its last digits.
    expect(text).not.toContain('56789');
  });

  test('its member and staff get the same bytes; another member and a wrong id get 404, a visitor 401', async () => {
    const again = await alice.get(`/api/ordersRefundFile?id=${firstRefund}`);
    expect(again.rawPayload.equals(firstBytes)).toBe(true);
    const forStaff = await staff.get(`/api/ordersRefundFile?id=${firstRefund}`);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.rawPayload.equals(firstBytes)).toBe(true);

    // The receipt's rule (`order.read`): another member's order does not exist for them.
    const stranger = await bob.get(`/api/ordersRefundFile?id=${firstRefund}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ result: false, data: null });
    expect((await t.visitor.get(`/api/ordersRefundFile?id=${firstRefund}`)).statusCode).toBe(401);
    expect((await staff.get('/api/ordersRefundFile?id=999999')).statusCode).toBe(404);
    const bad = await alice.get('/api/ordersRefundFile?id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toBe(false);
    // Another run of the job changes nothing.
    const before = await refundOf(firstRefund);
    await t.app.ctx.jobs.runDue();
    expect(await refundOf(firstRefund)).toEqual(before);
  });

  test('the second refund starts from what the first left; downloads before the job make it once', async () => {
    const second = await refunded(invoiceOrder, {
      amount: 1490,
      reason: 'ยกเลิกการเรียนทั้งหมด',
      doc_type: 'creditNote',
      doc_no: 'CN2026-000002',
      at: '2026-11-24T03:00:00.000Z',
    });
    const files = await stored();
    // Three downloads race to make it; the first recorded keeps its file, the others' are removed.
    const downloads = await Promise.all([
      alice.get(`/api/ordersRefundFile?id=${second}`),
      alice.get(`/api/ordersRefundFile?id=${second}`),
      staff.get(`/api/ordersRefundFile?id=${second}`),
    ]);
    for (const res of downloads) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(downloads[0]!.rawPayload)).toBe(true);
    }
    await t.app.ctx.jobs.runDue();
    const row = await refundOf(second);
    const [entry] = await t.db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, row.doc_no!));
    expect(await stored()).toEqual([...files, row.file!, entry!.xml_file!].sort());
    expect(sha256(downloads[0]!.rawPayload)).toBe(row.sha256);

    const text = flat(pdfText(downloads[0]!.rawPayload));
    // 1,490.00 × 7 / 107 = 97.48, the rest 1,392.52; nothing remains after it.
    for (const words of [
      'ใบลดหนี้',
      'CN2026-000002',
      '24 พฤศจิกายน พ.ศ. 2569',
      'INV2026-000001',
      '1,490.00',
      '0.00',
      '1,392.52',
      '97.48',
      '(หนึ่งพันสี่ร้อยเก้าสิบบาทถ้วน)',
      'ยกเลิกการเรียนทั้งหมด',
    ]) {
      expect(text, words).toContain(flat(words));
    }
    expect(text).not.toContain('1,990.00');
  });
});

describe('refund notes against a receipt', () => {
  test('the same document titled ใบแจ้งการคืนเงิน, naming the member and the receipt, without VAT lines', async () => {
    const receiptOrder = await finishedOrder(bob, 'ภาษาอังกฤษเพื่อการทำงาน', 1590);
    const refund = await refunded(receiptOrder, {
      amount: 1590,
      reason: 'คอร์สเปิดไม่ได้ตามกำหนด',
      doc_type: 'refundNote',
      doc_no: 'RN2026-000001',
    });
    await t.app.ctx.jobs.runDue();
    const res = await bob.get(`/api/ordersRefundFile?id=${refund}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="RN2026-000001.pdf"');
    expect(sha256(res.rawPayload)).toBe((await refundOf(refund)).sha256);

    const text = flat(pdfText(res.rawPayload));
    for (const words of [
      'ใบแจ้งการคืนเงิน',
      'REFUND NOTE',
      'RN2026-000001',
      'ทดสอบ ระบบ',
      '0105569000002',
      'อ้างถึงใบเสร็จรับเงิน',
      'RC2026-000001',
      'มูลค่าตามใบเสร็จรับเงินเดิม',
      '1,590.00',
      '0.00',
      'จำนวนเงินที่คืนทั้งสิ้น',
      '(หนึ่งพันห้าร้อยเก้าสิบบาทถ้วน)',
      'เหตุผลในการคืนเงิน',
      'คอร์สเปิดไม่ได้ตามกำหนด',
    ]) {
      expect(text, words).toContain(flat(words));
    }
    expect(text).not.toContain('ใบลดหนี้');
    expect(text).not.toContain(flat('ภาษีมูลค่าเพิ่ม 7%'));

    expect((await alice.get(`/api/ordersRefundFile?id=${refund}`)).statusCode).toBe(404);
    expect((await staff.get(`/api/ordersRefundFile?id=${refund}`)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  test('a refund not numbered has no document: 404, and its job leaves it', async () => {
    const order = await finishedOrder(bob, 'ถ่ายภาพด้วยมือถือ', 990);
    const [row] = await t.db
      .insert(orderRefund)
      .values({
        orders_id: order,
        amount: baht(990),
        reason: 'รอผลจากผู้ให้บริการชำระเงิน',
        method: 'gateway',
        status: 'pending',
        create_at: t.clock.now().toISOString(),
      })
      .returning({ id: orderRefund.id });
    const files = await stored();
    await insertJob(t.db, t.clock, issueRefundDocument, { refund_id: row!.id });
    await t.app.ctx.jobs.runDue();
    expect((await bob.get(`/api/ordersRefundFile?id=${row!.id}`)).statusCode).toBe(404);
    expect((await refundOf(row!.id)).file).toBeNull();
    expect(await stored()).toEqual(files);
  });
});
