import { satang } from '@sikkha/contract/rules';
import { describe, expect, test } from 'vitest';
import { etdaVerdict } from '../../../../test/etda.js';
import { testSeller } from '../../../../test/fixtures.js';
import { creditNoteData, type IssuedRefund } from '../credit-note.js';
import { type IssuedOrder, receiptData } from '../receipt.js';
import { cancellationNoteXml, type EtaxKind, type EtaxSeller, orderEtax, refundEtax } from './index.js';

// The fixtures' seller, at แขวงสุริยวงศ์ เขตบางรัก (TISI 1099: 100403).
const seller: EtaxSeller = {
  ...testSeller,
  addressCodes: { buildingNumber: '123', subdistrict: '100403', postcode: '10110' },
};
const notRegistered: EtaxSeller = { ...seller, vatRegistered: false };

const person: IssuedOrder['receipt'] = {
  type: 'person',
  name: 'นางสาวธารา ยืนขำ',
  card_id: '1103702071811',
  address: '799/89 ซอยจุฬา 10 ถนนพระราม 6 แขวงวังใหม่ เขตปทุมวัน กรุงเทพมหานคร 10330',
};
const company: IssuedOrder['receipt'] = {
  type: 'company',
  company_id: '0105556012341',
  company_name: 'บริษัท ลูกค้า จำกัด',
  company_address: '40/20 อาคารเบญจจินดา ถนนกำแพงเพชร 6 แขวงลาดยาว เขตจตุจักร กรุงเทพมหานคร 10900',
  company_branch: '00001',
};

const orderOf = (receipt: IssuedOrder['receipt'], coupon: boolean): IssuedOrder => ({
  order_no: 'INV2026-000009',
  receipt,
  approve_date: new Date('2026-12-31T18:30:00Z'),
  orders_ref: 'SPSK0000000009',
  payment_title: 'บัตรเครดิต / เดบิต',
  product_title: 'คอร์สภาษาไทยเพื่อการสื่อสาร',
  price: satang(250000),
  discount: satang(coupon ? 50000 : 0),
  fee: satang(5340),
  member_name: 'สมชาย ใจดี',
});

const refundOf = (amount: number, refundedBefore = 0): IssuedRefund => ({
  doc_type: 'creditNote',
  doc_no: 'CN2027-000001',
  amount: satang(amount),
  reason: 'ผู้เรียนขอยกเลิกภายใน 7 วัน',
  method: 'gateway',
  bank: null,
  account: null,
  coins: 0,
  issued_at: new Date('2027-01-05T03:00:00Z'),
  refunded_before: satang(refundedBefore),
});

const created = new Date('2027-01-05T03:00:01Z');

