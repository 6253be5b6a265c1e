import { describe, expect, test } from 'vitest';
import { message } from '../messages.js';
import { baht, toSatang } from './money.js';
import {
  accessEnd,
  accessPeriodText,
  amountDue,
  feeOf,
  isThaiId,
  paymentProblem,
  periodBetween,
  receiptTypeOf,
  refundMethodOf,
} from './orders.js';

describe('Thai national id', () => {
  test('the 13th digit is the check digit of the first 12', () => {
    // 1-1037-02071-81-1: sum 1×13+1×12+0×11+3×10+7×9+0×8+2×7+0×6+7×5+1×4+8×3+1×2 = 197; (11 − 197 mod 11) mod 10 = 1.
    expect(isThaiId('1103702071811')).toBe(true);
    expect(isThaiId('1103702071812')).toBe(false);
    // A juristic person's tax id has the same form (the Revenue Department's own: 0994000165510).
    expect(isThaiId('0994000165510')).toBe(true);
    // Check digit 10 mod 10 is 0.
    expect(isThaiId('1000000000010')).toBe(false);
    expect(isThaiId('110370207181')).toBe(false);
    expect(isThaiId('11037020718111')).toBe(false);
    expect(isThaiId('11037020718a1')).toBe(false);
  });
});

describe('before any payment (spec 2 §5)', () => {
  const person = { receipt: 'Y', receipt_type: 'person', card_id: '1103702071811', address: 'กรุงเทพฯ' };
  const company = {
    receipt: 'Y',
    receipt_type: 'company',
    company_id: '0994000165510',
    company_name: 'บริษัท ตัวอย่าง จำกัด',
    company_address: 'ถนนพระราม 9',
    company_address_send: 'ถนนพระราม 9',
  };

  test('a book course without a delivery address stops first', () => {
    const p = paymentProblem({ product_book: 'Y', send_address: ' ', ...person, card_id: '' });
    expect(p).toEqual({ field: 'send_address', key: 'bookAddress', message: '! คอร์สมีเอกสารที่ต้องจัดส่ง' });
    expect(paymentProblem({ product_book: 'Y', send_address: 'บ้านเลขที่ 1' })).toBeNull();
    expect(paymentProblem({ product_book: 'N' })).toBeNull();
  });

  test('a receipt as a person needs a valid card id, then the address', () => {
    expect(paymentProblem({ ...person, card_id: null })?.message).toBe('กรุณากรอก เลขบัตรประชาชน');
    expect(paymentProblem({ ...person, card_id: '1103702071812' })?.key).toBe('cardIdInvalid');
    expect(paymentProblem({ ...person, address: '' })?.message).toBe('กรุณากรอก ที่อยู่');
    expect(paymentProblem(person)).toBeNull();
    // A receipt with no type is a person's.
    expect(paymentProblem({ ...person, receipt_type: null, card_id: '' })?.field).toBe('card_id');
  });

  test('a receipt as a company is checked in the spec order, stopping at the first missing', () => {
    const missing = (fields: Record<string, string>) => paymentProblem({ ...company, ...fields })?.message;
    expect(missing({ company_id: '', company_name: '' })).toBe('กรุณากรอก เลขประจำตัวผู้เสียภาษี');
    expect(missing({ company_id: '0994000165511' })).toBe(message('companyIdInvalid'));
    expect(missing({ company_name: '', company_address: '' })).toBe('กรุณากรอก ชื่อบริษัท');
    expect(missing({ company_address: '', company_address_send: '' })).toBe('กรุณากรอก ที่อยู่บริษัท');
    expect(missing({ company_address_send: '' })).toBe('กรุณากรอก ที่อยู่จัดส่งเอกสาร');
    expect(paymentProblem(company)).toBeNull();
  });

  test('no receipt asks nothing and clears the receipt type', () => {
    expect(paymentProblem({ receipt: 'N', receipt_type: 'company' })).toBeNull();
    expect(receiptTypeOf('N', 'company')).toBeNull();
    expect(receiptTypeOf('Y', 'company')).toBe('company');
    expect(receiptTypeOf('Y', null)).toBe('person');
  });

  test('a transfer needs its slip, date and time', () => {
    const transfer = { slip: 'a.png', date: '2568-03-01', time: '10:30' };
    expect(paymentProblem({ transfer: { ...transfer, slip: '' } })).toMatchObject({
      field: 'orders_payment_slip',
      message: 'กรุณากรอก ข้อมูล',
    });
    expect(paymentProblem({ transfer: { ...transfer, date: null } })?.field).toBe('orders_payment_date');
    expect(paymentProblem({ transfer: { ...transfer, time: undefined } })?.field).toBe('orders_payment_time');
    expect(paymentProblem({ transfer })).toBeNull();
  });

  test('messages come in English too', () => {
    expect(paymentProblem({ product_book: 'Y' }, 'en')?.message).toMatch(/delivery address/);
  });
});

