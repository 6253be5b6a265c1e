import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { etaxExportTexts } from '@sikkha/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp } from '../../../test/app.js';
import { etdaVerdict } from '../../../test/etda.js';
import { companyReceipt } from '../../../test/fixtures.js';
import { boughtByCard } from '../../../test/sandbox-card.js';
import { makeTestCa, type TestCa } from '../../../test/signing-ca.js';
import { issuedDocument, orderRefund } from '../../db/schema/index.js';
import type { EtaxKind } from './etax/index.js';

/**
 * The monthly export as staff download it, from documents issued through the real order flow in two Bangkok months
 * (one at 00:30 on 1 December in Bangkok, still 30 November in UTC), opened with `unzip` and held against the stored
 * PDFs (`pdfdetach`), ETDA's XSD and Schematron, and the register.
 */

const run = (command: string, ...args: string[]) => {
  const done = spawnSync(command, args, { encoding: 'buffer' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${done.stderr.toString('utf8')}`);
  return done.stdout;
};
const field = (xml: string, name: string) => new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`).exec(xml)?.[1];
/** The buyer's id and its scheme as the XML gives them (inside BuyerTradeParty). */
const buyerIdIn = (xml: string) => {
  const buyer = /<ram:BuyerTradeParty>[\s\S]*?<\/ram:BuyerTradeParty>/.exec(xml)?.[0] ?? '';
  const id = /<ram:ID schemeID="(\w+)"[^>]*>([^<]*)<\/ram:ID>/.exec(buyer);
  return { scheme: id?.[1], id: id?.[2] };
};
const kindOf: Record<string, EtaxKind> = {
  T01: 'Receipt',
  T03: 'TaxInvoice',
  '81': 'DebitCreditNote',
  T07: 'CancellationNote',
};

const person = { receipt: 'Y', receipt_type: 'person', card_id: '1101700207366', address: '99 ถนนพระราม 4 10500' };

let ca: TestCa;
let work: string;
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Awaited<ReturnType<typeof t.staff>>;
let member: Awaited<ReturnType<typeof t.member>>;

/** Between one step of the flow and the next: documents of distinct times, within a session's life. */
const STEP = 10 * 60 * 1000;

async function paidByCard(title: string, price: number, order: Record<string, unknown>) {
  t.clock.advance(STEP);
  return boughtByCard(t, member, { title, price }, order);
}

async function refund(id: number, amount: number) {
  t.clock.advance(STEP);
  const res = await staff.post('/api/ordersRefund', { id, amount, reason: 'คืนบางส่วน' });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.jobs.runDue();
  const [row] = await t.db.select().from(orderRefund).where(eq(orderRefund.orders_id, id));
  return row!;
}

/** A month's archive as staff download it, saved to a file for `unzip`. */
async function archiveOf(month: string) {
  const res = await staff.get(`/api/etaxMonthlyExport?month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="etax-${month}.zip"`);
  const path = join(work, `etax-${month}.zip`);
  await writeFile(path, res.rawPayload);
  run('unzip', '-tq', path);
  const names = run('unzip', '-Z1', path).toString('utf8').trim().split('\n');
  return { names, entry: (name: string) => run('unzip', '-p', path, name) };
}

/** The CSV summary's rows as cells (the cells hold no commas or quotes). */
function summaryRows(csv: Buffer) {
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.map((line) => line.split(','));
}

/** The XML the stored PDF of this number carries, as `pdfdetach -save` takes it out. */
async function xmlInStoredPdf(docNo: string) {
  const [row] = await t.db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, docNo));
  const kept = await t.app.ctx.providers.storage.read(row!.folder, row!.file);
  const pdf = join(work, `${docNo}.pdf`);
  await writeFile(pdf, await buffer(kept!.stream));
  expect(run('pdfdetach', '-list', pdf).toString('utf8')).toContain(`1 embedded files\n1: ${docNo}.xml`);
  run('pdfdetach', '-save', '1', '-o', `${pdf}.xml`, pdf);
  return readFile(`${pdf}.xml`);
}

const register = () =>
  t.db.select().from(issuedDocument).orderBy(asc(issuedDocument.issued_at), asc(issuedDocument.doc_no));

