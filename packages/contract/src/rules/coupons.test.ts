import { describe, expect, test } from 'vitest';
import { coinsToPay } from './coins.js';
import {
  type CouponFacts,
  type CouponTerms,
  type CouponValidity,
  couponAllowsPayment,
  couponEffect,
  couponFieldsOf,
  couponFitsProduct,
  couponOpenAt,
  couponRefusal,
  couponWindow,
} from './coupons.js';
import { toSatang } from './money.js';

const none = { coupon_price: null, coupon_percent: null, coupon_point: null, coupon_pay: null };
const terms = (t: Partial<CouponTerms> & Pick<CouponTerms, 'coupon_type'>): CouponTerms => ({ ...none, ...t });
const effect = (price: number, t: CouponTerms | null) => {
  const e = couponEffect(toSatang(price), t);
  return { price: e.price / 100, discount: e.discount / 100, net: e.net / 100, coins: e.coins };
};

describe('coupon effect', () => {
  test('no coupon leaves the price', () => {
    expect(effect(1990, null)).toEqual({ price: 1990, discount: 0, net: 1990, coins: 0 });
  });
  test('Price makes the net the coupon price, never above the price', () => {
    expect(effect(1990, terms({ coupon_type: 'Price', coupon_price: 990 }))).toEqual({
      price: 1990,
      discount: 1000,
      net: 990,
      coins: 0,
    });
    expect(effect(500, terms({ coupon_type: 'Price', coupon_price: 990 })).net).toBe(500);
    expect(effect(500, terms({ coupon_type: 'Price', coupon_price: 0 }))).toMatchObject({ net: 0, discount: 500 });
  });
  test('Percent takes the share off, rounded to the satang half up', () => {
    expect(effect(1990, terms({ coupon_type: 'Percent', coupon_percent: 10 }))).toMatchObject({
      discount: 199,
      net: 1791,
    });
    // 15% of 19.99 is 2.9985: the discount is 3.00 baht, the net 16.99.
    expect(effect(19.99, terms({ coupon_type: 'Percent', coupon_percent: 15 }))).toMatchObject({
      discount: 3,
      net: 16.99,
    });
    // 12.5% of 0.99 is 0.12375: 0.12 off.
    expect(effect(0.99, terms({ coupon_type: 'Percent', coupon_percent: 12.5 }))).toMatchObject({ net: 0.87 });
    expect(effect(100, terms({ coupon_type: 'Percent', coupon_percent: 100 })).net).toBe(0);
  });
  test('Pay takes a fixed amount off, and the net never goes below 0', () => {
    expect(effect(1990, terms({ coupon_type: 'Pay', coupon_pay: 200.5 }))).toMatchObject({
      discount: 200.5,
      net: 1789.5,
    });
    expect(effect(150, terms({ coupon_type: 'Pay', coupon_pay: 200 }))).toMatchObject({ discount: 150, net: 0 });
  });
  test('Point gives coins and leaves the price', () => {
    expect(effect(1990, terms({ coupon_type: 'Point', coupon_point: 50 }))).toEqual({
      price: 1990,
      discount: 0,
      net: 1990,
      coins: 50,
    });
  });
  test('a type uses only its own amount', () => {
    const mixed = { coupon_price: 100, coupon_percent: 50, coupon_point: 7, coupon_pay: 10 };
    expect(effect(1000, { coupon_type: 'Percent', ...mixed })).toMatchObject({ net: 500, coins: 0 });
    expect(effect(1000, { coupon_type: 'Pay', ...mixed })).toMatchObject({ net: 990, coins: 0 });
    expect(effect(1000, { coupon_type: 'Point', ...mixed })).toMatchObject({ net: 1000, coins: 7 });
    expect(couponFieldsOf('Percent')).toEqual(['coupon_percent']);
    expect(couponFieldsOf('All')).toEqual(['coupon_price', 'coupon_percent', 'coupon_point', 'coupon_pay']);
  });
  test('All applies price, percent, point, pay in that order, skipping unset amounts', () => {
    // 1990 -> 1000 (price) -> 900 (10%) -> 850 (pay 50), and 20 coins.
    expect(
      effect(1990, { coupon_type: 'All', coupon_price: 1000, coupon_percent: 10, coupon_point: 20, coupon_pay: 50 }),
    ).toEqual({ price: 1990, discount: 1140, net: 850, coins: 20 });
    // Pay after percent, not before: 10% of 1000 then 100 off is 800 (100 off then 10% would be 810).
    expect(effect(1000, terms({ coupon_type: 'All', coupon_percent: 10, coupon_pay: 100 })).net).toBe(800);
    expect(effect(1000, terms({ coupon_type: 'All', coupon_pay: 2000, coupon_point: 5 }))).toEqual({
      price: 1000,
      discount: 1000,
      net: 0,
      coins: 5,
    });
    expect(effect(1000, terms({ coupon_type: 'All' }))).toEqual({ price: 1000, discount: 0, net: 1000, coins: 0 });
  });
  test('All with every combination of its amounts (price 1500, 10%, 20 coins, 100 off) on 1990', () => {
    const amounts = { coupon_price: 1500, coupon_percent: 10, coupon_point: 20, coupon_pay: 100 };
    // [the amounts set, the net, the coins], worked by hand in the spec's order.
    const cases: [(keyof typeof amounts)[], number, number][] = [
      [[], 1990, 0],
      [['coupon_price'], 1500, 0],
      [['coupon_percent'], 1791, 0],
      [['coupon_point'], 1990, 20],
      [['coupon_pay'], 1890, 0],
      [['coupon_price', 'coupon_percent'], 1350, 0],
      [['coupon_price', 'coupon_point'], 1500, 20],
      [['coupon_price', 'coupon_pay'], 1400, 0],
      [['coupon_percent', 'coupon_point'], 1791, 20],
      [['coupon_percent', 'coupon_pay'], 1691, 0],
      [['coupon_point', 'coupon_pay'], 1890, 20],
      [['coupon_price', 'coupon_percent', 'coupon_point'], 1350, 20],
      [['coupon_price', 'coupon_percent', 'coupon_pay'], 1250, 0],
      [['coupon_price', 'coupon_point', 'coupon_pay'], 1400, 20],
      [['coupon_percent', 'coupon_point', 'coupon_pay'], 1691, 20],
      [['coupon_price', 'coupon_percent', 'coupon_point', 'coupon_pay'], 1250, 20],
    ];
    for (const [set, net, coins] of cases) {
      const coupon = terms({ coupon_type: 'All', ...Object.fromEntries(set.map((k) => [k, amounts[k]])) });
      expect(effect(1990, coupon), set.join('+') || 'nothing').toEqual({
        price: 1990,
        discount: 1990 - net,
        net,
        coins,
      });
    }
  });
  test('discount plus net is always the price, in whole satang', () => {
    for (const price of [0.01, 0.99, 19.99, 333.33, 1990, 99_999.99]) {
      for (const percent of [0, 1, 7, 12.5, 33.33, 99.99, 100]) {
        const e = couponEffect(
          toSatang(price),
          terms({ coupon_type: 'All', coupon_percent: percent, coupon_pay: 1.5 }),
        );
        expect(e.discount + e.net).toBe(e.price);
        expect(Number.isInteger(e.net) && e.net >= 0).toBe(true);
      }
    }
  });
});

