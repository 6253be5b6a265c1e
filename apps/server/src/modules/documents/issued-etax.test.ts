import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { etdaVerdict } from '../../../test/etda.js';
import { companyReceipt } from '../../../test/fixtures.js';
import { pdfText } from '../../../test/pdf-text.js';
import { boughtByCard } from '../../../test/sandbox-card.js';
import { makeTestCa, SHOP_SIGNER_NAME, type TestCa, xmlsecVerify } from '../../../test/signing-ca.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';
import { job, orderDocument, orderRefund, product } from '../../db/schema/index.js';
import type { EtaxKind } from './etax/index.js';

/**
 * The documents as the shop issues them, through the real order flow: a PDF/A-3b carrying its ETDA XML, signed (XML
 * and PDF) when the shop has a certificate, unsigned when it has none; judged by poppler, xmlsec1 and ETDA's XSD and
 * Schematron.
 */

const company = companyReceipt;

const run = (command: string, ...args: string[]) => {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  return `${done.stdout}${done.stderr}`;
};
const field = (xml: string, name: string) => new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`).exec(xml)?.[1];
/** An XML amount ("2043.23") as the PDF prints it ("2,043.23"). */
const printed = (amount: string | undefined) =>
  Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

let ca: TestCa;
let work: string;
beforeAll(async () => {
  ca = makeTestCa();
  work = await mkdtemp(join(tmpdir(), 'sikkha-issued-etax-'));
});
afterAll(async () => {
  await rm(ca.dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** A shop with or without a certificate, a member and staff. */
async function shop(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(work, 'data-'));
  const t = await testApp({ dataDir, env });
  const staff = await t.staff('etax-staff');
  const member = await t.member('etax-member@example.com');

  const paidByCard = (title: string, price: number, order: Record<string, unknown>) =>
    boughtByCard(t, member, { title, price }, order);

  /** A stored PDF as its member downloads it, written to a file for poppler. */
  async function download(caller: Caller, url: string, name: string) {
    const res = await caller.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const path = join(dataDir, name);
    await writeFile(path, res.rawPayload);
    return { bytes: res.rawPayload, path };
  }

  return { t, staff, member, paidByCard, download, dataDir };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** The one file a PDF carries: listed by `pdfdetach -list`, saved by `pdfdetach -save`. */
async function attachedXml(pdf: string, name: string) {
  expect(run('pdfdetach', '-list', pdf)).toContain(`1 embedded files\n1: ${name}`);
  const saved = `${pdf}.xml`;
  run('pdfdetach', '-save', '1', '-o', saved, pdf);
  return { xml: await readFile(saved, 'utf8'), saved };
}

/** The XML's totals are the PDF's, as it prints them. */
function sameAmounts(xml: string, pdf: Buffer, names: string[]) {
  const text = pdfText(pdf);
  for (const name of names) {
    expect(field(xml, name), name).toMatch(/^\d+\.\d\d$/);
    expect(text, name).toContain(printed(field(xml, name)));
  }
}

/** ETDA's time-stamp mailbox of e-Tax Invoice by Email, here a mailbox of the local SMTP server. */
const TIMESTAMP_MAILBOX = 'csemail@etax.teda.th';

describe('a shop with a certificate, on e-Tax Invoice by Email', () => {
  let s: Shop;
  let smtp: TestSmtp;
  let invoiceOrder: number;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await shop({
      ETAX_CERT_P12_PATH: ca.p12,
      ETAX_CERT_PASSWORD: ca.password,
      SMTP_URL: smtp.url,
      ETAX_TIMESTAMP_MAILBOX: TIMESTAMP_MAILBOX,
    });
  });
  afterAll(async () => {
    await s.t.close();
    await smtp.close();
  });

  test('the paid tax invoice is a signed PDF/A-3b carrying its signed T03 XML, valid to ETDA, its amounts the PDF’s', async () => {
    invoiceOrder = await s.paidByCard('การตลาดออนไลน์ฉบับมืออาชีพ', 1990, company);
    const pdf = await s.download(s.member, `/api/ordersTaxInvoiceFile?id=${invoiceOrder}`, 'invoice.pdf');
    expect(run('pdfinfo', '-meta', pdf.path)).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    const verdict = run('pdfsig', pdf.path);
    expect(verdict).toContain('Signature Validation: Signature is Valid.');
    expect(verdict).toContain(`Signer Certificate Common Name: ${SHOP_SIGNER_NAME}`);
    expect(verdict).toContain('Total document signed');

    const { xml, saved } = await attachedXml(pdf.path, 'INV2026-000001.xml');
    expect(await etdaVerdict(xml, 'TaxInvoice')).toEqual({ schema: [], rules: [] });
    expect(field(xml, 'TypeCode')).toBe('T03');
    expect(xmlsecVerify(saved, ca.caPem)).toMatchObject({ ok: true });
    sameAmounts(xml, pdf.bytes, ['TaxBasisTotalAmount', 'TaxTotalAmount', 'GrandTotalAmount']);
    expect(field(xml, 'GrandTotalAmount')).toBe('1990.00');
    // The PDF prints where it is verified, its number and total filled in; the page's API confirms it.
    const link = /\/verify-document\?no=([^&\s]+)&amount=([\d.]+)/.exec(pdfText(pdf.bytes).replace(/\s+/g, ''));
    expect(link?.slice(1)).toEqual(['INV2026-000001', '1990.00']);
    const verified = await s.t.visitor.get(`/api/documentVerify?doc_no=${link![1]}&amount=${link![2]}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await s.staff.get('/api/signingStatus')).json().data).toEqual({
      signed: true,
      subject: SHOP_SIGNER_NAME,
      issuer: 'Sikkha Test CA',
      notAfter: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // The payment mail carries the same signed PDF, byte for byte, to the buyer with a copy to the time-stamp mailbox.
    const mail = await smtp.nextMailTo('etax-member@example.com');
    expect(mail.to).toEqual(['etax-member@example.com', TIMESTAMP_MAILBOX]);
    expect(mail.parsed.headers.get('cc')).toMatchObject({ value: [{ address: TIMESTAMP_MAILBOX }] });
    expect(mail.subject).toBe('ชำระเงินเรียบร้อย: การตลาดออนไลน์ฉบับมืออาชีพ');
    expect(mail.text).toContain('เลขที่เอกสาร INV2026-000001 (เอกสาร PDF แนบมากับอีเมลฉบับนี้)');
    expect(mail.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['INV2026-000001.pdf', 'application/pdf'],
    ]);
    expect(mail.parsed.attachments[0]!.content.equals(pdf.bytes)).toBe(true);
  });

  test('a part refunded at the gateway: the credit note carries its signed 81 XML, referring to the tax invoice', async () => {
    const refunded = await s.staff.post('/api/ordersRefund', { id: invoiceOrder, amount: 500, reason: 'คืนบางส่วน' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await s.t.app.ctx.jobs.runDue();
    const [refund] = await s.t.db.select().from(orderRefund).where(eq(orderRefund.orders_id, invoiceOrder));
    expect(refund).toMatchObject({ doc_type: 'creditNote', doc_no: 'CN2026-000001' });
    const pdf = await s.download(s.member, `/api/ordersRefundFile?id=${refund!.id}`, 'credit-note.pdf');
    expect(run('pdfsig', pdf.path)).toContain('Signature Validation: Signature is Valid.');

    const { xml, saved } = await attachedXml(pdf.path, 'CN2026-000001.xml');
    expect(await etdaVerdict(xml, 'DebitCreditNote' satisfies EtaxKind)).toEqual({ schema: [], rules: [] });
    expect(field(xml, 'TypeCode')).toBe('81');
    expect(xml).toContain('<ram:IssuerAssignedID>INV2026-000001</ram:IssuerAssignedID>');
    expect(xmlsecVerify(saved, ca.caPem)).toMatchObject({ ok: true });
    sameAmounts(xml, pdf.bytes, ['TaxTotalAmount', 'GrandTotalAmount']);
    expect(field(xml, 'GrandTotalAmount')).toBe('500.00');

    // The refund mail carries the credit note, byte for byte, with the copy to the time-stamp mailbox.
    const mail = await smtp.nextMailTo('etax-member@example.com');
    expect(mail.subject).toMatch(/^คืนเงินคำสั่งซื้อ /);
    expect(mail.text).toContain('เลขที่เอกสาร CN2026-000001 (เอกสาร PDF แนบมากับอีเมลฉบับนี้');
    expect(mail.to).toEqual(['etax-member@example.com', TIMESTAMP_MAILBOX]);
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual(['CN2026-000001.pdf']);
    expect(mail.parsed.attachments[0]!.content.equals(pdf.bytes)).toBe(true);
  });

  test('a receipt (no tax invoice asked) carries its signed T01 XML; its refund note, which ETDA has no kind for, none', async () => {
    const id = await s.paidByCard('ภาษาอังกฤษเพื่อการทำงาน', 1590, {});
    const pdf = await s.download(s.member, `/api/ordersTaxInvoiceFile?id=${id}`, 'receipt.pdf');
    expect(run('pdfsig', pdf.path)).toContain('Signature Validation: Signature is Valid.');
    const { xml, saved } = await attachedXml(pdf.path, 'RC2026-000001.xml');
    expect(await etdaVerdict(xml, 'Receipt')).toEqual({ schema: [], rules: [] });
    expect(xmlsecVerify(saved, ca.caPem)).toMatchObject({ ok: true });
    sameAmounts(xml, pdf.bytes, ['TaxTotalAmount', 'GrandTotalAmount']);

    expect((await s.staff.post('/api/ordersRefund', { id, amount: 100, reason: 'คืนบางส่วน' })).statusCode).toBe(200);
    await s.t.app.ctx.jobs.runDue();
    const [refund] = await s.t.db.select().from(orderRefund).where(eq(orderRefund.orders_id, id));
    expect(refund?.doc_type).toBe('refundNote');
    const note = await s.download(s.member, `/api/ordersRefundFile?id=${refund!.id}`, 'refund-note.pdf');
    expect(run('pdfdetach', '-list', note.path)).toContain('0 embedded files');
    expect(run('pdfsig', note.path)).toContain('does not contain any signatures');

    // The receipt's mail goes to the time-stamp mailbox too; the refund note's, not an e-Tax document, does not.
    expect((await smtp.nextMailTo('etax-member@example.com')).to).toEqual([
      'etax-member@example.com',
      TIMESTAMP_MAILBOX,
    ]);
    const mail = await smtp.nextMailTo('etax-member@example.com');
    expect(mail.to).toEqual(['etax-member@example.com']);
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual([`${refund!.doc_no}.pdf`]);
    expect(mail.parsed.attachments[0]!.content.equals(note.bytes)).toBe(true);
  });
});