beforeAll(async () => {
  ca = makeTestCa();
  work = await mkdtemp(join(tmpdir(), 'sikkha-monthly-export-'));
  t = await testApp({
    dataDir: await mkdtemp(join(work, 'data-')),
    env: { ETAX_CERT_P12_PATH: ca.p12, ETAX_CERT_PASSWORD: ca.password },
  });
  staff = await t.staff('export-staff');
  member = await t.member('export-member@example.com');

  // November 2026 (the test clock starts on the 22nd): a company's tax invoice and its credit note, a person's tax
  // invoice, a receipt and its refund note (no XML); then staff void the person's tax invoice, issued in error: a
  // cancellation note and a replacement.
  const invoice = await paidByCard('บัญชีสำหรับเจ้าของกิจการ', 1990, companyReceipt);
  await refund(invoice, 500);
  const personal = await paidByCard('ถ่ายภาพด้วยมือถือ', 890, person);
  const receipt = await paidByCard('ภาษาอังกฤษเพื่อการทำงาน', 1590, {});
  await refund(receipt, 100);
  t.clock.advance(STEP);
  const voided = await staff.post('/api/ordersDocumentVoid', {
    id: personal,
    doc_no: 'INV2026-000002',
    cause: 'other',
    reason: 'ออกเอกสารผิดฉบับ',
  });
  expect(voided.json().data, voided.body).toEqual({
    cancellation_no: 'CA2026-000001',
    voided_no: 'INV2026-000002',
    replacement_no: 'INV2026-000003',
  });
  await t.app.ctx.jobs.runDue();

  // Paid a step later: at 00:30 on 1 December in Bangkok, 17:30 on 30 November in UTC, so December's.
  t.clock.advance(Date.parse('2026-11-30T17:20:00Z') - t.clock.now().getTime());
  // The sessions of the 22nd have expired by then: staff and a member sign in anew.
  staff = await t.staff('export-staff-december');
  member = await t.member('export-member-december@example.com');
  await paidByCard('การตลาดออนไลน์ฉบับมืออาชีพ', 2490, companyReceipt);
});

