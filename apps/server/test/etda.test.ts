import { describe, expect, test } from 'vitest';
import { etdaExample, etdaVerdict } from './etda.js';

/** The judges judge: ETDA's own example passes both, and a document broken in each way fails the one that checks it. */
describe('the ETDA validation harness', () => {
  test('accepts ETDA’s own tax invoice example', async () => {
    expect(await etdaVerdict(await etdaExample('Example_TaxInvoice_2p1_v1.xml'), 'TaxInvoice')).toEqual({
      schema: [],
      rules: [],
    });
  });

  test('the XSD refuses an element the schema does not know, and an amount that is not one', async () => {
    const example = await etdaExample('Example_TaxInvoice_2p1_v1.xml');
    const unknown = example.replace('<ram:Name>ใบกำกับภาษี</ram:Name>', '<ram:Title>ใบกำกับภาษี</ram:Title>');
    expect((await etdaVerdict(unknown, 'TaxInvoice')).schema.join('\n')).toMatch(/Title/);
    const notAnAmount = example.replace('<ram:GrandTotalAmount>64788.50', '<ram:GrandTotalAmount>หกหมื่น');
    expect((await etdaVerdict(notAnAmount, 'TaxInvoice')).schema.join('\n')).toMatch(/GrandTotalAmount/);
  });

  test('the rules refuse a receipt’s type code on a tax invoice and a tax id of the wrong length', async () => {
    const example = await etdaExample('Example_TaxInvoice_2p1_v1.xml');
    const receiptCode = example.replace('<ram:TypeCode>388</ram:TypeCode>', '<ram:TypeCode>T01</ram:TypeCode>');
    const verdict = await etdaVerdict(receiptCode, 'TaxInvoice');
    expect(verdict.schema).toEqual([]);
    expect(verdict.rules.join('\n')).toMatch(/TIV-Document-001/);
    const shortId = example.replace('>1104599001271<', '>110459900127<');
    expect((await etdaVerdict(shortId, 'TaxInvoice')).rules.join('\n')).toMatch(/TIV-BuyerTradeParty-012/);
  });

  test('a tax invoice judged as a receipt fails at its root, which node-schematron alone would not check', async () => {
    const verdict = await etdaVerdict(await etdaExample('Example_TaxInvoice_2p1_v1.xml'), 'Receipt');
    expect(verdict.rules[0]).toMatch(/^root: expected Receipt_CrossIndustryInvoice/);
    expect(verdict.schema.join('\n')).toMatch(/TaxInvoice_CrossIndustryInvoice/);
  });
});
