import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query runs on the database or inside a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Tells every instance of the shop that something changed (PostgreSQL NOTIFY); `onChange` hears every notice,
   * its own included. The embedded database has one instance, so only this one hears.
   */
  publishChange(notice: string): Promise<void>;
  onChange(listener: (notice: string) => void): Promise<void>;
}

const CHANGES = 'sikkha_changes';

/** Migrations sit beside this module in the source tree and beside main.js in the build. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** PostgreSQL through node-postgres when a URL is given. */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder }),
    async close() {
      await listener?.end();
      await pool.end();
    },
    async publishChange(notice) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANGES, notice]);
    },
    async onChange(callback) {
      // LISTEN needs a connection of its own that stays open.
      listener = new pg.Client({ connectionString: url });
      await listener.connect();
      listener.on('notification', (n) => {
        if (n.channel === CHANGES && n.payload) callback(n.payload);
      });
      await listener.query(`LISTEN ${CHANGES}`);
    },
  };
}

/** The embedded PostgreSQL (WebAssembly): under `dir`, or in memory when `dir` is undefined. */
export async function openPglite(dir?: string): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ? join(dir, 'pglite') : undefined);
  const db = drizzlePglite(client, { schema });
  const listeners: ((notice: string) => void)[] = [];
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    async publishChange(notice) {
      for (const listener of listeners) listener(notice);
    },
    async onChange(listener) {
      listeners.push(listener);
    },
  };
}
