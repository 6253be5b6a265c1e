import { PAYMENT_TYPE } from '@sikkha/contract';
import { describe, expect, test } from 'vitest';
import { testApp } from '../../../test/app.js';

/** A shop on PostgreSQL (not the embedded demo), with its start log kept for reading. */
async function realShop(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const t = await testApp({
    env: { DATABASE_URL: 'postgres://shop@db.example/shop', JWT_SECRET: 'x'.repeat(40), ...env },
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
  return { t, log: () => lines.map((line) => JSON.parse(line) as { msg: string; setting?: string }) };
}

const order = (typeId: number) => ({
  order: { orders_payment_type_id: typeId, idempotency_key: `setup-${typeId}-key-0001` },
  ordersDetail: { product_id: 1 },
});

describe('a shop on PostgreSQL that has set neither a gateway nor its account', () => {
  test('offers no card method and no transfer, refuses them, and says why in its log and to staff', async () => {
    const { t, log } = await realShop();
    try {
      const settings = (await t.visitor.get('/api/checkoutSettings')).json().data;
      // No placeholder account for a member to pay into, and no test card that buys any course.
      expect(settings.account).toBeNull();
      expect(settings.offered).toEqual(['coin']);
      expect(t.app.ctx.providers.payments).toBeUndefined();

      const member = await t.member('real-shop@example.com');
      for (const type of [PAYMENT_TYPE.transfer, PAYMENT_TYPE.card, PAYMENT_TYPE.qr]) {
        const res = await member.post('/api/orders', order(type));
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toContain('ช่องทางการชำระเงินนี้ปิดให้บริการ');
      }

      const gaps = [
        { setting: 'SHOP_ACCOUNT_NUMBER', off: ['transfer'] },
        { setting: 'PAYMENT_GATEWAY', off: ['qrcode', 'credit', 'smatrpay', 'unionpay'] },
      ];
      const staff = await t.staff('setup-staff');
      expect((await staff.get('/api/paymentSetup')).json().data).toEqual({ offered: ['coin'], gaps });
      expect((await member.get('/api/paymentSetup')).statusCode).toBe(403);

      const warned = log().filter((entry) => entry.setting);
      expect(warned.map((entry) => entry.setting)).toEqual(['SHOP_ACCOUNT_NUMBER', 'PAYMENT_GATEWAY']);
      expect(warned[0]!.msg).toMatch(/bank transfer is not offered.*SHOP_ACCOUNT_NUMBER/);
      expect(warned[1]!.msg).toMatch(/no payment gateway.*offered: coin\. PROMPTPAY_ID alone/);
    } finally {
      await t.close();
    }
  });

  test('with its account and PromptPay id set it offers transfer and PromptPay, and names only the gateway', async () => {
    const { t, log } = await realShop({
      SHOP_BANK: 'SCB',
      SHOP_ACCOUNT_NAME: 'บริษัท จริง จำกัด',
      SHOP_ACCOUNT_NUMBER: '123-4-56789-0',
      PROMPTPAY_ID: '0812345678',
    });
    try {
      const settings = (await t.visitor.get('/api/checkoutSettings')).json().data;
      expect(settings.account).toEqual({ bank: 'SCB', name: 'บริษัท จริง จำกัด', number: '123-4-56789-0' });
      expect(settings.offered).toEqual(['transfer', 'qrcode', 'coin']);
      const staff = await t.staff('setup-staff');
      expect((await staff.get('/api/paymentSetup')).json().data.gaps).toEqual([
        { setting: 'PAYMENT_GATEWAY', off: ['credit', 'smatrpay', 'unionpay'] },
      ]);
      expect(log().map((entry) => entry.msg)).toContainEqual(
        expect.stringMatching(/no payment gateway.*offered: transfer, qrcode, coin\.$/),
      );
    } finally {
      await t.close();
    }
  });

  test('asked for the sandbox (PAYMENT_GATEWAY=sandbox), it has the test gateway', async () => {
    const { t } = await realShop({ PAYMENT_GATEWAY: 'sandbox' });
    try {
      expect((await t.visitor.get('/api/checkoutSettings')).json().data.offered).toContain('credit');
    } finally {
      await t.close();
    }
  });
});

test('the embedded demo shop keeps its sandbox and its placeholder account, and misses nothing', async () => {
  const t = await testApp();
  try {
    const settings = (await t.visitor.get('/api/checkoutSettings')).json().data;
    expect(settings.account.number).toBe('000-0-00000-0');
    expect(settings.offered).toEqual(['transfer', 'qrcode', 'credit', 'smatrpay', 'unionpay', 'coin']);
    const staff = await t.staff('demo-staff');
    expect((await staff.get('/api/paymentSetup')).json().data.gaps).toEqual([]);
  } finally {
    await t.close();
  }
});
