import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL, type Db, queryRows } from './client.js';

/** A transaction-local setting the trigger appends each changed table to, so the writer knows without waiting. */
export const CHANGED_TABLES_SETTING = 'sikkha.changed';
const FUNCTION = 'sikkha_announce_change';

/** A notice as the trigger sends it: the table, and the transaction that changed it. */
export function parseNotice(notice: string): { table: string; txid: string } {
  const at = notice.lastIndexOf(':');
  return at < 0 ? { table: notice, txid: '' } : { table: notice.slice(0, at), txid: notice.slice(at + 1) };
}

/**
 * Makes the database announce every write to these tables: a statement trigger sends `NOTIFY` (PostgreSQL
 * delivers it only if the transaction commits) with the table and transaction id, and records the table in the
 * transaction. Being in the database,
 * it cannot be forgotten by a hand-written query. Idempotent; safe when several instances start at once.
 */
export async function watchTables(db: Db, tables: readonly string[]) {
  if (tables.length === 0) return;
  await db.transaction(async (tx) => {
    // Two instances starting together would otherwise race on the same DDL.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${FUNCTION}))`);
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION ${FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANGES_CHANNEL}', TG_TABLE_NAME || ':' || txid_current());
  PERFORM set_config('${CHANGED_TABLES_SETTING}',
    concat_ws(',', nullif(current_setting('${CHANGED_TABLES_SETTING}', true), ''), TG_TABLE_NAME), true);
  RETURN NULL;
END $$`),
    );
    const present = await queryRows<{ table: string }>(
      tx,
      sql`SELECT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE t.tgname = ${`${FUNCTION}_trigger`}`,
    );
    const have = new Set(present.map((r) => r.table));
    for (const table of new Set(tables)) {
      if (have.has(table)) continue;
      await tx.execute(
        sql.raw(
          `CREATE OR REPLACE TRIGGER ${FUNCTION}_trigger AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table.replace(/"/g, '')}" FOR EACH STATEMENT EXECUTE FUNCTION ${FUNCTION}()`,
        ),
      );
    }
  });
}
