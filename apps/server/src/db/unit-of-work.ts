import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pgCodeOf } from '../errors.js';
import { CHANGED_TABLES_SETTING } from './change-notices.js';
import { type Database, queryRows, type Tx } from './client.js';

/** Something to do once the unit of work has committed: mail, a wake-up for the job runner, a message. */
export type Effect = () => void | Promise<void>;

/** One unit of work: every query on `db` commits or rolls back together; effects run only after a commit. */
export interface Work {
  readonly db: Tx;
  afterCommit(effect: Effect): void;
}

/**
 * Runs `fn` in a transaction, or inside `within` when the caller already has one (the effects then wait for the
 * outer commit). A rolled-back unit of work runs no effect.
 */
export type Transact = <T>(fn: (work: Work) => Promise<T>, within?: Work) => Promise<T>;

export interface TransactOptions {
  /**
   * Told, right after each commit, which tables the unit of work changed (recorded by the change-notice trigger)
   * and its transaction id, which the database's notices of the same change carry.
   */
  onCommit?: (change: { tables: string[]; txid: string }) => void;
  /** An effect that throws cannot undo the commit; it is reported here. */
  onEffectError: (error: unknown) => void;
}

/** PostgreSQL gave up on the transaction because of another one (deadlock, serialization): it may be run again. */
const isRetryable = (error: unknown) => {
  const code = pgCodeOf(error);
  return code === '40P01' || code === '40001';
};
const ATTEMPTS = 3;

export function transactor(database: Database, options: TransactOptions): Transact {
  const attempt = async <T>(fn: (work: Work) => Promise<T>, left: number): Promise<T> => {
    try {
      return await run(fn);
    } catch (error) {
      if (left > 1 && isRetryable(error)) return attempt(fn, left - 1);
      throw error;
    }
  };
  const run = async <T>(fn: (work: Work) => Promise<T>): Promise<T> => {
    const effects: Effect[] = [];
    let changed = { tables: '', txid: '' };
    const result = await database.db.transaction(async (tx) => {
      const out = await fn({ db: tx, afterCommit: (effect) => effects.push(effect) });
      const [row] = await queryRows<{ tables: string | null; txid: string }>(
        tx,
        sql`SELECT current_setting(${CHANGED_TABLES_SETTING}, true) AS tables, txid_current()::text AS txid`,
      );
      changed = { tables: row?.tables ?? '', txid: row?.txid ?? '' };
      return out;
    });
    if (changed.tables) options.onCommit?.({ tables: [...new Set(changed.tables.split(','))], txid: changed.txid });
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        options.onEffectError(error);
      }
    }
    return result;
  };
  return (fn, within) => (within ? fn(within) : attempt(fn, ATTEMPTS));
}

/**
 * Locks one row until the unit of work ends (`SELECT … FOR UPDATE`): a second unit of work asking for the same row
 * waits, so read-then-write on a balance or a counter cannot interleave. Returns whether the row exists.
 */
export async function lockRow(work: Work, table: PgTable & { id: PgColumn }, id: number): Promise<boolean> {
  const found = await work.db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
  return found.length > 0;
}
