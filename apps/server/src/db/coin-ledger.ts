import { type CoinEntryType, message } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { logPoint, user } from './schema/index.js';
import { lockRow, type Work } from './unit-of-work.js';

/**
 * The coin ledger, shared by every domain that moves coins (claims of coin coupons, coin payments, Point coupons,
 * staff adjustments): each change of a balance is one `logPoint` row written in the same unit of work as the
 * balance, so `user.point` always equals the sum of the member's ledger.
 */

/**
 * Moves a member's balance by `amount` with the member's row locked first (before any foreign key takes its share
 * lock on the same row, which would deadlock two writers that then both ask for the row): concurrent changes queue
 * on the lock, and a balance never goes below zero (409). Returns the balance after.
 */
export async function moveCoins(work: Work, userId: number, amount: number): Promise<number> {
  if (!(await lockRow(work, user, userId))) throw new AppError('UNPROCESSABLE', message('badReference'));
  const [moved] = await work.db
    .update(user)
    .set({ point: sql`${user.point} + ${amount}` })
    .where(sql`${user.id} = ${userId} AND ${user.point} + ${amount} >= 0`)
    .returning({ point: user.point });
  if (!moved) throw new AppError('CONFLICT', message('coinsInsufficient'));
  return moved.point;
}

export interface CoinEntry {
  user_id: number;
  /** Coins in (positive) or out (negative). */
  amount: number;
  type: CoinEntryType;
  note: string;
  /** Who made the change: the member, or the staff account. */
  by: number;
}

/** One ledger row and the balance it moves, in the caller's unit of work; returns the row's id and the balance. */
export async function recordCoins(work: Work, clock: Clock, entry: CoinEntry) {
  const point = await moveCoins(work, entry.user_id, entry.amount);
  const at = clock.now().toISOString();
  const [row] = await work.db
    .insert(logPoint)
    .values({
      user_id: entry.user_id,
      log_point_amount: entry.amount,
      log_point_type: entry.type,
      log_point_note: entry.note,
      create_by: entry.by,
      create_at: at,
      update_at: at,
    })
    .returning({ id: logPoint.id });
  return { id: row!.id, point };
}
