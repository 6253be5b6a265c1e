import { describe, expect, test } from 'vitest';
import { bangkokPeriod, isComplete, monthRange, resumePosition } from './statistics.js';

describe('completion', () => {
  test('complete from 90% of a known length', () => {
    expect(isComplete(90, 100)).toBe(true);
    expect(isComplete(89.9, 100)).toBe(false);
    expect(isComplete(500, null)).toBe(false);
  });
});

test('resume at the last end, from 0 after Ended or with under 5 s left', () => {
  expect(resumePosition(null, 100)).toBe(0);
  expect(resumePosition({ time_end: 42, event: 'Pause' }, 100)).toBe(42);
  expect(resumePosition({ time_end: 42, event: 'Ended' }, 100)).toBe(0);
  expect(resumePosition({ time_end: 96, event: 'Seeked' }, 100)).toBe(0);
  expect(resumePosition({ time_end: 95, event: 'Pause' }, 100)).toBe(95);
  expect(resumePosition({ time_end: 95, event: 'Pause' }, null)).toBe(95);
});

test('Bangkok periods: the day turns at 17:00 UTC, weeks run Monday to Sunday, months roll over the year', () => {
  expect(bangkokPeriod('day', new Date('2026-11-30T16:59:59Z'))).toEqual({ from: '2026-11-30', to: '2026-12-01' });
  expect(bangkokPeriod('day', new Date('2026-11-30T17:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-02' });
  expect(bangkokPeriod('week', new Date('2026-11-29T16:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-30' });
  expect(bangkokPeriod('week', new Date('2026-11-29T17:00:00Z'))).toEqual({ from: '2026-11-30', to: '2026-12-07' });
  expect(bangkokPeriod('month', new Date('2026-12-31T17:00:00Z'))).toEqual({ from: '2027-01-01', to: '2027-02-01' });
  expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-03-01' });
});