describe('a shop without a certificate', () => {
  let s: Shop;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await shop({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await s.t.close();
    await smtp.close();
  });

  test('issues the same PDF/A-3b with the same XML, neither signed', async () => {
    const id = await s.paidByCard('ลงทุนหุ้นไทยสำหรับมือใหม่', 2490, company);
    const pdf = await s.download(s.member, `/api/ordersTaxInvoiceFile?id=${id}`, 'invoice.pdf');
    expect(run('pdfinfo', '-meta', pdf.path)).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(run('pdfsig', pdf.path)).toContain('does not contain any signatures');
    const { xml } = await attachedXml(pdf.path, 'INV2026-000001.xml');
    expect(xml).not.toContain('Signature');
    expect(await etdaVerdict(xml, 'TaxInvoice')).toEqual({ schema: [], rules: [] });
    sameAmounts(xml, pdf.bytes, ['TaxBasisTotalAmount', 'TaxTotalAmount', 'GrandTotalAmount']);
    // What staff download as XML is what the PDF carries, but for when it was made.
    const staffXml = (await s.staff.get(`/api/ordersTaxInvoiceXml?id=${id}`)).body;
    const created = /<ram:CreationDateTime>[^<]*<\/ram:CreationDateTime>/g;
    expect(staffXml.replace(created, '')).toBe(xml.replace(created, ''));
    const mail = await smtp.nextMailTo('etax-member@example.com');
    expect(mail.parsed.attachments[0]!.content.equals(pdf.bytes)).toBe(true);
    // Without a time-stamp mailbox set, no copy.
    expect(mail.to).toEqual(['etax-member@example.com']);
    // The back office says so (its dashboard's notice); only staff may ask.
    const status = await s.staff.get('/api/signingStatus');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toEqual({ signed: false, note: 'documents are issued unsigned' });
    expect((await s.member.get('/api/signingStatus')).statusCode).toBe(403);
    expect((await s.t.visitor.get('/api/signingStatus')).statusCode).toBe(401);
  });

  test('a payment mail sent before the document’s job ran makes the document, once, and carries it', async () => {
    const [course] = await s.t.db
      .insert(product)
      .values({ product_title: 'โค้ดดิ้งเบื้องต้นด้วย Python', product_price: baht(1890), product_status: 'Show' })
      .returning({ id: product.id });
    const placed = await s.member.post('/api/orders', {
      order: { orders_payment_type_id: 5 },
      ordersDetail: { product_id: course!.id },
    });
    const id = placed.json().data.id as number;
    expect((await s.staff.post('/api/ordersUpdate', { id, orders_status: 'finish' })).statusCode).toBe(200);
    // The document's job held back an hour: the mail goes first.
    const later = new Date(s.t.clock.now().getTime() + 3_600_000).toISOString();
    await s.t.db
      .update(job)
      .set({ run_at: later })
      .where(eq(job.key, `documents.issue:${id}`));
    await s.t.app.ctx.jobs.runDue();
    const mail = await smtp.nextMailTo('etax-member@example.com');
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual(['RC2026-000001.pdf']);
    const [issued] = await s.t.db.select().from(orderDocument).where(eq(orderDocument.orders_id, id));
    expect(issued).toMatchObject({ order_no: 'RC2026-000001' });

    s.t.clock.advance(3_600_000);
    await s.t.app.ctx.jobs.runDue();
    expect(await s.t.db.select().from(orderDocument).where(eq(orderDocument.orders_id, id))).toEqual([issued]);
    const pdf = await s.download(s.member, `/api/ordersTaxInvoiceFile?id=${id}`, 'receipt.pdf');
    expect(mail.parsed.attachments[0]!.content.equals(pdf.bytes)).toBe(true);
    expect(run('pdfdetach', '-list', pdf.path)).toContain('1: RC2026-000001.xml');
  });
});
