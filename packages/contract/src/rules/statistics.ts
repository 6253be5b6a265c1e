import { BANGKOK_OFFSET_MS, bangkokDate } from './dates.js';

/** A lesson counts as complete once this share of it has been played. */
export const COMPLETE_RATIO = 0.9;
/** Resume restarts at 0 when fewer than this many seconds would remain (spec 1 §9). */
export const RESUME_TAIL_SECONDS = 5;
/** Events a member may send in one statistics request (a page-hide flush holds what the tab had not sent). */
export const STATISTICS_BATCH_MAX = 100;

/** A stretch of a video that was played, from and to seconds. */
export type Stretch = readonly [start: number, end: number];

/**
 * The union of played stretches as sorted, disjoint stretches: overlapping or touching ones become one, empty ones
 * go. Watching a part again, or seeking back over it, adds nothing.
 */
export function mergeStretches(stretches: Iterable<Stretch>): Stretch[] {
  const sorted = [...stretches].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** Seconds covered by merged (disjoint) stretches. */
export const stretchSeconds = (merged: readonly Stretch[]) => merged.reduce((sum, [s, e]) => sum + (e - s), 0);

/** Whether a lesson was played far enough to count as watched (90 % of a known length); certificates ask this. */
export const isComplete = (played: number, duration: number | null) =>
  duration !== null && duration > 0 && played >= COMPLETE_RATIO * duration;

/**
 * Whether a member has done a lesson of a course, as their progress shows it: watched (90 % played) or marked
 * complete by the member; a preview, which is never recorded but plays first whenever the course opens, once the
 * member has played the course. The server counts progress with it and the web ticks a lesson with it the moment a
 * mark is clicked.
 */
export const lessonDone = (
  lesson: { seconds: number; duration: number | null; marked: boolean; preview?: boolean },
  courseStarted = false,
) => lesson.marked || isComplete(lesson.seconds, lesson.duration) || (lesson.preview === true && courseStarted);

/** A course's progress in whole percent, rounded down: 100 only when every lesson is done. */
export const progressPercent = (completed: number, lessons: number) =>
  lessons > 0 ? Math.floor((Math.min(completed, lessons) / lessons) * 100) : 0;

/**
 * Where a lesson resumes (spec 1 §4): at the end of its last statistics row, unless that row was Ended; and from
 * the start when fewer than 5 seconds would remain.
 */
export function resumePosition(
  last: { time_end: number; event: string } | null | undefined,
  duration: number | null,
): number {
  if (!last || last.event === 'Ended') return 0;
  if (duration !== null && duration - last.time_end < RESUME_TAIL_SECONDS) return 0;
  return last.time_end;
}

/** The instant a Bangkok calendar date ("YYYY-MM-DD") begins. */
export const bangkokMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - BANGKOK_OFFSET_MS);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type StatisticsPeriod = 'day' | 'week' | 'month';

/**
 * The Bangkok calendar day, week (Monday to Sunday) or month that holds an instant, as dates: `from` is its
 * first day, `to` the day after its last.
 */
export function bangkokPeriod(period: StatisticsPeriod, at: Date): { from: string; to: string } {
  const today = bangkokDate(at);
  switch (period) {
    case 'day':
      return { from: today, to: addDays(today, 1) };
    case 'week': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 7) };
    }
    case 'month':
      return monthRange(today.slice(0, 7));
    default:
      return period satisfies never;
  }
}

/** A month ("YYYY-MM") as dates: its first day and the first day of the next month. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** Every date from `from` up to (not including) `to`. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) dates.push(d);
  return dates;
}
