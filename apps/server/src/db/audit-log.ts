import type { Clock } from '../clock.js';
import { auditLog } from './schema/audit.js';
import type { Work } from './unit-of-work.js';

/** One staff write, as the audit log keeps it. */
export interface StaffWrite {
  /** The staff account that made the change. */
  personnelId: number;
  /** create, update, delete, or the name of a staff action: approve, reject, coinAdjust, bookSend, ... */
  action: string;
  /** The resource or table written, and its row. */
  subject: string;
  subjectId?: number | null;
  /** The member the change concerns, so the member page shows it. */
  memberId?: number | null;
  /** `{ field: [before, after] }` for a change, the values for a create or a delete. */
  changes?: Record<string, unknown>;
  note?: string | null;
}

/**
 * Records a staff write in the caller's unit of work: the record commits with the change or not at all. The
 * resource engine calls it for every staff save and delete; a module's hand-written staff write (approving an
 * order, adjusting coins) calls it itself.
 */
export async function recordStaffWrite(work: Work, clock: Clock, entry: StaffWrite) {
  await work.db.insert(auditLog).values({
    personnel_id: entry.personnelId,
    action: entry.action,
    subject: entry.subject,
    subject_id: entry.subjectId ?? null,
    member_id: entry.memberId ?? null,
    changes: entry.changes ?? {},
    note: entry.note ?? null,
    create_at: clock.now().toISOString(),
  });
}

/** Secret fields (password hashes) are recorded as changed, never with their value. */
export const SECRET_MARK = '[secret]';

/** The fields of `after` whose value differs from `before`, as `{ field: [before, after] }`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secret: ReadonlySet<string> = new Set(),
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    if (secret.has(field)) {
      changes[field] = [SECRET_MARK, SECRET_MARK];
      continue;
    }
    const old = before[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[field] = [old, value ?? null];
  }
  return changes;
}

/** The values of a create, secrets marked. */
export function writtenValues(values: Record<string, unknown>, secret: ReadonlySet<string> = new Set()) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, secret.has(k) ? SECRET_MARK : v]));
}
