import { satang } from '@sikkha/contract/rules';
import { describe, expect, test } from 'vitest';
import { creditNoteData, type IssuedRefund, type RefundedOrder } from './credit-note.js';
import type { Seller } from './receipt.js';

const seller: Seller = {
  name: 'บริษัท สิกขา จำกัด',
  address: '99/9 กรุงเทพมหานคร 10400',
  taxId: '0105569000002',
  branch: '00000',
  vatRegistered: true,
  vatPercent: 7,
};
// Paid 2,500.00 − 500.00 + 53.40 = 2,053.40, as its tax invoice says.
const order: RefundedOrder = {
  order_no: 'INV2026-000009',
  receipt: {
    type: 'company',
    company_id: '0105556012341',
    company_name: 'บริษัท ลูกค้า จำกัด',
    company_address: 'ที่อยู่',
    company_branch: '00002',
  },
  approve_date: new Date('2026-11-22T03:00:00Z'),
  orders_ref: 'SPSK0000000009',
  payment_title: 'บัตรเครดิต / เดบิต',
  product_title: 'คอร์ส',
  price: satang(250000),
  discount: satang(50000),
  fee: satang(5340),
  member_name: 'สมชาย ใจดี',
};
const refund: IssuedRefund = {
  doc_type: 'creditNote',
  doc_no: 'CN2026-000001',
  amount: satang(50000),
  reason: 'ลูกค้าขอยกเลิกบางส่วน',
  method: 'gateway',
  bank: null,
  account: null,
  coins: 0,
  issued_at: new Date('2026-12-31T18:30:00Z'),
  refunded_before: satang(0),
};

describe('creditNoteData', () => {
  test('a credit note: the tax invoice it corrects, original and correct values, the difference and its VAT', () => {
    const data = creditNoteData(refund, order, seller);
    expect(data.title).toBe('ใบลดหนี้');
    expect(data.title_en).toBe('CREDIT NOTE');
    expect(data.number).toBe('CN2026-000001');
    // The Bangkok date of 01:30 on 1 January.
    expect(data.date).toBe('1 มกราคม พ.ศ. 2570');
    expect(data.original).toEqual({
      label: 'ใบกำกับภาษี',
      label_en: 'Tax invoice',
      number: 'INV2026-000009',
      date: '22 พฤศจิกายน พ.ศ. 2569',
    });
    expect(data.seller).toEqual({
      name: 'บริษัท สิกขา จำกัด',
      address: '99/9 กรุงเทพมหานคร 10400',
      tax_id: '0105569000002',
      branch: 'สำนักงานใหญ่',
    });
    expect(data.buyer).toEqual({
      name: 'บริษัท ลูกค้า จำกัด',
      address: 'ที่อยู่',
      tax_id: '0105556012341',
      branch: 'สาขาที่ 00002',
    });
    expect(data.item).toMatchObject({ before: '2,053.40', after: '1,553.40', difference: '500.00' });
    expect(data.item.detail).toContain('คืนเงินบางส่วน');
    // 500.00 × 7 / 107 = 32.71, the rest 467.29.
    expect(data.totals.map((t) => [t.label, t.value])).toEqual([
      ['มูลค่าผลต่างก่อนภาษีมูลค่าเพิ่ม', '467.29'],
      ['ภาษีมูลค่าเพิ่ม 7%', '32.71'],
      ['รวมมูลค่าลดหนี้ทั้งสิ้น', '500.00'],
    ]);
    expect(data.words).toBe('ห้าร้อยบาทถ้วน');
    expect(data.reason).toBe('ลูกค้าขอยกเลิกบางส่วน');
    expect(data.refunded_by).toBe('คืนผ่านช่องทางที่ชำระ (บัตรเครดิต / เดบิต)');
  });

  test('a second refund of the same order starts from what the first left', () => {
    const data = creditNoteData(
      { ...refund, doc_no: 'CN2026-000002', amount: satang(155340), refunded_before: satang(50000) },
      order,
      seller,
    );
    expect(data.item).toMatchObject({ before: '1,553.40', after: '0.00', difference: '1,553.40' });
    expect(data.item.detail).toContain('คืนเงินส่วนที่เหลือ');
    // 1,553.40 × 7 / 107 = 101.62…
    expect(data.totals.map((t) => t.value)).toEqual(['1,451.78', '101.62', '1,553.40']);
    expect(data.words).toBe('หนึ่งพันห้าร้อยห้าสิบสามบาทสี่สิบสตางค์');
  });

  test('the VAT rate is the seller’s; a seller not registered for VAT refers to its receipt and shows no VAT', () => {
    expect(creditNoteData(refund, order, { ...seller, vatPercent: 10 }).totals[1]).toMatchObject({
      label: 'ภาษีมูลค่าเพิ่ม 10%',
      value: '45.45',
    });
    const data = creditNoteData(refund, order, { ...seller, vatRegistered: false });
    expect(data.title).toBe('ใบลดหนี้');
    expect(data.original.label).toBe('ใบเสร็จรับเงิน');
    expect(data.totals).toEqual([
      { label: 'รวมมูลค่าลดหนี้ทั้งสิ้น', label_en: 'Total credited', value: '500.00', grand: true },
    ]);
    expect(data.notes).toContain('ผู้ขายมิได้จดทะเบียนภาษีมูลค่าเพิ่ม');
  });

  test('a refund note against a plain receipt: the member, the receipt, the whole amount, no VAT lines', () => {
    const data = creditNoteData(
      {
        ...refund,
        doc_type: 'refundNote',
        doc_no: 'RN2026-000001',
        amount: satang(159000),
        method: 'manual',
        bank: 'KBANK',
        account: '123-4-56789-0',
      },
      {
        ...order,
        order_no: 'RC2026-000004',
        receipt: null,
        price: satang(159000),
        discount: satang(0),
        fee: satang(0),
      },
      seller,
    );
    expect(data.title).toBe('ใบแจ้งการคืนเงิน');
    expect(data.title_en).toBe('REFUND NOTE');
    expect(data.buyer).toEqual({ name: 'สมชาย ใจดี', address: null, tax_id: null, branch: null });
    expect(data.original).toMatchObject({ label: 'ใบเสร็จรับเงิน', number: 'RC2026-000004' });
    expect(data.item).toMatchObject({ before: '1,590.00', after: '0.00', difference: '1,590.00' });
    expect(data.item.detail).toContain('คืนเงินเต็มจำนวน');
    expect(data.totals).toEqual([
      { label: 'จำนวนเงินที่คืนทั้งสิ้น', label_en: 'Total refunded', value: '1,590.00', grand: true },
    ]);
    expect(data.reason_label).toBe('เหตุผลในการคืนเงิน');
    // The account only by its last four digits.
    expect(data.refunded_by).toBe('โอนคืนเข้าบัญชี ธนาคารกสิกรไทย บัญชีลงท้าย 7890');
  });

  test('coins, and an order that never had a document', () => {
    const data = creditNoteData(
      { ...refund, doc_type: 'refundNote', method: 'coins', coins: 1200 },
      { ...order, receipt: null, order_no: null, approve_date: null },
      seller,
    );
    expect(data.refunded_by).toBe('คืนเป็นเหรียญ 1,200 เหรียญ');
    expect(data.original).toMatchObject({ number: '-', date: '-' });
  });
});
