import { backofficeMessageTexts } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import { personnel } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';
import type { WriteHooks } from '../../http/resources/engine.js';
import type { Sessions } from '../../http/sessions.js';

/**
 * Nobody can lock the shop out of its back office: disabling or deleting a staff account is refused when no other
 * enabled account would be left. The enabled rows are locked (`FOR UPDATE`) before they are counted, so two staff
 * disabling each other at once cannot both pass: the second waits for the first, and PostgreSQL then reads the
 * first's account again and finds it disabled.
 */
async function keepAnotherEnabled(work: Work, id: number) {
  const enabled = await work.db
    .select({ id: personnel.id })
    .from(personnel)
    .where(eq(personnel.personnel_disable, 'N'))
    .for('update');
  const disablingAnEnabledOne = enabled.some((row) => row.id === id);
  if (disablingAnEnabledOne && enabled.length < 2) {
    throw new AppError('CONFLICT', backofficeMessageTexts.lastStaff.th);
  }
}

/** The personnel table's rules: the last enabled account stays, and a disabled account's sessions end at once. */
export function personnelHooks(sessions: Sessions): WriteHooks {
  return {
    async beforeWrite(values, { work, id }) {
      if (id !== undefined && values.personnel_disable === 'Y') {
        await keepAnotherEnabled(work, id);
        await sessions.endOthers(work.db, 'staff', id, null);
      }
      return values;
    },
    async beforeDelete(id, { work }) {
      await keepAnotherEnabled(work, id);
      await sessions.endOthers(work.db, 'staff', id, null);
    },
  };
}
