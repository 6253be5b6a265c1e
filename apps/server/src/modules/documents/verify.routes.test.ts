import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { companyReceipt } from '../../../test/fixtures.js';
import { boughtByCard } from '../../../test/sandbox-card.js';
import { makeTestCa, type TestCa } from '../../../test/signing-ca.js';
import { issuedDocument } from '../../db/schema/index.js';
import { DOCUMENT_VERIFY_LIMIT } from './verify.routes.js';

/**
 * The public verification of issued documents, made through the real flow (paid by card, refunded by staff): the
 * number and the total both match, or one 404 that does not say which was wrong; the buyer is never in the answer.
 */

let t: Awaited<ReturnType<typeof testApp>>;
let ca: TestCa;
let dataDir: string;
let staff: Caller;
let member: Caller;

const MEMBER_EMAIL = 'verify-member@example.com';
const SELLER = { name: 'บริษัท สิกขา จำกัด', tax_id: '0105569000002', branch: '00000' };

/** Asked as anyone would, from an address of its own (`X-Forwarded-For`, as the proxy in front tells it). */
const ask = (query: Record<string, string>, address = '203.0.113.10') =>
  t.app.inject({
    method: 'GET',
    url: `/api/documentVerify?${new URLSearchParams(query)}`,
    headers: { 'x-forwarded-for': address },
  });

const paidByCard = (title: string, price: number, order: Record<string, unknown> = {}) =>
  boughtByCard(t, member, { title, price }, order);

let invoiceOrder: number;
let receiptOrder: number;
beforeAll(async () => {
  ca = makeTestCa();
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-verify-'));
  t = await testApp({ dataDir, env: { ETAX_CERT_P12_PATH: ca.p12, ETAX_CERT_PASSWORD: ca.password } });
  staff = await t.staff('verify-staff');
  member = await t.member(MEMBER_EMAIL);
  invoiceOrder = await paidByCard('การตลาดออนไลน์ฉบับมืออาชีพ', 1070, companyReceipt);
  receiptOrder = await paidByCard('โค้ดดิ้งเบื้องต้นด้วย Python', 1990.5);
  const refunded = await staff.post('/api/ordersRefund', { id: invoiceOrder, amount: 500, reason: 'คืนบางส่วน' });
  expect(refunded.statusCode, refunded.body).toBe(200);
  await t.app.ctx.jobs.runDue();
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(ca.dir, { recursive: true, force: true });
});

