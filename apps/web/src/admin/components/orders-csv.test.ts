import type { StaffOrder } from '@sikkha/contract';
import { csvCell, guardCell, toCsv } from '@sikkha/contract/rules';
import { describe, expect, test } from 'vitest';
import { csvDate, csvDateTime, ordersCsv } from './orders-csv';

/** A row as ordersReview answers it, with everything a row may carry that the file must not. */
function row(over: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id: 41,
    create_by: 7,
    create_at: '2026-11-23T17:30:00.000Z',
    update_at: '2026-11-23T18:00:00.000Z',
    user_id: 7,
    orders_payment_type_id: 1,
    orders_total: 1990,
    orders_discount: 0,
    orders_net: 1990,
    orders_status: 'finish',
    orders_payment: 'credit',
    orders_payment_date: null,
    orders_payment_time: null,
    orders_payment_bank: null,
    orders_payment_account: null,
    orders_payment_slip: 'slip-abc123.png',
    orders_certificate: 'N',
    orders_book_send: 'N',
    receipt: 'N',
    receipt_type: null,
    approve_by: null,
    approve_date: '2026-11-23T17:35:00.000Z',
    orders_ref: 'SPSK0000000041',
    order_no: 'RE2569-000012',
    orders_refunded: 0,
    product_id: 3,
    product_title: 'คอร์สภาษีสำหรับ SME',
    product_book: 'N',
    token: 'tok_SECRET_payment_page_ref',
    expiresAt: null,
    fee: 53.23,
    coupon_id: null,
    coupon_code: null,
    cancel_reason: null,
    cancel_note: null,
    receipt_data: { card_id: '1101700230705', address: 'secret address' },
    slipCheck: {
      qr: 'QRPAYLOAD',
      reference: 'REF',
      bank: null,
      typed_date: null,
      typed_time: null,
      typed_amount: null,
      flags: [],
    },
    email: 'somchai@example.com',
    name_th: 'สมชาย',
    lname_th: 'ใจดี',
    phone: '0812345678',
    ...over,
  } as StaffOrder;
}

/** A CSV line split on its commas (the tests' cells hold none). */
const cells = (line: string | undefined) => (line ?? '').split(',');

describe('CSV cells', () => {
  test('a text cell that a spreadsheet would run as a formula is prefixed with an apostrophe', () => {
    for (const bad of ['=1+1', '+66812345678', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(guardCell(bad)).toBe(`'${bad}`);
    }
    expect(guardCell('สมชาย = ใจดี')).toBe('สมชาย = ใจดี');
    expect(guardCell('')).toBe('');
  });

  test('commas, quotes and line breaks are quoted; a guarded cell stays guarded inside its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
  });

  test('figures the exporter formatted are written as they are', () => {
    expect(csvCell({ number: '-0.50' })).toBe('-0.50');
    expect(toCsv([{ a: 'x' }], [{ header: 'h', value: (r) => r.a }])).toBe('h\r\nx');
  });
});

describe('dates in the export', () => {
  test('instants are Bangkok time, dd/MM/yyyy HH:mm, Buddhist era in Thai', () => {
    // 17:30 UTC on the 23rd is 00:30 on the 24th in Bangkok.
    expect(csvDateTime('2026-11-23T17:30:00.000Z', 'th')).toBe('24/11/2569 00:30');
    expect(csvDateTime('2026-11-23T17:30:00.000Z', 'en')).toBe('24/11/2026 00:30');
    expect(csvDateTime(null, 'th')).toBe('');
    expect(csvDateTime('not a date', 'th')).toBe('');
  });

  test('a calendar day keeps its day, with the typed time when there is one', () => {
    expect(csvDate('2026-01-05', '08:05:00', 'th')).toBe('05/01/2569 08:05');
    expect(csvDate('2026-01-05', null, 'en')).toBe('05/01/2026');
  });
});