/** An element's text in the XML (the first one), e.g. the grand total. */
const field = (xml: string, name: string) => new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`).exec(xml)?.[1];
const fields = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1]);
/** The PDF's "1,919.07" as the XML writes it, "1919.07". */
const plain = (printed: string | undefined) => printed?.replace(/,/g, '');

async function expectValid(xml: string, kind: EtaxKind) {
  expect(await etdaVerdict(xml, kind)).toEqual({ schema: [], rules: [] });
}

const buyers = [
  ['a person', person],
  ['a company', company],
] as const;
const coupons = [
  ['with a coupon', true],
  ['without a coupon', false],
] as const;

describe.each(buyers)('%s', (_, buyer) => {
  describe.each(coupons)('%s', (__, coupon) => {
    const order = orderOf(buyer, coupon);

    test('the paid order’s tax invoice (T03) is valid, its totals the PDF’s to the satang', async () => {
      const document = orderEtax(order, seller, created);
      expect(document).toMatchObject({ kind: 'TaxInvoice', typeCode: 'T03' });
      await expectValid(document.xml, 'TaxInvoice');
      const [, beforeVat, vat, grand] = receiptData(order, seller).totals.map((t) => plain(t.value));
      expect(field(document.xml, 'TaxBasisTotalAmount')).toBe(beforeVat);
      expect(field(document.xml, 'TaxTotalAmount')).toBe(vat);
      expect(field(document.xml, 'GrandTotalAmount')).toBe(grand);
      expect(field(document.xml, 'IssueDateTime')).toBe('2027-01-01T01:30:00+07:00');
      expect(field(document.xml, 'AllowanceTotalAmount') !== undefined).toBe(coupon);
    });

    test('a seller not registered for VAT issues a receipt (T01), valid, without VAT', async () => {
      const document = orderEtax(order, notRegistered, created);
      expect(document).toMatchObject({ kind: 'Receipt', typeCode: 'T01' });
      await expectValid(document.xml, 'Receipt');
      const [grand] = receiptData(order, notRegistered).totals.map((t) => plain(t.value));
      expect(field(document.xml, 'GrandTotalAmount')).toBe(grand);
      expect(field(document.xml, 'TaxTotalAmount')).toBe('0.00');
      expect(document.xml).not.toContain('<ram:ApplicableTradeTax>');
      if (coupon) expect(field(document.xml, 'AllowanceTotalAmount')).toBe('500.00');
    });

    test('the credit note (81) of a refund is valid: purpose, the tax invoice it corrects, the PDF’s totals', async () => {
      for (const [refund, purposeCode] of [
        [refundOf(100000), 'CDNS99'],
        [refundOf(coupon ? 205340 : 255340), 'CDNS04'],
      ] as const) {
        const document = refundEtax(refund, order, seller, created);
        expect(document).toMatchObject({ kind: 'DebitCreditNote', typeCode: '81' });
        const xml = document!.xml;
        await expectValid(xml, 'DebitCreditNote');
        expect(field(xml, 'PurposeCode')).toBe(purposeCode);
        expect(field(xml, 'Purpose')).toBe('ผู้เรียนขอยกเลิกภายใน 7 วัน');
        expect(field(xml, 'IssuerAssignedID')).toBe('INV2026-000009');
        expect(field(xml, 'ReferenceTypeCode')).toBe('T03');
        const [differenceBeforeVat, vat, grand] = creditNoteData(refund, order, seller).totals.map((t) =>
          plain(t.value),
        );
        expect(field(xml, 'DifferenceInformationAmount')).toBe(differenceBeforeVat);
        expect(field(xml, 'TaxTotalAmount')).toBe(vat);
        expect(field(xml, 'GrandTotalAmount')).toBe(grand);
        // Original − difference = correct, all before VAT.
        const [original, correct, difference] = [
          'OriginalInformationAmount',
          'LineTotalAmount',
          'DifferenceInformationAmount',
        ].map((name) => Math.round(Number(field(xml, name)) * 100));
        expect(original! - difference!).toBe(correct);
      }
    });
  });

  test('the buyer is named by TXID (tax id and branch) or NIDN, with the address as text and its postcode', () => {
    const xml = orderEtax(orderOf(buyer, false), seller, created).xml;
    const buyerXml = xml.slice(xml.indexOf('<ram:BuyerTradeParty>'), xml.indexOf('</ram:BuyerTradeParty>'));
    if (buyer.type === 'company') {
      expect(buyerXml).toContain('<ram:ID schemeID="TXID" schemeAgencyID="RD">010555601234100001</ram:ID>');
      expect(field(buyerXml, 'PostcodeCode')).toBe('10900');
    } else {
      expect(buyerXml).toContain('<ram:ID schemeID="NIDN" schemeAgencyID="RD">1103702071811</ram:ID>');
      expect(field(buyerXml, 'PostcodeCode')).toBe('10330');
    }
  });
});

describe('the judges are listening', () => {
  // Each kind's own rules fire on the shop's own document: another kind's type code is refused.
  test.each([
    ['TaxInvoice', 'T03', 'T01', 'TIV-Document-001'],
    ['Receipt', 'T01', 'T03', 'RCT-Document-001'],
    ['DebitCreditNote', '81', 'T03', 'DCN-Document-001'],
    ['CancellationNote', 'T07', 'T01', 'CLN-Document-001'],
  ] as const)('%s with type code %s changed to %s fails %s', async (kind, code, other, rule) => {
    const order = orderOf(person, true);
    const xml = {
      TaxInvoice: () => orderEtax(order, seller, created).xml,
      Receipt: () => orderEtax(order, notRegistered, created).xml,
      DebitCreditNote: () => refundEtax(refundOf(1000), order, seller, created)!.xml,
      CancellationNote: () =>
        cancellationNoteXml(
          {
            number: 'CL1',
            cancelled_at: created,
            reason: 'ผิด',
            voided: { number: 'INV1', issued: created, typeCode: 'T03' },
          },
          seller,
          created,
        ),
    }[kind]();
    const broken = xml.replace(`<ram:TypeCode>${code}</ram:TypeCode>`, `<ram:TypeCode>${other}</ram:TypeCode>`);
    expect(broken).not.toBe(xml);
    const verdict = await etdaVerdict(broken, kind);
    expect(verdict.schema).toEqual([]);
    expect(verdict.rules.join('\n')).toContain(rule);
  });
});

describe('the other cases', () => {
  test('no tax invoice asked: a receipt (T01) in the member’s name, with no id (OTHR N/A), valid', async () => {
    const order = orderOf(null, true);
    const document = orderEtax(order, seller, created);
    expect(document.kind).toBe('Receipt');
    await expectValid(document.xml, 'Receipt');
    expect(document.xml).toContain('<ram:ID schemeID="OTHR">N/A</ram:ID>');
    expect(field(document.xml, 'GrandTotalAmount')).toBe(plain(receiptData(order, seller).totals.at(-1)?.value));
  });

  test('a refund note, or a credit note of a seller not registered for VAT, has no ETDA document', () => {
    const order = orderOf(person, false);
    expect(refundEtax({ ...refundOf(1000), doc_type: 'refundNote' }, order, seller, created)).toBeNull();
    expect(refundEtax(refundOf(1000), order, notRegistered, created)).toBeNull();
    expect(refundEtax(refundOf(1000), orderOf(null, false), seller, created)).toBeNull();
  });

  test.each([
    ['tax invoice', 'T03'],
    ['receipt', 'T01'],
    ['credit note', '81'],
  ])('the cancellation note (T07) of a %s voided in error is valid', async (_, typeCode) => {
    const xml = cancellationNoteXml(
      {
        number: 'CL2027-000001',
        cancelled_at: new Date('2027-01-02T02:00:00Z'),
        reason: 'ออกเอกสารผิดรายการ',
        voided: { number: 'INV2026-000009', issued: new Date('2026-12-31T18:30:00Z'), typeCode },
      },
      seller,
      created,
    );
    await expectValid(xml, 'CancellationNote');
    expect(field(xml, 'TypeCode')).toBe('T07');
    expect(field(xml, 'ReferenceTypeCode')).toBe(typeCode);
    expect(field(xml, 'Purpose')).toBe('ออกเอกสารผิดรายการ');
  });

  test('a reason longer than ETDA’s purpose holds is cut there between words and given whole in a note', async () => {
    const reason = `${'ผู้เรียนแจ้งว่าวิดีโอบางบทเปิดไม่ได้ '.repeat(12)}จึงคืนเงินบางส่วน`.trim();
    expect([...reason].length).toBeGreaterThan(256);
    expect([...reason].length).toBeLessThanOrEqual(500);
    const xml = refundEtax({ ...refundOf(1000), reason }, orderOf(company, true), seller, created)!.xml;
    await expectValid(xml, 'DebitCreditNote');
    const purpose = field(xml, 'Purpose')!;
    expect([...purpose].length).toBeLessThanOrEqual(256);
    expect(purpose.endsWith('…')).toBe(true);
    expect(reason.startsWith(purpose.slice(0, -1))).toBe(true);
    expect(fields(xml, 'Content')).toContain(reason);
  });

  test('markup and forbidden characters in the shop’s data are escaped or dropped, and the document stays valid', async () => {
    const order = orderOf(
      {
        type: 'company',
        company_id: '0105556012341',
        company_name: 'บริษัท <script>&"A\'B" จำกัด\u0007\uFFFE',
        company_address: 'ห้อง 5 </ram:LineOne><ram:CityName>1001</ram:CityName>\u0000 กรุงเทพฯ 10110',
      },
      true,
    );
    const xml = orderEtax({ ...order, product_title: 'คอร์ส ]]> & <b>' }, seller, created).xml;
    await expectValid(xml, 'TaxInvoice');
    expect(fields(xml, 'Name')).toContain('บริษัท &lt;script&gt;&amp;"A\'B" จำกัด');
    for (const forbidden of ['\u0000', '\u0007', '\uFFFE']) expect(xml).not.toContain(forbidden);
    expect(fields(xml, 'CityName')).toEqual(['1004']);
    expect(xml).toContain('<ram:Name>คอร์ส ]]&gt; &amp; &lt;b&gt;</ram:Name>');
  });
});
