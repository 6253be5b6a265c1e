import { describe, expect, test } from 'vitest';
import { accessWindow, bangkokDate, normalisePaymentDate, remainingDays, toGregorianYear } from './dates.js';
import { baht, formatBaht, percentOf, satang, sumSatang, toBaht, toSatang } from './money.js';
import { orderIdFromReference, orderReference } from './order-reference.js';

describe('order reference', () => {
  test('SPSK plus the order id padded to 10 digits', () => {
    expect(orderReference(1)).toBe('SPSK0000000001');
    expect(orderReference(1234567890)).toBe('SPSK1234567890');
    expect(orderIdFromReference('SPSK0000000042')).toBe(42);
  });
  test('refuses what cannot be an order', () => {
    expect(() => orderReference(0)).toThrow();
    expect(() => orderReference(1.5)).toThrow();
    expect(() => orderReference(1e10)).toThrow();
    expect(orderIdFromReference('SPSK123')).toBeNull();
    expect(orderIdFromReference('SPSK0000000000')).toBeNull();
  });
});

describe('money', () => {
  test('satang arithmetic is exact', () => {
    expect(toSatang(0.1) + toSatang(0.2)).toBe(30);
    expect(toSatang('1990.50')).toBe(199050);
    expect(toBaht(satang(199050))).toBe(1990.5);
    expect(() => toSatang('abc')).toThrow();
  });
  test('a computed amount must stay whole satang', () => {
    expect(() => satang(10.5)).toThrow(RangeError);
    expect(sumSatang([toSatang('0.10'), toSatang('0.20'), toSatang(1990)])).toBe(199030);
    // 7% of 19.99 baht is 139.93 satang: rounded to 140, never a fraction.
    expect(percentOf(toSatang('19.99'), 7)).toBe(140);
    expect(percentOf(toSatang(1990), 12.5)).toBe(24875);
  });
  test('an amount written in baht keeps to 2 decimals', () => {
    expect(baht('1990.50')).toBe(1990.5);
    expect(baht(0.1)).toBe(0.1);
    expect(() => baht(19.999)).toThrow(RangeError);
  });
  test('baht are shown with the baht sign and 2 decimals', () => {
    expect(formatBaht(1990)).toBe('฿1,990.00');
  });
});

describe('dates', () => {
  test('a Buddhist-era payment year loses 543', () => {
    expect(toGregorianYear(2568)).toBe(2025);
    expect(toGregorianYear(2025)).toBe(2025);
    expect(toGregorianYear(2500)).toBe(2500);
    expect(normalisePaymentDate('2568-03-01')).toBe('2025-03-01');
    expect(() => normalisePaymentDate('1/3/2568')).toThrow();
  });
  test('business dates are Bangkok dates', () => {
    expect(bangkokDate(new Date('2026-11-22T16:59:59Z'))).toBe('2026-11-22');
    expect(bangkokDate(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
  });
  test('remaining days are day minus count, never negative', () => {
    expect(remainingDays(730, 10)).toBe(720);
    expect(remainingDays(5, 10)).toBe(0);
  });
});

describe('access window', () => {
  test('two years from the Bangkok approval date', () => {
    const approved = new Date('2026-01-10T20:00:00Z'); // 11 January in Bangkok
    expect(accessWindow(approved, approved)).toEqual({ day: 730, count: 0 });
    expect(accessWindow(approved, new Date('2026-01-20T20:00:00Z'))).toEqual({ day: 730, count: 10 });
    expect(accessWindow(new Date('2027-06-01T00:00:00Z'), new Date('2027-06-01T00:00:00Z')).day).toBe(731);
    expect(accessWindow(new Date('2028-02-29T00:00:00Z'), new Date('2028-02-29T00:00:00Z')).day).toBe(730);
  });
});
