import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp } from '../../../test/app.js';

let t: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  t = await testApp({
    env: {
      PAYMENT_GATEWAY: 'none',
      PROMPTPAY_ID: '0812345678',
      SHOP_BANK: 'SCB',
      SHOP_ACCOUNT_NAME: 'บริษัท ทดสอบ จำกัด',
      SHOP_ACCOUNT_NUMBER: '123-4-56789-0',
      FEE_FACTOR: '1.03',
      COIN_BAHT_RATE: '2',
    },
  });
});
afterAll(() => t?.close());

describe('GET /api/checkoutSettings', () => {
  test('a visitor reads the shop’s account, fee factor and coin rate as configured, and the methods taken now', async () => {
    const res = await t.visitor.get('/api/checkoutSettings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      account: { bank: 'SCB', name: 'บริษัท ทดสอบ จำกัด', number: '123-4-56789-0' },
      feeFactor: 1.03,
      bahtPerCoin: 2,
      // No gateway: no card, smart-pay or union-pay; the shop's PromptPay id makes the QR.
      offered: ['transfer', 'qrcode', 'coin'],
    });
  });
});

describe('the card fee by default', () => {
  test('a shop that sets no FEE_FACTOR charges no surcharge: the factor the checkout shows is 1', async () => {
    const plain = await testApp();
    try {
      const res = await plain.visitor.get('/api/checkoutSettings');
      expect(res.json().data.feeFactor).toBe(1);
    } finally {
      await plain.close();
    }
  });
});
