import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etdaExampleTaxInvoice, taxInvoiceSchemaErrors } from '../../../test/etda-reference.js';
import { makeTestCa, type TestCa, xmlsecVerify } from '../../../test/signing-ca.js';
import { loadShopSigner, type ShopSigner } from '../../lib/shop-signer.js';
import { signXml } from './xades.js';

let ca: TestCa;
let signer: ShopSigner;
beforeAll(() => {
  ca = makeTestCa();
  signer = loadShopSigner(ca.p12, ca.password);
});
afterAll(() => rmSync(ca.dir, { recursive: true, force: true }));

describe('XAdES-BES signature of an XML document', () => {
  it("signs ETDA's example tax invoice so that xmlsec1 verifies it against the CA and the XSD still passes", async () => {
    const unsigned = etdaExampleTaxInvoice();
    const unsignedFile = join(ca.dir, 'unsigned.xml');
    writeFileSync(unsignedFile, unsigned);
    expect(taxInvoiceSchemaErrors(unsignedFile)).toBe('');

    const signed = await signXml(unsigned, signer);
    const file = join(ca.dir, 'signed.xml');
    writeFileSync(file, signed);
    const verdict = xmlsecVerify(file, ca.caPem);
    expect(verdict.output).toContain('OK');
    expect(verdict.ok).toBe(true);
    expect(taxInvoiceSchemaErrors(file)).toBe('');
    // XAdES-BES: the signed properties carry the signing time and the signer's certificate digest.
    expect(signed).toMatch(/<xades:SigningTime>/);
    expect(signed).toMatch(/<xades:SigningCertificateV2>/);
    expect(signed.match(/<ds:Signature /g)).toHaveLength(1);
    expect(signed).toMatch(/<ds:Reference URI="">/);
    expect(signed).toMatch(/<\/ds:Signature><\/rsm:TaxInvoice_CrossIndustryInvoice>$/);
  });

  it('fails xmlsec1 once a signed amount is changed', async () => {
    const signed = await signXml(etdaExampleTaxInvoice(), signer);
    const amount = signed.match(/<ram:GrandTotalAmount>([^<]+)</)?.[1];
    expect(amount).toBeDefined();
    const tampered = signed.replace(`<ram:GrandTotalAmount>${amount}<`, '<ram:GrandTotalAmount>1.00<');
    const file = join(ca.dir, 'tampered.xml');
    writeFileSync(file, tampered);
    const verdict = xmlsecVerify(file, ca.caPem);
    expect(verdict.ok).toBe(false);
    expect(verdict.output).toMatch(/FAIL/);
  });

  it('is not trusted by xmlsec1 under another CA', async () => {
    const other = makeTestCa();
    const file = join(ca.dir, 'signed-other.xml');
    writeFileSync(file, await signXml(etdaExampleTaxInvoice(), signer));
    expect(xmlsecVerify(file, other.caPem).ok).toBe(false);
    rmSync(other.dir, { recursive: true, force: true });
  });

  it('refuses a processing instruction before the root', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<?xml-model href="x.sch"?>\n<a>1</a>`;
    await expect(signXml(xml, signer)).rejects.toThrow('remove <?xml-model?> before the root element');
  });
});
