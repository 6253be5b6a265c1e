import { execFileSync } from 'node:child_process';
import QRCode from 'qrcode';
import { describe, expect, test } from 'vitest';
import { type CertificateData, certificateTemplate } from '../src/modules/certificates/certificates.service.js';
import { creditNoteData, creditNoteTemplate, type IssuedRefund } from '../src/modules/documents/credit-note.js';
import { type IssuedOrder, receiptData, receiptTemplate } from '../src/modules/documents/receipt.js';
import type { PdfFiles, PdfTemplate } from '../src/providers/pdf/pdf.js';
import { typstPdf } from '../src/providers/pdf/typst.js';
import { testSeller } from './fixtures.js';

/**
 * Every kind of PDF the shop hands out, filled with the Thai that broke them: words with a tone mark stacked on a
 * vowel (เพิ่ม, ทั้ง, ปั้น), ษ with ั, ำ, marks below (ุ, ู), and an address long enough to wrap in its cell. Read
 * back by poppler's pdftotext (an outside tool), each string must come out as typed, and no line may end inside a
 * Thai word.
 */
const pdf = typstPdf();

const seller = testSeller;

const order: IssuedOrder = {
  order_no: 'SK-2569-000123',
  receipt: {
    type: 'company',
    company_id: '0105556012345',
    company_name: 'บริษัท ทั้งหมดนี้ปั้นฝัน ผู้ใหญ่ใจดี จำกัด',
    company_address: '1234/56 อาคารศักดิ์สิทธิ์ทาวเวอร์ ชั้น 21 ถนนสุขุมวิท แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110',
    company_branch: '00001',
  },
  approve_date: new Date('2026-11-22T03:00:00Z'),
  orders_ref: 'PAY-778899',
  payment_title: 'โอนเงินผ่านธนาคาร',
  product_title: 'หลักสูตรภาษีมูลค่าเพิ่มสำหรับผู้เริ่มต้น ตั้งแต่พื้นฐานจนถึงการยื่นแบบ',
  price: 199_000,
  discount: 20_000,
  fee: 0,
  member_name: 'นางสาวน้ำผึ้ง ทั่งทองคำ',
} as IssuedOrder;

/** The text of a PDF by pdftotext, in the given mode. */
const pdftotext = (document: Buffer, mode: '-raw' | '-layout') =>
  execFileSync('pdftotext', [mode, '-enc', 'UTF-8', '-', '-'], { input: document }).toString('utf8');

/** Every string in a document's data. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

const squashed = (text: string) => text.replace(/\s+/g, '');
const THAI_LETTER = /\p{Script=Thai}/u;
const words = new Intl.Segmenter('th', { granularity: 'word' });

/**
 * Each string is found in the PDF's text as typed: poppler puts a line break where a line wrapped, so whitespace
 * is left out of the comparison, nothing else. A cluster given twice (เพิ่พิ่ม) or a mark lost fails it.
 */
function expectTyped(text: string, typed: string[]) {
  const found = squashed(text);
  for (const source of typed) expect(found, `"${source}" as typed`).toContain(squashed(source));
}

/**
 * No line of the page (each column of `pdftotext -layout` apart) ends inside a Thai word of the data: where a line
 * ends on Thai text that the data continues with a Thai letter, the dictionary has a word boundary there.
 */
function expectBreaksBetweenWords(layout: string, typed: string[]) {
  const fragments = layout.split('\n').flatMap((line) => line.split(/\s{2,}/).map((part) => part.trim()));
  for (const fragment of fragments) {
    const tail = /[\p{Script=Thai}\p{M}]+$/u.exec(fragment)?.[0];
    if (!tail || tail.length < 2) continue;
    for (const source of typed) {
      const at = source.indexOf(tail);
      const end = at + tail.length;
      if (at === -1 || !THAI_LETTER.test(source[end] ?? '')) continue;
      const boundaries = new Set([...words.segment(source)].map((s) => s.index));
      expect(boundaries.has(end), `a line ends inside a word: "${fragment}" of "${source}"`).toBe(true);
    }
  }
}

async function check<Data>(template: PdfTemplate<Data>, data: Data, typed: string[], files?: PdfFiles) {
  const document = await pdf.render(template, data, files);
  expectTyped(pdftotext(document, '-raw'), typed);
  expectBreaksBetweenWords(pdftotext(document, '-layout'), typed);
  return document;
}

describe('PDF documents read back as typed', () => {
  test('a tax invoice: every string, and the addresses wrapped between words', async () => {
    const data = receiptData(order, seller);
    const document = await check(receiptTemplate, data, strings(data));
    const layout = pdftotext(document, '-layout');
    // The seller's address wraps in its cell, where Typst alone broke "กรุงเทพมหาน" / "คร 10110".
    expect(layout).toMatch(/^กรุงเทพมหานคร 10110/m);
    for (const garbled of ['บริษัษั', 'เพิ่พิ่', 'ทั้ทั้', 'ปั้ปั้']) expect(layout).not.toContain(garbled);
  });

  test('a credit note and a refund note', async () => {
    const refund = {
      doc_no: 'CN-2569-0007',
      amount: 50_000,
      reason: 'ผู้เรียนขอยกเลิกบางส่วน เพราะเนื้อหาซ้ำกับหลักสูตรที่ซื้อไว้แล้ว ทั้งนี้ได้ตรวจสอบเรียบร้อย',
      method: 'manual',
      bank: null,
      account: null,
      coins: 0,
      issued_at: new Date('2026-11-25T03:00:00Z'),
      refunded_before: 0,
    } as Omit<IssuedRefund, 'doc_type'>;
    for (const doc_type of ['creditNote', 'refundNote'] as const) {
      const data = creditNoteData({ ...refund, doc_type }, order, seller);
      // The original's English label is printed lower-cased in a phrase of its own.
      const { label_en: _printedLowerCased, ...original } = data.original;
      await check(creditNoteTemplate, data, strings({ ...data, original }));
    }
  });

  test('a certificate, with a long course name and a name with stacked marks', async () => {
    const data: CertificateData = {
      name: 'นายสมศักดิ์ ปั้นเพิ่มทรัพย์',
      course: 'หลักสูตรการเขียนโปรแกรมภาษาไทยสำหรับผู้เริ่มต้นตั้งแต่พื้นฐานจนถึงการสร้างเว็บไซต์ที่ใช้งานได้จริงทั้งหมด',
      date: '22 พฤศจิกายน พ.ศ. 2569',
      number: 'ABCD-EFGH-JKLM-NPQR',
      url: 'https://sikkha.example/certificate/ABCD-EFGH-JKLM-NPQR',
    };
    const qr = Buffer.from(await QRCode.toString(data.url, { type: 'svg', margin: 0 }));
    // The link is in the QR code, not in the text.
    await check(certificateTemplate, data, strings({ ...data, url: undefined }), { qr });
  });
});
