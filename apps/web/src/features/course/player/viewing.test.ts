import { describe, expect, test } from 'vitest';
import {
  advertShown,
  clock,
  newViewing,
  nextLessonIndex,
  onEnded,
  onPause,
  onPlay,
  onProgress,
  onSeeked,
  type Stretch,
  startPosition,
  type Viewing,
} from './viewing';

/** Runs a lesson's media events through the rules and answers what was saved. */
function play(events: [string, ...number[]][], duration = 100): Stretch[] {
  let viewing: Viewing = newViewing();
  const saves: Stretch[] = [];
  const keep = (step: { viewing: Viewing; save: Stretch | null }) => {
    viewing = step.viewing;
    if (step.save) saves.push(step.save);
  };
  for (const [kind, a = 0, b = 0] of events) {
    if (kind === 'play') keep(onPlay(viewing, a));
    else if (kind === 'time') viewing = onProgress(viewing, a);
    else if (kind === 'pause') keep(onPause(viewing, a, duration));
    else if (kind === 'seek') keep(onSeeked(viewing, a, b));
    else if (kind === 'ended') keep(onEnded(viewing, duration));
  }
  return saves;
}

describe('viewing statistics (spec 1 §4)', () => {
  test('Play on the first play only, where playback stands', () => {
    expect(
      play([
        ['play', 42],
        ['time', 50],
        ['pause', 50],
        ['play', 50],
      ]),
    ).toEqual([
      { event: 'Play', time_start: 42, time_end: 42 },
      { event: 'Pause', time_start: 42, time_end: 50 },
    ]);
  });

  test('after a save the next stretch starts at the previous end', () => {
    expect(
      play([
        ['play', 0],
        ['time', 10],
        ['pause', 10],
        ['play', 10],
        ['time', 25],
        ['pause', 25],
      ]),
    ).toEqual([
      { event: 'Play', time_start: 0, time_end: 0 },
      { event: 'Pause', time_start: 0, time_end: 10 },
      { event: 'Pause', time_start: 10, time_end: 25 },
    ]);
  });

  test('a pause is saved only when time_end > 0 and not at the end', () => {
    expect(
      play([
        ['play', 0],
        ['pause', 0],
      ]),
    ).toEqual([{ event: 'Play', time_start: 0, time_end: 0 }]);
    expect(play([['play', 0], ['time', 99.9], ['pause', 99.9], ['ended']])).toEqual([
      { event: 'Play', time_start: 0, time_end: 0 },
      { event: 'Ended', time_start: 0, time_end: 100 },
    ]);
  });

  test('a seek saves up to where playback stood; the jump is never a played stretch', () => {
    expect(
      play([
        ['play', 0],
        ['time', 20],
        ['seek', 20, 80],
        ['time', 90],
        ['pause', 90],
      ]),
    ).toEqual([
      { event: 'Play', time_start: 0, time_end: 0 },
      { event: 'Seeked', time_start: 0, time_end: 20 },
      { event: 'Pause', time_start: 80, time_end: 90 },
    ]);
  });

  test('nothing before the first play is saved (the resume seek, a seek while the lesson loads)', () => {
    expect(
      play([
        ['seek', 0, 42],
        ['pause', 42],
      ]),
    ).toEqual([]);
  });

  test('Ended saves the stretch to the end; a replay goes on from the start', () => {
    expect(play([['play', 60], ['time', 100], ['ended'], ['seek', 100, 0], ['time', 5], ['pause', 5]])).toEqual([
      { event: 'Play', time_start: 60, time_end: 60 },
      { event: 'Ended', time_start: 60, time_end: 100 },
      { event: 'Seeked', time_start: 100, time_end: 100 },
      { event: 'Pause', time_start: 0, time_end: 5 },
    ]);
  });
});

describe('resume and auto-next', () => {
  test('a row saved in this page wins over the server, by the same rule', () => {
    expect(startPosition({ event: 'Pause', time_end: 42 }, 10, 100)).toBe(42);
    expect(startPosition({ event: 'Ended', time_end: 100 }, 10, 100)).toBe(0);
    expect(startPosition({ event: 'Pause', time_end: 97 }, 10, 100)).toBe(0);
    expect(startPosition(undefined, 10, 100)).toBe(10);
    expect(startPosition(undefined, undefined, 100)).toBe(0);
  });

  test('the next lesson, and the first after the last', () => {
    expect(nextLessonIndex(0, 4)).toBe(1);
    expect(nextLessonIndex(3, 4)).toBe(0);
    expect(nextLessonIndex(0, 1)).toBe(0);
  });
});

test('the advert: 5 s after play starts, every 600 s after, shown 5 s', () => {
  expect([0, 4.9, 5, 9.9, 10, 604.9, 605, 609.9, 610, 1205].map(advertShown)).toEqual([
    false,
    false,
    true,
    true,
    false,
    false,
    true,
    true,
    false,
    true,
  ]);
});

test('times read m:ss, and h:mm:ss from an hour', () => {
  expect([0, 5.9, 65, 3600, 3725, Number.NaN].map(clock)).toEqual([
    '0:00',
    '0:05',
    '1:05',
    '1:00:00',
    '1:02:05',
    '0:00',
  ]);
});
