import { describe, expect, test } from 'vitest';
import {
  bangkokPeriod,
  isComplete,
  lessonDone,
  mergeStretches,
  monthRange,
  progressPercent,
  resumePosition,
  type Stretch,
  stretchSeconds,
} from './statistics.js';

describe('completion', () => {
  test('complete from 90% of a known length', () => {
    expect(isComplete(90, 100)).toBe(true);
    expect(isComplete(89.9, 100)).toBe(false);
    expect(isComplete(500, null)).toBe(false);
  });

  test('a lesson is done when watched to 90% or marked, and a mark taken back leaves what was watched', () => {
    expect(lessonDone({ seconds: 90, duration: 100, marked: false })).toBe(true);
    expect(lessonDone({ seconds: 89, duration: 100, marked: false })).toBe(false);
    expect(lessonDone({ seconds: 0, duration: 100, marked: true })).toBe(true);
    // A lesson hosted elsewhere has no known length: only a mark completes it.
    expect(lessonDone({ seconds: 600, duration: null, marked: false })).toBe(false);
    expect(lessonDone({ seconds: 0, duration: null, marked: true })).toBe(true);
  });

  test('a preview (never recorded) is done once the member has played the course, or when marked', () => {
    const preview = { seconds: 0, duration: 100, marked: false, preview: true };
    expect(lessonDone(preview)).toBe(false);
    expect(lessonDone(preview, true)).toBe(true);
    expect(lessonDone({ ...preview, marked: true })).toBe(true);
    // Any other lesson needs watching or a mark, however far the course has gone.
    expect(lessonDone({ ...preview, preview: false }, true)).toBe(false);
  });

  test('progress is whole percent rounded down, 100 only with every lesson done, 0 for a course without lessons', () => {
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(4, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('played stretches', () => {
  test('overlapping and touching stretches merge, empty ones go, the order does not matter', () => {
    expect(
      mergeStretches([
        [80, 96],
        [0, 40],
        [10, 30],
        [40, 50],
        [60, 60],
        [70, 65],
      ]),
    ).toEqual([
      [0, 50],
      [80, 96],
    ]);
    expect(mergeStretches([])).toEqual([]);
  });

  test('the merged length is the seconds covered, merging again changes nothing', () => {
    // Whole-second stretches from a fixed seed, checked against counting each covered second.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const stretches: Stretch[] = Array.from({ length: 1 + next(12) }, () => {
        const start = next(100);
        return [start, start + next(30)];
      });
      const covered = new Set<number>();
      for (const [s, e] of stretches) for (let t = s; t < e; t++) covered.add(t);
      const merged = mergeStretches(stretches);
      expect(stretchSeconds(merged)).toBe(covered.size);
      expect(mergeStretches([...merged.slice(1), ...merged.slice(0, 1)])).toEqual(merged);
      // Adding stretches to a merged list is the same as merging everything at once.
      const half = Math.floor(stretches.length / 2);
      expect(mergeStretches([...mergeStretches(stretches.slice(0, half)), ...stretches.slice(half)])).toEqual(merged);
    }
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
