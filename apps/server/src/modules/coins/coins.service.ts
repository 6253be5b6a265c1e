import { message } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { user } from '../../db/schema/index.js';
import { lockRow, type Work } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';

/**
 * The coin balance moves only with a ledger entry (`logPoint`), in the entry's unit of work, with the member's
 * row locked first (before the entry's foreign key takes its share lock on the same row, which would deadlock two
 * entries): concurrent entries queue on the lock, so `user.point` always equals the sum of the ledger and never
 * goes below zero.
 */
export async function applyLedgerEntry(work: Work, entry: { user_id: number; log_point_amount: number }) {
  if (!(await lockRow(work, user, entry.user_id))) throw new AppError('UNPROCESSABLE', message('badReference'));
  const [moved] = await work.db
    .update(user)
    .set({ point: sql`${user.point} + ${entry.log_point_amount}` })
    .where(sql`${user.id} = ${entry.user_id} AND ${user.point} + ${entry.log_point_amount} >= 0`)
    .returning({ point: user.point });
  if (!moved) throw new AppError('CONFLICT', message('coinsInsufficient'));
  return moved.point;
}
