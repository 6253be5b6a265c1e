import { expect, test } from 'vitest';
import { monthName, shiftMonth } from './months';

test('months move across years both ways', () => {
  expect(shiftMonth('2026-11', 1)).toBe('2026-12');
  expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  expect(shiftMonth('2026-03', -14)).toBe('2025-01');
});

test('a month is named in the interface language, Thai years in the Buddhist era', () => {
  expect(monthName('2026-11', 'th')).toBe('พฤศจิกายน 2569');
  expect(monthName('2026-11', 'en')).toBe('November 2026');
});
