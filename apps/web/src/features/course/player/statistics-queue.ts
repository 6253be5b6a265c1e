import type { StatisticsEvent } from '@sikkha/contract';
import { STATISTICS_BATCH_MAX } from '@sikkha/contract/rules';
import { getToken } from '../../../api/session';
import type { Stretch } from './viewing';

/**
 * The player's statistics go out in batches (POST /api/videoStatistics { events }): a few seconds after the first
 * waiting one, at once when a batch is full, and when the page is hidden or closed. Those last requests use
 * `keepalive`, which outlives the page like sendBeacon but carries the member's bearer token
 * (docs/ARCHITECTURE.md "Viewing statistics"). Each event keeps the token it was recorded under.
 */

const FLUSH_DELAY_MS = 3_000;

interface Queued {
  token: string;
  event: StatisticsEvent;
}

let queue: Queued[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** Rows saved by this page, newest per member and lesson: where a lesson resumes before the server is asked. */
const lastSaved = new Map<string, Pick<Stretch, 'event' | 'time_end'>>();
/** Players' stretches still under way, taken when the page goes away. */
const collectors = new Set<() => void>();
const savedListeners = new Set<() => void>();

const lessonKey = (token: string, productId: number, videoId: number) => `${token}:${productId}:${videoId}`;

/** Queues a stretch of a lesson for the signed-in member. */
export function recordStretch(lesson: { productId: number; videoId: number; duration: number | null }, s: Stretch) {
  const token = getToken();
  if (!token) return;
  const event: StatisticsEvent = {
    product_id: lesson.productId,
    video_id: lesson.videoId,
    event: s.event,
    time_start: s.time_start,
    time_end: s.time_end,
    ...(lesson.duration ? { time_total: lesson.duration } : {}),
  };
  queue.push({ token, event });
  lastSaved.set(lessonKey(token, lesson.productId, lesson.videoId), { event: s.event, time_end: s.time_end });
  if (queue.length >= STATISTICS_BATCH_MAX) void flushStatistics();
  else timer ??= setTimeout(() => void flushStatistics(), FLUSH_DELAY_MS);
}

/** The last row this page saved for a lesson of the signed-in member, if any. */
export function lastSavedRow(productId: number, videoId: number) {
  const token = getToken();
  return token ? lastSaved.get(lessonKey(token, productId, videoId)) : undefined;
}

/** A player's stretch under way is saved (as a pause) when the page goes away. Returns the unsubscribe. */
export function onPageLeave(collect: () => void) {
  collectors.add(collect);
  return () => void collectors.delete(collect);
}

/** Called after a batch is stored, to refresh what reads the statistics. Returns the unsubscribe. */
export function onStatisticsSaved(listener: () => void) {
  savedListeners.add(listener);
  return () => void savedListeners.delete(listener);
}

/**
 * Sends everything queued, one request per token and batch. A batch the network lost or the server failed goes back
 * to the queue for the next flush; one the server refused (4xx: signed out, a lesson no longer open) is dropped,
 * since sending it again would be refused again.
 */
export async function flushStatistics(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const sending = queue;
  queue = [];
  const batches: Queued[][] = [];
  for (const item of sending) {
    const open = batches.find((b) => b[0]!.token === item.token && b.length < STATISTICS_BATCH_MAX);
    if (open) open.push(item);
    else batches.push([item]);
  }
  const results = await Promise.all(batches.map(send));
  if (results.some((ok) => ok)) for (const listener of savedListeners) listener();
}

async function send(batch: Queued[]): Promise<boolean> {
  try {
    const res = await fetch('/api/videoStatistics', {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${batch[0]!.token}` },
      body: JSON.stringify({ events: batch.map((b) => b.event) }),
    });
    if (res.ok) return true;
    if (res.status >= 500) requeue(batch);
  } catch {
    requeue(batch);
  }
  return false;
}

function requeue(batch: Queued[]) {
  queue = [...batch, ...queue];
  timer ??= setTimeout(() => void flushStatistics(), FLUSH_DELAY_MS * 10);
}

function leave() {
  for (const collect of collectors) collect();
  if (queue.length > 0) void flushStatistics();
}

// pagehide covers closing and navigating away (and the back-forward cache); a hidden tab may never come back.
// (The server renders the course dialog's chunk too, without a window.)
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
}
