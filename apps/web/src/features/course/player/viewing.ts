import type { StatisticsEvent } from '@sikkha/contract';
import { resumePosition } from '@sikkha/contract/rules';

/** What the player saves of a stretch: the spec's event and where it started and ended, in seconds of the video. */
export type Stretch = Pick<StatisticsEvent, 'event'> & { time_start: number; time_end: number };

/**
 * The played stretch under way (spec 1 §4 "Viewing statistics"): `start` is where it began; `started` says the
 * lesson's first play was seen, so Play is saved once and nothing before it (the resume seek) counts.
 */
export interface Viewing {
  started: boolean;
  start: number;
  end: number;
}

export const newViewing = (): Viewing => ({ started: false, start: 0, end: 0 });

interface Step {
  viewing: Viewing;
  save: Stretch | null;
}

/** Seconds from the end within which a pause is the end's own pause (the browser pauses before Ended). */
const END_MARGIN = 0.25;

const round = (t: number) => Math.round(t * 1000) / 1000;

/**
 * After a save the next stretch starts where the saved one ended, and its end is 0 until playback moves again.
 * For a seek the next stretch starts where playback landed: the jump itself is never a played stretch.
 */
const saved = (save: Stretch, next: number): Step => ({ viewing: { started: true, start: next, end: 0 }, save });

/** The first play saves Play where playback stands; later plays (after a pause) only go on with the stretch. */
export function onPlay(viewing: Viewing, at: number): Step {
  if (viewing.started) return { viewing, save: null };
  const t = round(at);
  return { viewing: { started: true, start: t, end: t }, save: { event: 'Play', time_start: t, time_end: t } };
}

/** Playback moved on (timeupdate while playing): the stretch now ends here. */
export function onProgress(viewing: Viewing, at: number): Viewing {
  return viewing.started ? { ...viewing, end: round(at) } : viewing;
}

/** Saved only when time_end > 0 and not at the end, where the Ended that follows says it instead. */
export function onPause(viewing: Viewing, at: number, duration: number | null): Step {
  const t = round(at);
  const atEnd = duration !== null && duration > 0 && t >= duration - END_MARGIN;
  if (!viewing.started || t <= 0 || atEnd) return { viewing, save: null };
  return saved({ event: 'Pause', time_start: viewing.start, time_end: t }, t);
}

/** A seek saves the stretch up to where playback stood before it (`from`); the next one starts where it landed. */
export function onSeeked(viewing: Viewing, from: number, to: number): Step {
  if (!viewing.started) return { viewing, save: null };
  return saved({ event: 'Seeked', time_start: viewing.start, time_end: round(from) }, round(to));
}

export function onEnded(viewing: Viewing, duration: number): Step {
  if (!viewing.started) return { viewing, save: null };
  const t = round(duration);
  return saved({ event: 'Ended', time_start: viewing.start, time_end: t }, t);
}

/**
 * Where a lesson starts: at the end of its last statistics row unless that was Ended, and from 0 with fewer than
 * 5 s left (the contract's rule, which the server applies too). A row this page saved is newer than any the server
 * answered, so it wins; the server's `resumeAt` is already the rule applied to its own last row.
 */
export function startPosition(
  local: Pick<Stretch, 'event' | 'time_end'> | undefined,
  serverResumeAt: number | undefined,
  duration: number | null,
): number {
  if (local) return resumePosition(local, duration);
  return serverResumeAt ?? 0;
}

/** The lesson after `index` at the end of a lesson of a finished course; after the last, the first (spec 1 §4). */
export const nextLessonIndex = (index: number, count: number) => (count === 0 ? 0 : (index + 1) % count);

/** Spec 1 §9: the advert shows 5 s after play starts, again every 600 s, for 5 s each time. */
export const ADVERT = { first: 5, every: 600, shown: 5 } as const;

/** Whether the advert is up after `played` seconds of playing time in the dialog. */
export function advertShown(played: number): boolean {
  if (played < ADVERT.first) return false;
  return (played - ADVERT.first) % ADVERT.every < ADVERT.shown;
}

/** A time as the player shows it: m:ss, or h:mm:ss from an hour. */
export function clock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
