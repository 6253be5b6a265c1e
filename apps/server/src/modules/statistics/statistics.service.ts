import { fail, forbidden } from '../../errors.js';
import type { SignedIn } from '../../policies/index.js';
import { learningProgress } from './learning-progress.js';
import { viewingRecorder } from './record-viewing.js';
import type { StatisticsDeps } from './statistics-deps.js';
import { watchTime } from './watch-time.js';

/** Whose statistics a caller reads: a member their own, staff anyone's (`user_id` required). */
export function subjectOf(actor: SignedIn, userId: number | undefined): number {
  if (actor.kind === 'staff') {
    if (userId === undefined) throw fail('BAD_REQUEST', 'invalidInput');
    return userId;
  }
  if (userId !== undefined && userId !== actor.id) throw forbidden();
  return actor.id;
}

/** Viewing statistics, by use case: the player's events in, a member's progress and time watched out. */
export function statisticsService(deps: StatisticsDeps) {
  return { ...viewingRecorder(deps), ...learningProgress(deps), ...watchTime(deps) };
}

export type StatisticsService = ReturnType<typeof statisticsService>;