describe('a document verified by its number and total', () => {
  test('the tax invoice, its total typed in any usual way: what it is, when, by whom, signed; none of the buyer', async () => {
    const [row] = await t.db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, 'INV2026-000001'));
    for (const amount of ['1070', '1,070.00', '1070.0', ' ฿1,070 ']) {
      const res = await ask({ doc_no: 'inv2026-000001 ', amount });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual({
        doc_no: 'INV2026-000001',
        doc_type: 'taxInvoice',
        type_code: 'T03',
        type_name: 'ใบกำกับภาษี / ใบเสร็จรับเงิน',
        issued_at: row!.issued_at,
        total: 1070,
        issuer: SELLER,
        signed: true,
        voided_by: null,
        refers_to: null,
      });
      // Nothing of who bought: the company's name, tax id, branch and addresses, the member's name and e-mail.
      for (const buyer of [
        companyReceipt.company_name,
        companyReceipt.company_id,
        // The seller's tax id (0105569000002) holds the digits of the buyer's branch: the branch as a value.
        `"${companyReceipt.company_branch}"`,
        'เพชรเกษม',
        'ตู้ ปณ. 9',
        MEMBER_EMAIL,
        'ทดสอบ',
      ]) {
        expect(res.body, buyer).not.toContain(buyer);
      }
    }
  });

  test('the receipt to the satang, and the credit note of the refund, which names the tax invoice it corrects', async () => {
    const receipt = await ask({ doc_no: 'RC2026-000001', amount: '1990.50' });
    expect(receipt.json().data).toMatchObject({ doc_type: 'receipt', type_code: 'T01', total: 1990.5, signed: true });
    expect(receipt.body).not.toContain('ทดสอบ');

    const note = await ask({ doc_no: 'CN2026-000001', amount: '500' });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data).toMatchObject({
      doc_type: 'creditNote',
      type_code: '81',
      type_name: 'ใบลดหนี้',
      total: 500,
      refers_to: 'INV2026-000001',
      voided_by: null,
    });
  });

  test('a wrong total, one satang off, or a number never issued: one and the same 404', async () => {
    const answers = await Promise.all([
      ask({ doc_no: 'INV2026-000001', amount: '1070.01' }),
      ask({ doc_no: 'INV2026-000001', amount: '1069.99' }),
      ask({ doc_no: 'INV2026-000001', amount: '500' }),
      ask({ doc_no: 'INV2026-000099', amount: '1070' }),
      ask({ doc_no: 'RC2026-000001', amount: '1990' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json().message).toBe(messages.documentNotVerified.th);
  });

  test('a receipt staff voided says so, and by which cancellation note, which itself verifies', async () => {
    const voided = await staff.post('/api/ordersDocumentVoid', {
      id: receiptOrder,
      doc_no: 'RC2026-000001',
      cause: 'other',
      reason: 'ออกเอกสารผิดพลาด',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const { cancellation_no } = voided.json().data as { cancellation_no: string };
    await t.app.ctx.jobs.runDue();

    const res = await ask({ doc_no: 'RC2026-000001', amount: '1,990.50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ doc_no: 'RC2026-000001', voided_by: cancellation_no });

    const [note] = await t.db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, cancellation_no));
    const noteAnswer = await ask({ doc_no: cancellation_no, amount: String(note!.total) });
    expect(noteAnswer.statusCode, noteAnswer.body).toBe(200);
    expect(noteAnswer.json().data).toMatchObject({
      doc_type: 'cancellationNote',
      type_code: 'T07',
      type_name: 'ใบแจ้งยกเลิก',
      refers_to: 'RC2026-000001',
      voided_by: null,
    });
    expect(noteAnswer.body).not.toContain('ทดสอบ');
  });
});

describe('what is not a number or an amount', () => {
  const fieldsOf = async (query: Record<string, string>) => {
    const res = await ask(query);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json().fields as { path: string; message: string }[]).map((f) => [f.path, f.message]);
  };
  const badNumber = ['doc_no', messages.documentNoInvalid.th];
  const badAmount = ['amount', messages.documentAmountInvalid.th];

  test('Thai letters, quotes, a huge string, words for an amount: the field named, in Thai, never a 500', async () => {
    for (const doc_no of ["INV' OR '1'='1", 'ใบกำกับ', '-INV2026', 'X'.repeat(10_000)]) {
      expect(await fieldsOf({ doc_no, amount: '1070' }), doc_no.slice(0, 20)).toEqual([badNumber]);
    }
    for (const amount of ['หนึ่งพัน', '-1070', '1e3', '1070.001', 'Infinity', '9'.repeat(5_000), '']) {
      expect(await fieldsOf({ doc_no: 'INV2026-000001', amount }), amount.slice(0, 20)).toEqual([badAmount]);
    }
  });

  test('NUL and control characters are refused for the field before the schema reads it (the app-wide guard)', async () => {
    for (const [query, path] of [
      [{ doc_no: 'INV2026\u0000-000001', amount: '1070' }, 'doc_no'],
      [{ doc_no: 'INV2026-000001\u0007', amount: '1070' }, 'doc_no'],
      [{ doc_no: 'INV2026-000001', amount: '1070\u0000' }, 'amount'],
    ] as const) {
      const res = await ask(query);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual([{ path, code: 'invalid', message: messages.invalidInput.th }]);
    }
  });

  test('a missing field, or one the page never sends', async () => {
    const missing = await ask({ doc_no: 'INV2026-000001' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([expect.objectContaining({ path: 'amount', code: 'required' })]);
    const extra = await ask({ doc_no: 'INV2026-000001', amount: '1070', buyer: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual([expect.objectContaining({ path: 'buyer', code: 'unknown_field' })]);
  });
});

test('an address asking past the limit waits (429, Retry-After); another address and staff do not', async () => {
  const address = '198.51.100.7';
  for (let i = 0; i < DOCUMENT_VERIFY_LIMIT.max; i++) {
    expect((await ask({ doc_no: `RC2026-${String(i).padStart(6, '0')}`, amount: '1' }, address)).statusCode).toBe(404);
  }
  const refused = await ask({ doc_no: 'INV2026-000001', amount: '1070' }, address);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBe(String(DOCUMENT_VERIFY_LIMIT.windowMs / 1000));
  expect((await ask({ doc_no: 'INV2026-000001', amount: '1070' }, '198.51.100.8')).statusCode).toBe(200);
  expect((await staff.get('/api/documentVerify?doc_no=INV2026-000001&amount=1070')).statusCode).toBe(200);
});
