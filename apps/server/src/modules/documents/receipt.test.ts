import { satang } from '@sikkha/contract/rules';
import { describe, expect, test } from 'vitest';
import { type IssuedOrder, receiptData, type Seller } from './receipt.js';

const seller: Seller = {
  name: 'บริษัท สิกขา จำกัด',
  address: '99/9 กรุงเทพมหานคร 10400',
  taxId: '0105569000002',
  branch: '00000',
  vatRegistered: true,
  vatPercent: 7,
};
const order: IssuedOrder = {
  order_no: 'INV2026-000009',
  receipt: { type: 'company', company_id: '0105556012341', company_name: 'บริษัท ลูกค้า จำกัด', company_address: 'ที่อยู่' },
  approve_date: new Date('2026-12-31T18:30:00Z'),
  orders_ref: 'SPSK0000000009',
  payment_title: 'บัตรเครดิต / เดบิต',
  product_title: 'คอร์ส',
  price: satang(250000),
  discount: satang(50000),
  fee: satang(5340),
  member_name: 'สมชาย ใจดี',
};

describe('receiptData', () => {
  test('price less the discount plus the fee is what was paid; VAT inside it to the satang', () => {
    const data = receiptData(order, seller);
    expect(data.lines.map((l) => [l.description, l.amount])).toEqual([
      ['คอร์ส', '2,500.00'],
      ['ส่วนลด', '-500.00'],
      ['ค่าธรรมเนียมการชำระด้วยบัตร', '53.40'],
    ]);
    // 2,053.40 × 7 / 107 = 134.33…
    expect(data.totals.map((t) => t.value)).toEqual(['2,053.40', '1,919.07', '134.33', '2,053.40']);
    expect(data.words).toBe('สองพันห้าสิบสามบาทสี่สิบสตางค์');
    expect(data.title).toBe('ใบกำกับภาษี / ใบเสร็จรับเงิน');
    // A company without a branch number is the head office; the Bangkok date of 01:30 on 1 January.
    expect(data.buyer).toEqual({
      name: 'บริษัท ลูกค้า จำกัด',
      address: 'ที่อยู่',
      tax_id: '0105556012341',
      branch: 'สำนักงานใหญ่',
    });
    expect(data.date).toBe('1 มกราคม พ.ศ. 2570');
  });

  test('a seller not registered for VAT issues a receipt naming the buyer, without a VAT line', () => {
    const data = receiptData(order, { ...seller, vatRegistered: false });
    expect(data.title).toBe('ใบเสร็จรับเงิน');
    expect(data.buyer.tax_id).toBe('0105556012341');
    expect(data.totals).toEqual([
      { label: 'จำนวนเงินรวมทั้งสิ้น', label_en: 'Grand total', value: '2,053.40', grand: true },
    ]);
  });

  test('no receipt asked: a receipt in the member’s name', () => {
    const data = receiptData({ ...order, receipt: null, discount: satang(0), fee: satang(0) }, seller);
    expect(data.title).toBe('ใบเสร็จรับเงิน');
    expect(data.buyer).toEqual({ name: 'สมชาย ใจดี', address: null, tax_id: null, branch: null });
    expect(data.lines).toHaveLength(1);
  });
});
