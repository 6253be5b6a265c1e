import { describe, expect, test } from 'vitest';
import { accessWindow, bangkokDate, normalisePaymentDate, remainingDays, toGregorianYear } from './dates.js';
import { formatBaht, toBaht, toSatang } from './money.js';
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
    expect(toBaht(199050)).toBe(1990.5);
    expect(() => toSatang('abc')).toThrow();
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
