import type { ModerationState } from '@sikkha/contract';
import type { Clock } from '../clock.js';
import { recordStaffWrite } from './audit-log.js';
import type { Work } from './unit-of-work.js';

/** One staff decision on a public text (a review, a lesson question or answer). */
export interface Moderation {
  personnelId: number;
  /** The table of the text, as the audit history names it. */
  subject: string;
  subjectId: number;
  /** The text's author when a member wrote it, so their member page shows the decision. */
  memberId: number | null;
  before: ModerationState;
  after: ModerationState;
  note?: string | null;
}

/**
 * Records a hide or a restore in the audit history, in the unit of work that changed the state: every kind of
 * member text is moderated under the same actions, so one history reads them all.
 */
export async function recordModeration(work: Work, clock: Clock, m: Moderation) {
  await recordStaffWrite(work, clock, {
    personnelId: m.personnelId,
    action: m.after === 'hidden' ? 'hide' : 'restore',
    subject: m.subject,
    subjectId: m.subjectId,
    memberId: m.memberId,
    changes: { state: [m.before, m.after] },
    note: m.note ?? null,
  });
}
