import { fail } from '../../errors.js';
import { authorize, type SignedIn } from '../../policies/index.js';
import { learningProgress } from './learning-progress.js';
import { viewingRecorder } from './record-viewing.js';
import type { StatisticsDeps } from './statistics-deps.js';
import { watchTime } from './watch-time.js';

/** Viewing statistics, by use case: the player's events in, a member's progress and time watched out. */
export function statisticsService(deps: StatisticsDeps) {
  /** Whose statistics a caller reads (`statistics.read`): a member their own, staff anyone's (`user_id` required). */
  async function subjectOf(actor: SignedIn, userId: number | undefined): Promise<number> {
    if (actor.kind === 'staff' && userId === undefined) throw fail('BAD_REQUEST', 'invalidInput');
    const subject = userId ?? actor.id;
    await authorize({ db: deps.db, now: deps.clock.now() }, actor, 'statistics.read', { user_id: subject });
    return subject;
  }
  return { subjectOf, ...viewingRecorder(deps), ...learningProgress(deps), ...watchTime(deps) };
}

export type StatisticsService = ReturnType<typeof statisticsService>;
