import { describe, expect, test } from 'vitest';
import { paidBaht, remainingBaht } from './order-money';

describe('what an order paid and what may still be refunded', () => {
  test('paid is the net plus the card fee, in whole satang', () => {
    expect(paidBaht({ orders_net: 1990, fee: 53.23 })).toBe(2043.23);
    expect(paidBaht({ orders_net: 0.1, fee: 0.2 })).toBe(0.3);
    expect(paidBaht({ orders_net: 990, fee: null })).toBe(990);
  });

  test('what remains is what was paid less what was refunded, never below 0', () => {
    expect(remainingBaht({ orders_net: 1990, fee: 53.23, orders_refunded: 500 })).toBe(1543.23);
    expect(remainingBaht({ orders_net: 1990, fee: 0, orders_refunded: 1990 })).toBe(0);
    expect(remainingBaht({ orders_net: 1990, fee: 0, orders_refunded: 2000 })).toBe(0);
    expect(remainingBaht({ orders_net: 1990, orders_refunded: null })).toBe(1990);
  });
});