afterAll(async () => {
  await t?.close();
  await rm(ca.dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('the monthly e-Tax export', () => {
  test('a month’s archive holds that month’s XML files and no others, each the bytes its stored PDF carries', async () => {
    const november = await archiveOf('2026-11');
    expect(november.names.sort()).toEqual([
      'CA2026-000001.xml',
      'CN2026-000001.xml',
      'INV2026-000001.xml',
      'INV2026-000002.xml',
      'INV2026-000003.xml',
      'RC2026-000001.xml',
      'summary.csv',
    ]);
    for (const name of november.names.filter((n) => n.endsWith('.xml'))) {
      const xml = november.entry(name);
      expect(xml.equals(await xmlInStoredPdf(name.replace('.xml', ''))), name).toBe(true);
      const text = xml.toString('utf8');
      expect(text).toContain('<ds:Signature');
      expect(await etdaVerdict(text, kindOf[field(text, 'TypeCode')!]!), name).toEqual({ schema: [], rules: [] });
    }

    const december = await archiveOf('2026-12');
    expect(december.names.sort()).toEqual(['INV2026-000004.xml', 'summary.csv']);
    expect(december.entry('INV2026-000004.xml').equals(await xmlInStoredPdf('INV2026-000004'))).toBe(true);
  });

  test('the summary lists every document of the month, as the register and each XML say', async () => {
    const rows = await register();
    for (const month of ['2026-11', '2026-12']) {
      const archive = await archiveOf(month);
      const [header, ...cells] = summaryRows(archive.entry('summary.csv'));
      expect(header).toEqual([
        'เลขที่เอกสาร',
        'รหัสประเภทเอกสาร (ETDA)',
        'ประเภทเอกสาร',
        'วันที่เอกสาร',
        'ประเภทเลขประจำตัวผู้ซื้อ',
        'เลขประจำตัวผู้เสียภาษีผู้ซื้อ',
        'มูลค่าก่อนภาษีมูลค่าเพิ่ม',
        'ภาษีมูลค่าเพิ่ม',
        'จำนวนเงินรวม',
        'อ้างถึงเอกสาร',
        'ยกเลิกโดยเอกสาร',
        'ลงลายมือชื่อดิจิทัล',
      ]);
      const ofMonth = rows.filter((row) => cells.some((c) => c[0] === row.doc_no));
      expect(cells.map((c) => c[0])).toEqual(ofMonth.map((row) => row.doc_no));
      for (const [number, code, name, date, scheme, id, basis, vat, total, refersTo, voidedBy, signed] of cells) {
        const row = rows.find((r) => r.doc_no === number)!;
        expect([code, scheme, id, refersTo, voidedBy, signed], number).toEqual([
          row.type_code ?? '',
          row.buyer_scheme ?? '',
          row.buyer_id ?? '',
          row.refers_to ?? '',
          row.voided_by ?? '',
          row.signed ? 'Y' : 'N',
        ]);
        expect([Number(basis), Number(vat), Number(total)], number).toEqual([row.basis, row.vat, row.total]);
        expect(date!.startsWith(month), `${number} ${date}`).toBe(true);
        expect(Date.parse(date!)).toBe(Date.parse(row.issued_at));
        if (!row.xml_file) {
          expect(name).toBe('ใบแจ้งการคืนเงิน');
          continue;
        }
        const xml = archive.entry(`${number}.xml`).toString('utf8');
        expect(field(xml, 'IssueDateTime'), number).toBe(date);
        if (code === 'T07') {
          // ETDA's cancellation note names neither buyer nor amounts: its row has no buyer, as its XML, and the
          // amounts of the document it voids.
          expect(xml).not.toMatch(/Amount|BuyerTradeParty/);
          expect([scheme, id], number).toEqual(['', '']);
          const voided = cells.find((c) => c[0] === refersTo)!;
          expect([basis, vat, total], number).toEqual(voided.slice(6, 9));
          continue;
        }
        expect(field(xml, 'GrandTotalAmount'), number).toBe(total);
        expect(field(xml, 'TaxTotalAmount'), number).toBe(vat);
        expect(field(xml, 'TaxBasisTotalAmount'), number).toBe(basis);
        expect(buyerIdIn(xml), number).toEqual(scheme ? { scheme, id } : { scheme: 'OTHR', id: 'N/A' });
      }
    }
  });

  test('November: who bought, what was refunded, voided and issued again, in the summary', async () => {
    const [, ...cells] = summaryRows((await archiveOf('2026-11')).entry('summary.csv'));
    const of = (number: string) => cells.find((c) => c[0] === number);
    expect(of('INV2026-000001')).toEqual([
      'INV2026-000001',
      'T03',
      'ใบกำกับภาษี / ใบเสร็จรับเงิน',
      expect.stringMatching(/^2026-11-22T\d\d:\d\d:\d\d\+07:00$/),
      'TXID',
      '010555601234100002',
      '1859.81',
      '130.19',
      '1990.00',
      '',
      '',
      'Y',
    ]);
    expect(of('CN2026-000001')?.slice(0, 3)).toEqual(['CN2026-000001', '81', 'ใบลดหนี้']);
    expect(of('CN2026-000001')?.slice(8, 10)).toEqual(['500.00', 'INV2026-000001']);
    expect(of('INV2026-000002')?.slice(4, 6)).toEqual(['NIDN', '1101700207366']);
    expect(of('INV2026-000002')?.[10]).toBe('CA2026-000001');
    expect(of('CA2026-000001')?.slice(0, 3)).toEqual(['CA2026-000001', 'T07', 'ใบแจ้งยกเลิก']);
    expect(of('CA2026-000001')?.[9]).toBe('INV2026-000002');
    expect(of('INV2026-000003')?.slice(4, 6)).toEqual(['NIDN', '1101700207366']);
    expect(of('INV2026-000003')?.[10]).toBe('');
    expect(of('RC2026-000001')?.slice(1, 3)).toEqual(['T01', 'ใบเสร็จรับเงิน']);
    expect(of('RC2026-000001')?.slice(4, 6)).toEqual(['', '']);
    const refundNote = cells.find((c) => c[2] === 'ใบแจ้งการคืนเงิน');
    expect(refundNote?.slice(1, 2)).toEqual(['']);
    expect(refundNote?.[9]).toBe('RC2026-000001');
  });

  test('the register of a month is what the summary lists; a month with nothing is the summary’s header alone', async () => {
    const res = await staff.get('/api/etaxMonthlyRegister?month=2026-12');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: true, total: 1 });
    expect(res.json().data).toEqual([
      {
        doc_no: 'INV2026-000004',
        doc_type: 'taxInvoice',
        type_code: 'T03',
        issued_at: '2026-11-30T17:30:00.000Z',
        buyer_scheme: 'TXID',
        buyer_id: '010555601234100002',
        basis: 2327.1,
        vat: 162.9,
        total: 2490,
        signed: true,
        has_xml: true,
        refers_to: null,
        voided_by: null,
      },
    ]);
    expect((await staff.get('/api/etaxMonthlyRegister?month=2026-10')).json()).toMatchObject({ data: [], total: 0 });

    const october = await archiveOf('2026-10');
    expect(october.names).toEqual(['summary.csv']);
    expect(summaryRows(october.entry('summary.csv'))).toHaveLength(1);
  });

  test('only staff: a visitor is asked to sign in, a member is refused', async () => {
    for (const route of ['etaxMonthlyExport', 'etaxMonthlyRegister']) {
      expect((await t.visitor.get(`/api/${route}?month=2026-11`)).statusCode).toBe(401);
      const refused = await member.get(`/api/${route}?month=2026-11`);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toContain('application/json');
    }
  });

  test('a month that is not one, or has not come yet, is refused with a Thai message on the field', async () => {
    const cases: [string, string][] = [
      ['month=2026-13', etaxExportTexts.monthFormat.th],
      ['month=26-11', etaxExportTexts.monthFormat.th],
      ['month=1999-12', etaxExportTexts.monthFormat.th],
      ['month=2026-1', etaxExportTexts.monthFormat.th],
      ['month=', etaxExportTexts.monthFormat.th],
      ['', 'กรุณากรอก ข้อมูล'],
      // The clock is in December 2026 (Bangkok): January is still to come.
      ['month=2027-01', etaxExportTexts.monthFuture.th],
      ['month=2999-12', etaxExportTexts.monthFuture.th],
    ];
    for (const [query, text] of cases) {
      for (const route of ['etaxMonthlyExport', 'etaxMonthlyRegister']) {
        const res = await staff.get(`/api/${route}?${query}`);
        expect(res.statusCode, `${route}?${query}`).toBe(400);
        expect(res.json().fields, `${route}?${query}`).toEqual([
          expect.objectContaining({ path: 'month', message: text }),
        ]);
      }
    }
  });
});
