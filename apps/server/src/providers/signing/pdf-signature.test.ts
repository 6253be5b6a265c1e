import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etdaExampleTaxInvoice, taxInvoiceSchemaErrors } from '../../../test/etda-reference.js';
import { testSeller } from '../../../test/fixtures.js';
import { makeTestCa, SHOP_SIGNER_NAME, type TestCa, xmlsecVerify } from '../../../test/signing-ca.js';
import { loadShopSigner, type ShopSigner } from '../../lib/shop-signer.js';
import { type IssuedOrder, receiptData, receiptTemplate } from '../../modules/documents/receipt.js';
import { typstPdf } from '../pdf/typst.js';
import { signPdf } from './pdf-signature.js';
import { signXml } from './xades.js';

const seller = testSeller;

const order = {
  order_no: 'SK-2569-000123',
  receipt: { type: 'person', name: 'นางสาวน้ำผึ้ง ทั่งทองคำ', address: '9 ถนนสีลม กรุงเทพมหานคร 10500' },
  approve_date: new Date('2026-11-22T03:00:00Z'),
  orders_ref: 'PAY-778899',
  payment_title: 'โอนเงินผ่านธนาคาร',
  product_title: 'หลักสูตรภาษีมูลค่าเพิ่มสำหรับผู้เริ่มต้น',
  price: 199_000,
  discount: 0,
  fee: 0,
  member_name: 'นางสาวน้ำผึ้ง ทั่งทองคำ',
} as IssuedOrder;

const run = (command: string, ...args: string[]) => {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
};

let ca: TestCa;
let signer: ShopSigner;
let xml: string;
let pdfA3: Buffer;
let signed: Buffer;
const file = (name: string) => join(ca.dir, name);

beforeAll(async () => {
  ca = makeTestCa();
  signer = loadShopSigner(ca.p12, ca.password);
  xml = await signXml(etdaExampleTaxInvoice(), signer);
  pdfA3 = await typstPdf().render(receiptTemplate, receiptData(order, seller), undefined, {
    alternative: {
      name: 'SK-2569-000123.xml',
      bytes: Buffer.from(xml),
      mimeType: 'application/xml',
      description: 'ETDA e-Tax Invoice XML',
    },
  });
  signed = await signPdf(pdfA3, signer, { reason: 'e-Tax Invoice' });
  writeFileSync(file('signed.pdf'), signed);
});
afterAll(() => rmSync(ca.dir, { recursive: true, force: true }));

describe('a PDF/A-3b with its XML, signed', () => {
  it('is a PDF/A-3b (XMP part 3, conformance B) carrying the XML as its alternative representation', () => {
    const meta = execFileSync('pdfinfo', ['-meta', '-'], { input: pdfA3 }).toString('utf8');
    expect(meta).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(meta).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(pdfA3.toString('latin1')).toMatch(/\/AFRelationship\s*\/Alternative/);
    expect(run('pdfdetach', '-list', file('signed.pdf')).output).toContain('1: SK-2569-000123.xml');
  });

  it('keeps the unsigned bytes first and unchanged, and passes qpdf --check', () => {
    expect(signed.subarray(0, pdfA3.length).equals(pdfA3)).toBe(true);
    const check = run('qpdf', '--check', file('signed.pdf'));
    expect(check.output).toContain('No syntax or stream encoding errors found');
    expect(check.status).toBe(0);
  });

  it('has a signature poppler finds valid, over the whole file, naming the shop', () => {
    const verdict = run('pdfsig', file('signed.pdf'));
    expect(verdict.output).toContain('Signature Validation: Signature is Valid.');
    expect(verdict.output).toContain(`Signer Certificate Common Name: ${SHOP_SIGNER_NAME}`);
    expect(verdict.output).toContain('Signature Type: ETSI.CAdES.detached');
    expect(verdict.output).toContain('Total document signed');
  });

  it('gives back the XML byte for byte, still signed and valid against the XSD', () => {
    const saved = file('extracted.xml');
    execFileSync('pdfdetach', ['-save', '1', '-o', saved, file('signed.pdf')]);
    expect(readFileSync(saved).equals(Buffer.from(xml))).toBe(true);
    expect(xmlsecVerify(saved, ca.caPem).ok).toBe(true);
    expect(taxInvoiceSchemaErrors(saved)).toBe('');
  });

  it('fails pdfsig once a signed byte is changed', () => {
    const text = signed.toString('latin1');
    const at = text.indexOf('Typst');
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(signed);
    tampered.write('Typzt', at, 'latin1');
    writeFileSync(file('tampered.pdf'), tampered);
    const verdict = run('pdfsig', file('tampered.pdf'));
    expect(verdict.output).not.toContain('Signature is Valid.');
    expect(verdict.output).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });
});