const validity = (v: Partial<CouponValidity>): CouponValidity => ({
  coupon_start: null,
  coupon_start_time: null,
  coupon_to: null,
  coupon_to_time: null,
  coupon_year: null,
  coupon_month: null,
  coupon_day: null,
  coupon_hour: null,
  create_at: '2026-01-01T00:00:00.000Z',
  ...v,
});
const at = (iso: string) => new Date(iso);

describe('coupon validity (Asia/Bangkok)', () => {
  test('no dates: always open', () => {
    expect(couponWindow(validity({}))).toEqual({ from: null, to: null });
    expect(couponOpenAt(validity({}), at('2099-01-01T00:00:00Z'))).toBe(true);
  });
  test('dates without times run from the Bangkok midnight of the start to the end of the last Bangkok day', () => {
    const c = validity({ coupon_start: '2026-03-01', coupon_to: '2026-03-31' });
    // Bangkok midnight of 1 March is 17:00 UTC on 28 February.
    expect(couponOpenAt(c, at('2026-02-28T16:59:59Z'))).toBe(false);
    expect(couponOpenAt(c, at('2026-02-28T17:00:00Z'))).toBe(true);
    // 31 March ends at Bangkok midnight, 17:00 UTC: 23:59 Bangkok is still open, 00:00 on 1 April is not.
    expect(couponOpenAt(c, at('2026-03-31T16:59:59Z'))).toBe(true);
    expect(couponOpenAt(c, at('2026-03-31T17:00:00Z'))).toBe(false);
  });
  test('times are Bangkok times; the end time counts to the end of its minute', () => {
    const c = validity({
      coupon_start: '2026-03-01',
      coupon_start_time: '09:30',
      coupon_to: '2026-03-02',
      coupon_to_time: '00:15:00',
    });
    expect(couponOpenAt(c, at('2026-03-01T02:29:59Z'))).toBe(false);
    expect(couponOpenAt(c, at('2026-03-01T02:30:00Z'))).toBe(true);
    // Across Bangkok midnight: 00:15 on 2 March (17:15 UTC on 1 March) is open to 00:15:59.
    expect(couponOpenAt(c, at('2026-03-01T17:00:00Z'))).toBe(true);
    expect(couponOpenAt(c, at('2026-03-01T17:15:59Z'))).toBe(true);
    expect(couponOpenAt(c, at('2026-03-01T17:16:00Z'))).toBe(false);
  });
  test('a coupon ending on a day is open at 23:59 Bangkok though the UTC date is still the day before', () => {
    const c = validity({ coupon_to: '2026-06-10' });
    expect(couponOpenAt(c, at('2026-06-10T16:59:00Z'))).toBe(true);
    // 00:30 on 11 June in Bangkok is still 10 June in UTC: closed.
    expect(couponOpenAt(c, at('2026-06-10T17:30:00Z'))).toBe(false);
  });
  test('a relative duration runs from the start, or from when the coupon was made', () => {
    const fromStart = validity({ coupon_start: '2026-01-31', coupon_month: 1 });
    // One month from 31 January is the last day of February (Bangkok midnight), not 3 March.
    expect(couponWindow(fromStart).to).toEqual(at('2026-02-27T17:00:00Z'));
    const made = validity({ create_at: '2026-05-01T10:00:00.000Z', coupon_day: 2, coupon_hour: 5 });
    expect(couponWindow(made)).toEqual({ from: null, to: at('2026-05-03T15:00:00.000Z') });
    const year = validity({ coupon_start: '2024-02-29', coupon_year: 1 });
    expect(couponWindow(year).to).toEqual(at('2025-02-27T17:00:00Z'));
  });
  test('with both an end date and a duration the earlier end holds', () => {
    const c = validity({ coupon_start: '2026-01-01', coupon_to: '2026-12-31', coupon_day: 10 });
    expect(couponWindow(c).to).toEqual(at('2026-01-10T17:00:00Z'));
    const late = validity({ coupon_start: '2026-01-01', coupon_to: '2026-01-05', coupon_year: 1 });
    expect(couponWindow(late).to).toEqual(at('2026-01-05T17:00:00Z'));
  });
});

