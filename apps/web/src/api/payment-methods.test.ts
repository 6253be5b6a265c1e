import { PAYMENT_TYPE } from '@sikkha/contract';
import { describe, expect, test } from 'vitest';
import { type CheckoutSettings, offeredPayments, type PaymentType } from './payment-methods';

const type = (id: number, disable: 'Y' | 'N' = 'N') =>
  ({
    id,
    orders_payment_type_title: `type ${id}`,
    orders_payment_type_disable: disable,
    remove_by: 'N',
  }) as PaymentType;
const settings = (offered: CheckoutSettings['offered']) =>
  ({ account: null, feeFactor: 1, bahtPerCoin: 1, offered }) as CheckoutSettings;
const all = Object.values(PAYMENT_TYPE).map((id) => type(id));

describe('the ways to pay the pricing page and the order dialog show', () => {
  test('every type staff have on that the shop takes, in the types’ order: six with a gateway', () => {
    const everything = settings(['transfer', 'qrcode', 'credit', 'smatrpay', 'unionpay', 'coin']);
    expect(offeredPayments(all, everything)).toEqual(['credit', 'transfer', 'qrcode', 'coin', 'smatrpay', 'unionpay']);
  });

  test('not a type staff switched off, nor a method the shop cannot take (no gateway, no account)', () => {
    const types = all.map((t) => (t.id === PAYMENT_TYPE.coin ? type(t.id, 'Y') : t));
    expect(offeredPayments(types, settings(['qrcode', 'coin']))).toEqual(['qrcode']);
  });
});