describe('the orders CSV', () => {
  test('Thai headers, Thai words for states and methods, amounts with 2 decimals', () => {
    const [header, line] = ordersCsv([row({ orders_refunded: 500 })]).split('\r\n');
    const names = cells(header);
    for (const name of ['เลขที่คำสั่งซื้อ', 'เลขที่เอกสาร', 'วันที่สั่งซื้อ', 'วันที่ชำระ', 'สมาชิก', 'อีเมล']) {
      expect(names).toContain(name);
    }
    for (const name of ['โทรศัพท์', 'คอร์ส', 'วิธีชำระเงิน', 'สถานะ', 'ราคา', 'ส่วนลด', 'ยอดสุทธิ']) {
      expect(names).toContain(name);
    }
    for (const name of ['ค่าธรรมเนียม', 'ยอดชำระ', 'คืนเงินแล้ว']) expect(names).toContain(name);
    const value = (name: string) => cells(line)[names.indexOf(name)];
    expect(value('เลขที่คำสั่งซื้อ')).toBe('SPSK0000000041');
    expect(value('เลขที่เอกสาร')).toBe('RE2569-000012');
    expect(value('วันที่สั่งซื้อ')).toBe('24/11/2569 00:30');
    // A gateway payment has no typed day: when the shop recorded it.
    expect(value('วันที่ชำระ')).toBe('24/11/2569 00:35');
    expect(value('สมาชิก')).toBe('สมชาย ใจดี');
    expect(value('วิธีชำระเงิน')).toBe('บัตรเครดิต/เดบิต');
    expect(value('สถานะ')).toBe('สำเร็จ');
    expect(value('ราคา')).toBe('1990.00');
    expect(value('ส่วนลด')).toBe('0.00');
    expect(value('ค่าธรรมเนียม')).toBe('53.23');
    // What was paid: the net plus the card fee.
    expect(value('ยอดชำระ')).toBe('2043.23');
    expect(value('คืนเงินแล้ว')).toBe('500.00');
  });

  test('the new states read as the back office says them', () => {
    const csv = ordersCsv([row({ orders_status: 'refund' }), row({ orders_status: 'paid_after_cancel' })]);
    expect(csv).toContain('คืนเงินแล้ว');
    expect(csv).toContain('ชำระหลังยกเลิก');
    expect(csv).not.toContain(',refund,');
    expect(csv).not.toContain('paid_after_cancel');
  });

  test('a transfer shows the day and time the member typed', () => {
    const csv = ordersCsv([
      row({ orders_payment: 'transfer', orders_payment_date: '2026-11-20', orders_payment_time: '21:15:00', fee: 0 }),
    ]);
    expect(csv).toContain('20/11/2569 21:15');
    expect(csv).toContain('โอนเงิน');
  });

  test('never the payment page token, the receipt fields, the slip check, file names or record ids', () => {
    const csv = ordersCsv([row()], 'th') + ordersCsv([row()], 'en');
    expect(csv).not.toContain('tok_SECRET_payment_page_ref');
    expect(csv.toLowerCase()).not.toContain('token');
    expect(csv).not.toContain('1101700230705');
    expect(csv).not.toContain('secret address');
    expect(csv).not.toContain('QRPAYLOAD');
    expect(csv).not.toContain('slip-abc123.png');
    expect(csv).not.toContain('receipt_data');
    expect(csv).not.toContain('user_id');
  });

  test('a member who names themself as a formula gets a text cell', () => {
    const csv = ordersCsv([
      row({
        name_th: '=HYPERLINK("http://evil.example","x")',
        lname_th: null,
        phone: '+66812345678',
        cancel_note: '@x',
      }),
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).toContain("'+66812345678");
    expect(csv).toContain("'@x");
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
  });

  test('English headers and words when the back office is in English', () => {
    const [header, line] = ordersCsv([row()], 'en').split('\r\n');
    expect(cells(header)).toContain('Order reference');
    expect(line).toContain('Finished');
    expect(line).toContain('24/11/2026 00:30');
  });
});