describe('coupon payment and products', () => {
  test('an empty list allows every method but coins', () => {
    expect(couponAllowsPayment(null, 'transfer')).toBe(true);
    expect(couponAllowsPayment('', 'credit')).toBe(true);
    expect(couponAllowsPayment(null, 'coin')).toBe(false);
    expect(couponAllowsPayment('coin', 'coin')).toBe(false);
  });
  test('a list restricts the methods', () => {
    expect(couponAllowsPayment('transfer, qrcode', 'qrcode')).toBe(true);
    expect(couponAllowsPayment('Transfer qrcode', 'transfer')).toBe(true);
    expect(couponAllowsPayment('transfer,qrcode', 'credit')).toBe(false);
  });
  test('Only fits the coupon product and the listed products; all fits any', () => {
    const only = { coupon_product_type: 'Only', product_id: 3 };
    expect(couponFitsProduct(only, [], 3)).toBe(true);
    expect(couponFitsProduct(only, [7, 8], 8)).toBe(true);
    expect(couponFitsProduct(only, [7, 8], 9)).toBe(false);
    expect(couponFitsProduct({ coupon_product_type: null, product_id: null }, [], 9)).toBe(false);
    expect(couponFitsProduct({ coupon_product_type: 'all', product_id: 3 }, [], 9)).toBe(true);
    expect(couponFitsProduct({ coupon_product_type: 'All', product_id: null }, [], 9)).toBe(true);
  });
});

