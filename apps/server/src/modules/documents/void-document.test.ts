import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { etdaVerdict } from '../../../test/etda.js';
import { companyReceipt } from '../../../test/fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { boughtByCard } from '../../../test/sandbox-card.js';
import { makeTestCa, type TestCa, xmlsecVerify } from '../../../test/signing-ca.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';
import { documentVoid, issuedDocument } from '../../db/schema/index.js';
import type { EtaxKind } from './etax/index.js';

/**
 * A document issued in error, voided by staff: its cancellation note (ETDA T07) and its replacement, through the real
 * order flow, judged by ETDA's XSD and Schematron, xmlsec1, poppler and a real SMTP server.
 */

const TIMESTAMP_MAILBOX = 'csemail@etax.teda.th';
const MEMBER = 'void-member@example.com';
const run = (command: string, ...args: string[]) => {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  return `${done.stdout}${done.stderr}`;
};
const field = (xml: string, name: string) => new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`).exec(xml)?.[1];
const flat = (text: string) => text.replace(/\s+/g, '');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let ca: TestCa;
let work: string;
let smtp: TestSmtp;
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let member: Caller;

beforeAll(async () => {
  ca = makeTestCa();
  work = await mkdtemp(join(tmpdir(), 'sikkha-void-'));
  smtp = await startSmtp();
  t = await testApp({
    dataDir: work,
    env: {
      ETAX_CERT_P12_PATH: ca.p12,
      ETAX_CERT_PASSWORD: ca.password,
      SMTP_URL: smtp.url,
      ETAX_TIMESTAMP_MAILBOX: TIMESTAMP_MAILBOX,
    },
  });
  staff = await t.staff('void-staff');
  member = await t.member(MEMBER);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await rm(ca.dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** A course bought by card, its paid mail taken from the inbox. */
async function paidByCard(title: string, price: number, order: Record<string, unknown>) {
  const id = await boughtByCard(t, member, { title, price }, order);
  await smtp.nextMailTo(MEMBER);
  return id;
}

/** A PDF as downloaded, on disk for poppler, with the XML it carries (`pdfdetach`). */
async function downloaded(url: string, caller: Caller = member) {
  const res = await caller.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const path = join(work, `${sha256(res.rawPayload)}.pdf`);
  await writeFile(path, res.rawPayload);
  const saved = `${path}.xml`;
  run('pdfdetach', '-save', '1', '-o', saved, path);
  return { bytes: res.rawPayload, path, xml: await readFile(saved, 'utf8'), saved };
}

async function judged(document: { path: string; xml: string; saved: string }, kind: EtaxKind) {
  expect(await etdaVerdict(document.xml, kind)).toEqual({ schema: [], rules: [] });
  expect(xmlsecVerify(document.saved, ca.caPem)).toMatchObject({ ok: true });
  expect(run('pdfsig', document.path)).toContain('Signature Validation: Signature is Valid.');
}

describe('voiding a tax invoice issued with the wrong company name', () => {
  let orderId: number;
  let voided: Buffer;

  beforeAll(async () => {
    orderId = await paidByCard('บัญชีสำหรับเจ้าของกิจการ', 2990, {
      ...companyReceipt,
      company_name: 'บริษัท สะกดผิด จำกัด',
    });
    voided = (await downloaded(`/api/ordersTaxInvoiceFile?id=${orderId}`)).bytes;
  });

  test('a member may not void; staff must name the current document, a cause and a reason', async () => {
    const body = { id: orderId, doc_no: 'INV2026-000001', cause: 'name', reason: 'ชื่อบริษัทผิด' };
    expect((await member.post('/api/ordersDocumentVoid', body)).statusCode).toBe(403);
    expect((await t.visitor.post('/api/ordersDocumentVoid', body)).statusCode).toBe(401);
    for (const bad of [
      { ...body, reason: '   ' },
      { ...body, cause: 'typo' },
      { ...body, reason: 'ชื่อ\u0000ผิด' },
      { ...body, doc_no: 'x'.repeat(51) },
      { ...body, receipt: { type: 'company', company_id: '12345', company_name: 'ก', company_address: 'ที่อยู่' } },
    ]) {
      const res = await staff.post('/api/ordersDocumentVoid', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().result).toBe(false);
    }
    const wrongNumber = await staff.post('/api/ordersDocumentVoid', { ...body, doc_no: 'INV2026-999999' });
    expect(wrongNumber.statusCode).toBe(409);
    expect(wrongNumber.json().message).toContain('ไม่ใช่เอกสารปัจจุบัน');
  });

  test('two voids at once: one issues the cancellation note and the replacement, the other is refused', async () => {
    const body = {
      id: orderId,
      doc_no: 'INV2026-000001',
      cause: 'name',
      reason: 'ชื่อบริษัทผิด ลูกค้าแจ้งแก้ไข',
      receipt: {
        type: 'company',
        company_id: companyReceipt.company_id,
        company_name: 'บริษัท สะกดถูก จำกัด',
        company_address: companyReceipt.company_address,
        company_branch: companyReceipt.company_branch,
      },
    };
    const answers = await Promise.all([
      staff.post('/api/ordersDocumentVoid', body),
      staff.post('/api/ordersDocumentVoid', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((a) => a.statusCode === 200)!;
    expect(done.json().data).toEqual({
      cancellation_no: 'CA2026-000001',
      voided_no: 'INV2026-000001',
      replacement_no: 'INV2026-000002',
    });
    expect(await t.db.select().from(documentVoid)).toHaveLength(1);
    await t.app.ctx.jobs.runDue();
  });

  test('the voided tax invoice stays issued, kept byte for byte, marked voided by the note', async () => {
    const [entry] = await t.db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, 'INV2026-000001'));
    expect(entry).toMatchObject({ voided_by: 'CA2026-000001', sha256: sha256(voided) });
    const again = await downloaded('/api/issuedDocumentFile?doc_no=INV2026-000001');
    expect(again.bytes.equals(voided)).toBe(true);
  });

  test('the cancellation note is a signed PDF/A-3b carrying its signed T07 XML, valid to ETDA, naming the voided invoice', async () => {
    const note = await downloaded('/api/issuedDocumentFile?doc_no=CA2026-000001');
    await judged(note, 'CancellationNote');
    expect(field(note.xml, 'ID')).toBe('ER3-2560');
    expect(note.xml).toContain('<ram:TypeCode>T07</ram:TypeCode>');
    expect(note.xml).toContain('<ram:IssuerAssignedID>INV2026-000001</ram:IssuerAssignedID>');
    expect(note.xml).toContain('<ram:ReferenceTypeCode>T03</ram:ReferenceTypeCode>');
    expect(field(note.xml, 'Purpose')).toBe('ชื่อบริษัทผิด ลูกค้าแจ้งแก้ไข');
    const text = flat(pdfText(note.bytes));
    for (const printed of ['ใบแจ้งยกเลิก', 'CA2026-000001', 'INV2026-000001', 'INV2026-000002', '2,990.00']) {
      expect(text).toContain(flat(printed));
    }
    expect(text).toContain(flat('ชื่อบริษัทผิด ลูกค้าแจ้งแก้ไข'));
    const [entry] = await t.db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, 'CA2026-000001'));
    expect(entry).toMatchObject({ doc_type: 'cancellationNote', type_code: 'T07', refers_to: 'INV2026-000001' });
  });

  test('the replacement names the right company, refers to the voided invoice with purpose TIVC01, and is valid', async () => {
    const replacement = await downloaded(`/api/ordersTaxInvoiceFile?id=${orderId}`);
    await judged(replacement, 'TaxInvoice');
    expect(field(replacement.xml, 'PurposeCode')).toBe('TIVC01');
    expect(replacement.xml).toContain('<ram:IssuerAssignedID>INV2026-000001</ram:IssuerAssignedID>');
    expect(replacement.xml).toContain('บริษัท สะกดถูก จำกัด');
    expect(replacement.xml).not.toContain('สะกดผิด');
    const text = flat(pdfText(replacement.bytes));
    expect(text).toContain('INV2026-000002');
    expect(text).toContain(flat('บริษัท สะกดถูก จำกัด'));
    expect(text).toContain(flat('ออกแทนเอกสารเลขที่ INV2026-000001'));
  });

  test('the member gets the cancellation note and the replacement by mail, each copied to the time-stamp mailbox', async () => {
    const note = await smtp.nextMailTo(MEMBER);
    expect(note.subject).toBe('ยกเลิกเอกสารเลขที่ INV2026-000001');
    expect(note.to).toEqual([MEMBER, TIMESTAMP_MAILBOX]);
    expect(note.parsed.attachments.map((a) => a.filename)).toEqual(['CA2026-000001.pdf']);
    const notePdf = await member.get('/api/issuedDocumentFile?doc_no=CA2026-000001');
    expect(note.parsed.attachments[0]!.content.equals(notePdf.rawPayload)).toBe(true);

    const replacement = await smtp.nextMailTo(MEMBER);
    expect(replacement.subject).toBe('เอกสารฉบับใหม่เลขที่ INV2026-000002');
    expect(replacement.to).toEqual([MEMBER, TIMESTAMP_MAILBOX]);
    const pdf = await member.get(`/api/ordersTaxInvoiceFile?id=${orderId}`);
    expect(replacement.parsed.attachments[0]!.content.equals(pdf.rawPayload)).toBe(true);
  });

  test('the same number cannot be voided twice; another member and a visitor cannot download the documents', async () => {
    const again = await staff.post('/api/ordersDocumentVoid', {
      id: orderId,
      doc_no: 'INV2026-000001',
      cause: 'other',
      reason: 'อีกครั้ง',
    });
    expect(again.statusCode).toBe(409);
    const stranger = await t.member('void-stranger@example.com');
    expect((await stranger.get('/api/issuedDocumentFile?doc_no=CA2026-000001')).statusCode).toBe(404);
    expect((await t.visitor.get('/api/issuedDocumentFile?doc_no=CA2026-000001')).statusCode).toBe(401);
    expect((await staff.get('/api/issuedDocumentFile?doc_no=CA2026-000001')).statusCode).toBe(200);
    expect((await member.get('/api/issuedDocumentFile?doc_no=CA2099-000001')).statusCode).toBe(404);
  });
});

describe('voiding a receipt for another reason, and an order already refunded', () => {
  test('the replacement receipt carries RCTC99 with the reason and refers to the voided T01', async () => {
    const id = await paidByCard('ถ่ายภาพด้วยมือถือ', 990, {});
    const res = await staff.post('/api/ordersDocumentVoid', {
      id,
      doc_no: 'RC2026-000001',
      cause: 'other',
      reason: 'ออกเอกสารซ้ำจากระบบเดิม',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ cancellation_no: 'CA2026-000002', replacement_no: 'RC2026-000002' });
    await t.app.ctx.jobs.runDue();
    const replacement = await downloaded(`/api/ordersTaxInvoiceFile?id=${id}`);
    await judged(replacement, 'Receipt');
    expect(field(replacement.xml, 'PurposeCode')).toBe('RCTC99');
    expect(field(replacement.xml, 'Purpose')).toBe('ออกเอกสารซ้ำจากระบบเดิม');
    expect(replacement.xml).toContain('<ram:ReferenceTypeCode>T01</ram:ReferenceTypeCode>');
    const note = await downloaded('/api/issuedDocumentFile?doc_no=CA2026-000002');
    await judged(note, 'CancellationNote');
    await smtp.nextMailTo(MEMBER);
    await smtp.nextMailTo(MEMBER);
  });

  test('a refunded order’s document is referred to by its credit note: not voided', async () => {
    const id = await paidByCard('เขียนโปรแกรมเว็บ', 1500, companyReceipt);
    const [{ doc_no }] = (await t.db
      .select({ doc_no: issuedDocument.doc_no })
      .from(issuedDocument)
      .where(eq(issuedDocument.orders_id, id))) as [{ doc_no: string }];
    expect((await staff.post('/api/ordersRefund', { id, amount: 100, reason: 'คืนบางส่วน' })).statusCode).toBe(200);
    const res = await staff.post('/api/ordersDocumentVoid', { id, doc_no, cause: 'name', reason: 'ชื่อผิด' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('มีการคืนเงิน');
  });
});
