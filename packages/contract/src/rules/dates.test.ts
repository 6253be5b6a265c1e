import { describe, expect, test } from 'vitest';
import { buddhistYear, thaiLongDate } from './dates.js';

describe('Thai dates', () => {
  test('the Bangkok day, a Thai month name and the Buddhist-era year', () => {
    expect(thaiLongDate(new Date('2026-11-22T03:00:00Z'))).toBe('22 พฤศจิกายน พ.ศ. 2569');
    expect(thaiLongDate(new Date('2027-01-01T00:00:00+07:00'))).toBe('1 มกราคม พ.ศ. 2570');
    // 23:30 UTC on the last day of the year is already the first of January in Bangkok.
    expect(thaiLongDate(new Date('2025-12-31T17:30:00Z'))).toBe('1 มกราคม พ.ศ. 2569');
    expect(thaiLongDate(new Date('2024-02-29T12:00:00Z'))).toBe('29 กุมภาพันธ์ พ.ศ. 2567');
    expect(buddhistYear(2026)).toBe(2569);
  });
});