const facts = (f: Partial<CouponFacts>): CouponFacts => ({
  open: true,
  fitsProduct: true,
  memberOnly: false,
  emailOnly: false,
  existingMember: false,
  emailListed: false,
  emailConfirmed: true,
  limit: null,
  used: 0,
  ...f,
});

describe('coupon refusals, in the spec order', () => {
  test('an open coupon for the course is accepted', () => {
    expect(couponRefusal(facts({}))).toBeNull();
  });
  test('unknown or expired first, then the course', () => {
    expect(couponRefusal(facts({ open: false, fitsProduct: false, limit: 1, used: 1 }))).toBe('couponUnknown');
    expect(couponRefusal(facts({ fitsProduct: false, memberOnly: true, limit: 1, used: 1 }))).toBe(
      'couponWrongProduct',
    );
  });
  test('member-only and e-mail-only together: either admits', () => {
    const both = { memberOnly: true, emailOnly: true, limit: 1, used: 1 };
    expect(couponRefusal(facts(both))).toBe('couponMemberOrEmail');
    expect(couponRefusal(facts({ ...both, existingMember: true }))).toBe('couponUsedUp');
    expect(couponRefusal(facts({ ...both, emailListed: true }))).toBe('couponUsedUp');
  });
  test('member-only, then e-mail-only', () => {
    expect(couponRefusal(facts({ memberOnly: true, emailListed: true }))).toBe('couponMemberOnly');
    expect(couponRefusal(facts({ memberOnly: true, existingMember: true }))).toBeNull();
    expect(couponRefusal(facts({ emailOnly: true, existingMember: true }))).toBe('couponEmailOnly');
    expect(couponRefusal(facts({ emailOnly: true, emailListed: true }))).toBeNull();
  });
  test('a listed address admits only once confirmed', () => {
    const unconfirmed = { emailListed: true, emailConfirmed: false };
    expect(couponRefusal(facts({ emailOnly: true, ...unconfirmed }))).toBe('couponEmailUnconfirmed');
    expect(couponRefusal(facts({ emailOnly: true, memberOnly: true, ...unconfirmed }))).toBe('couponEmailUnconfirmed');
    expect(
      couponRefusal(facts({ emailOnly: true, memberOnly: true, existingMember: true, ...unconfirmed })),
    ).toBeNull();
    expect(couponRefusal(facts({ emailOnly: true, emailConfirmed: false }))).toBe('couponEmailOnly');
  });
  test('the limit counts uses; no limit or 0 is none', () => {
    expect(couponRefusal(facts({ limit: 5, used: 4 }))).toBeNull();
    expect(couponRefusal(facts({ limit: 5, used: 5 }))).toBe('couponUsedUp');
    expect(couponRefusal(facts({ limit: 0, used: 50 }))).toBeNull();
    expect(couponRefusal(facts({ limit: null, used: 50 }))).toBeNull();
  });
  test('the payment method last, once it is known', () => {
    expect(couponRefusal(facts({ paymentAllowed: false }))).toBe('couponPayment');
    expect(couponRefusal(facts({ paymentAllowed: false, limit: 1, used: 1 }))).toBe('couponUsedUp');
    expect(couponRefusal(facts({ paymentAllowed: true }))).toBeNull();
  });
});

describe('coins', () => {
  test('one coin pays one baht by default; a part of a coin costs a whole one', () => {
    expect(coinsToPay(toSatang(1990), 1)).toBe(1990);
    expect(coinsToPay(toSatang(1990.5), 1)).toBe(1991);
    expect(coinsToPay(toSatang(0), 1)).toBe(0);
    expect(coinsToPay(toSatang(1990), 10)).toBe(199);
    expect(coinsToPay(toSatang(1990), 0.5)).toBe(3980);
    expect(() => coinsToPay(toSatang(1), 0)).toThrow(RangeError);
  });
});