describe('fee factor', () => {
  test('applies to gateway card methods only, as its own amount', () => {
    expect(feeOf(toSatang(1990), 1.02675, 'credit')).toBe(5323);
    expect(feeOf(toSatang(1990), 1.02675, 'unionpay')).toBe(5323);
    expect(feeOf(toSatang(1990), 1.02675, 'transfer')).toBe(0);
    expect(feeOf(toSatang(1990), 1.02675, 'qrcode')).toBe(0);
    expect(feeOf(toSatang(1990), 1, 'credit')).toBe(0);
    // 0.99 × 1.02675 = 1.0164825 baht: the fee rounds to 2 satang.
    expect(feeOf(toSatang('0.99'), 1.02675, 'smatrpay')).toBe(3);
  });
});

describe('amount due', () => {
  test('is the net plus the fee, in whole satang', () => {
    expect(amountDue({ orders_net: baht(1990), fee: baht('53.23') })).toBe(204_323);
    expect(amountDue({ orders_net: baht(1990), fee: baht(0) })).toBe(199_000);
    // Baht read back from numeric(12,2) never drift: 0.1 + 0.2 is 30 satang, not 30.000000000000004.
    expect(amountDue({ orders_net: baht('0.1'), fee: baht('0.2') })).toBe(30);
    expect(amountDue({ orders_net: baht(0), fee: baht(0) })).toBe(0);
  });
});

describe('access period', () => {
  const now = new Date('2026-11-23T05:00:00Z');
  test('a course bought now lasts 2 years', () => {
    expect(accessEnd(now)).toBe('2028-11-23');
    expect(accessPeriodText(now, now)).toBe('2 ปี');
    expect(accessPeriodText(now, now, 'en')).toBe('2 years');
  });
  test('what is left of a window in years, months and days, then today', () => {
    const bought = new Date('2025-01-10T03:00:00Z');
    expect(accessPeriodText(bought, now)).toBe('1 เดือน 18 วัน');
    expect(accessPeriodText(new Date('2026-01-10T03:00:00Z'), now)).toBe('1 ปี 1 เดือน 18 วัน');
    expect(accessPeriodText(new Date('2026-01-10T03:00:00Z'), now, 'en')).toBe('1 year 1 month 18 days');
    expect(accessPeriodText(bought, new Date('2027-01-09T03:00:00Z'))).toBe('1 วัน');
    expect(accessPeriodText(bought, new Date('2027-01-10T03:00:00Z'))).toBe('วันนี้');
    expect(accessPeriodText(bought, new Date('2028-01-10T03:00:00Z'))).toBe('วันนี้');
  });
  test('calendar arithmetic borrows the days of the month before', () => {
    expect(periodBetween('2026-01-31', '2026-03-01')).toEqual({ years: 0, months: 1, days: 1 });
    expect(periodBetween('2026-03-15', '2026-03-15')).toEqual({ years: 0, months: 0, days: 0 });
    expect(accessEnd(new Date('2028-02-29T00:00:00Z'))).toBe('2030-02-28');
  });
});

describe('refundMethodOf', () => {
  test('money goes back the way it came', () => {
    expect(refundMethodOf({ orders_payment: 'coin', paid_by_gateway: false })).toBe('coins');
    expect(refundMethodOf({ orders_payment: 'credit', paid_by_gateway: true })).toBe('gateway');
    expect(refundMethodOf({ orders_payment: 'qrcode', paid_by_gateway: true })).toBe('gateway');
    // A personal PromptPay or a transfer, and a gateway order staff approved with no charge behind it.
    expect(refundMethodOf({ orders_payment: 'qrcode', paid_by_gateway: false })).toBe('manual');
    expect(refundMethodOf({ orders_payment: 'transfer', paid_by_gateway: false })).toBe('manual');
    expect(refundMethodOf({ orders_payment: 'credit', paid_by_gateway: false })).toBe('manual');
  });
});
