import { PAYMENT_TYPE } from '@sikkha/contract/rules';
import { describe, expect, test } from 'vitest';
import { type OrderForm, orderOf, orderResolver } from './order-form';
import { paymentPagePath } from './payment-paths';

const blank: OrderForm = {
  orders_payment_type_id: PAYMENT_TYPE.transfer,
  receipt: false,
  receipt_type: 'person',
  card_id: '',
  address: '',
  company_id: '',
  company_name: '',
  company_address: '',
  company_address_send: '',
  company_branch: '00000',
  orders_payment_slip: '',
  orders_payment_date: '2569-11-23',
  orders_payment_time: '',
  orders_payment_bank: '',
  orders_payment_amount: '1200.00',
};
const slipped = { ...blank, orders_payment_slip: 'slip-1.png', orders_payment_time: '09:30' };

/** The resolver's first error, as the form shows it: the field and its message. */
async function firstError(values: OrderForm) {
  const { errors } = await orderResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const [field, error] = Object.entries(errors)[0] ?? [];
  return field ? { field, message: (error as { message: string }).message } : null;
}

describe('the order form says the contract’s rules in the spec’s order, with its words', () => {
  test('a transfer needs its slip, then its time: กรุณากรอก ข้อมูล', async () => {
    expect(await firstError(blank)).toEqual({ field: 'orders_payment_slip', message: 'กรุณากรอก ข้อมูล' });
    expect(await firstError({ ...blank, orders_payment_slip: 'slip-1.png' })).toEqual({
      field: 'orders_payment_time',
      message: 'กรุณากรอก ข้อมูล',
    });
    // An hour picked without its minute is not a time yet.
    expect(await firstError({ ...slipped, orders_payment_time: '09:' })).toMatchObject({
      field: 'orders_payment_time',
    });
    expect(await firstError(slipped)).toBeNull();
  });

  test('a person’s receipt: the id card number (its check digit), then the address', async () => {
    const person = { ...slipped, receipt: true };
    expect(await firstError(person)).toEqual({ field: 'card_id', message: 'กรุณากรอก เลขบัตรประชาชน' });
    expect(await firstError({ ...person, card_id: '1101700123457' })).toEqual({
      field: 'card_id',
      message: 'เลขบัตรประชาชนไม่ถูกต้อง',
    });
    expect(await firstError({ ...person, card_id: '1101700123456' })).toEqual({
      field: 'address',
      message: 'กรุณากรอก ที่อยู่',
    });
  });

  test('a company’s receipt stops at the first missing of id, name, address, posting address', async () => {
    const company = { ...slipped, receipt: true, receipt_type: 'company' as const };
    const steps: [Partial<OrderForm>, string, string][] = [
      [{}, 'company_id', 'กรุณากรอก เลขประจำตัวผู้เสียภาษี'],
      [{ company_id: '0105556123453' }, 'company_name', 'กรุณากรอก ชื่อบริษัท'],
      [{ company_name: 'บริษัท ก จำกัด' }, 'company_address', 'กรุณากรอก ที่อยู่บริษัท'],
      [{ company_address: '1 ถนนสีลม' }, 'company_address_send', 'กรุณากรอก ที่อยู่จัดส่งเอกสาร'],
    ];
    let values: OrderForm = company;
    for (const [more, field, message] of steps) {
      values = { ...values, ...more };
      expect(await firstError(values)).toEqual({ field, message });
    }
    values = { ...values, company_address_send: '1 ถนนสีลม' };
    expect(await firstError(values)).toBeNull();
    // The branch its tax invoice names: five digits, the head office's by default.
    for (const branch of ['', '3', 'สาขา1']) {
      expect(await firstError({ ...values, company_branch: branch })).toEqual({
        field: 'company_branch',
        message: 'กรุณากรอก เลขที่สาขา 5 หลัก (สำนักงานใหญ่ 00000)',
      });
    }
    expect(await firstError({ ...values, company_branch: '00003' })).toBeNull();
  });

  test('coins take no receipt and no slip: the fields typed for another method are not checked or sent', async () => {
    const coins = { ...blank, orders_payment_type_id: PAYMENT_TYPE.coin, receipt: true, card_id: '1' };
    expect(await firstError(coins)).toBeNull();
    expect(orderOf(coins, 'key-12345678')).toEqual({
      orders_payment_type_id: PAYMENT_TYPE.coin,
      receipt: 'N',
      receipt_type: null,
      idempotency_key: 'key-12345678',
    });
  });
});

describe('orderOf: the order sends the choices only, never an amount the server decides', () => {
  test('a company transfer sends the company’s fields, trimmed, and the slip with its time and bank', () => {
    const order = orderOf(
      {
        ...slipped,
        receipt: true,
        receipt_type: 'company',
        card_id: '1101700123456',
        company_id: ' 0105556123453 ',
        company_name: 'บริษัท ก จำกัด',
        company_address: '1 ถนนสีลม',
        company_address_send: '1 ถนนสีลม',
        company_branch: ' 00003 ',
        orders_payment_bank: 'SCB',
      },
      'key-12345678',
    );
    expect(order).toEqual({
      orders_payment_type_id: PAYMENT_TYPE.transfer,
      receipt: 'Y',
      receipt_type: 'company',
      company_id: '0105556123453',
      company_name: 'บริษัท ก จำกัด',
      company_address: '1 ถนนสีลม',
      company_address_send: '1 ถนนสีลม',
      company_branch: '00003',
      orders_payment_slip: 'slip-1.png',
      orders_payment_date: '2569-11-23',
      orders_payment_time: '09:30',
      orders_payment_bank: 'SCB',
      orders_payment_amount: 1200,
      idempotency_key: 'key-12345678',
    });
    expect(order).not.toHaveProperty('orders_net');
  });

  test('a card order sends no slip fields', () => {
    expect(orderOf({ ...slipped, orders_payment_type_id: PAYMENT_TYPE.card }, 'key-12345678')).toEqual({
      orders_payment_type_id: PAYMENT_TYPE.card,
      receipt: 'N',
      receipt_type: null,
      idempotency_key: 'key-12345678',
    });
  });
});

describe('paymentPagePath: where a waiting order is paid', () => {
  test('card and union-pay on the card page, smart-pay on its own, QR on the QR page, transfer and coins nowhere', () => {
    expect(paymentPagePath('credit', 'a/b')).toBe('/creditCard/a%2Fb');
    expect(paymentPagePath('unionpay', 'T')).toBe('/creditCard/T');
    expect(paymentPagePath('smatrpay', 'T')).toBe('/creditCardSmatrPay/T');
    expect(paymentPagePath('qrcode', 'T')).toBe('/qrPlayment/T');
    expect(paymentPagePath('transfer', 'T')).toBeNull();
    expect(paymentPagePath('coin', 'T')).toBeNull();
  });
});
