import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
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
  /** Applies the migrations of `folder` (this build's by default) that the database lacks. */
  migrate(folder?: string): Promise<void>;
  /**
   * Waits until no other instance is starting up, and holds that until the returned release is called: instances
   * started together migrate and seed one after another, not at once (their DDL would collide). The lock is a
   * session's: an instance that dies holding it releases it with its connection.
   */
  startUpLock(): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Hears the name of each table whose change committed (announced by the trigger of `watchTables`), on every
   * instance, its own included. `FEED_LOST` when the connection that hears them is lost (nothing heard can be trusted
   * until further notice), then `EVERYTHING` once it listens again (anything may have changed meanwhile).
   */
  onChange(listener: (notice: string) => void): Promise<void>;
  /** The PostgreSQL pool's connections (all, idle) and the queries waiting for one; PGlite has no pool. */
  pool?: () => { total: number; idle: number; waiting: number };
}

/** The channel every committed write to a watched table is announced on (see `watchTables`). */
export const CHANGES_CHANNEL = 'sikkha_changes';
/** The notice meaning "anything may have changed". */
export const EVERYTHING = '*';
/** The notice meaning "changes are not heard now": until `EVERYTHING` comes, nothing kept is known to be current. */
export const FEED_LOST = '!';

/** Migrations sit beside this module in the source tree and beside main.js in the build. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migrations this build carries, oldest first: each one's tag and its time, which drizzle records when applied. */
export function migrationsOfBuild(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The times (`when`) of the migrations the database has applied, as drizzle's own table records them. */
export async function appliedMigrations(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  return rows.map((row) => Number(row.created_at));
}

/** How many of this build's migrations the database lacks: 0 when it is up to date. */
export async function pendingMigrations(db: Executor): Promise<number> {
  const applied = new Set(await appliedMigrations(db).catch(() => []));
  return migrationsOfBuild().filter((m) => !applied.has(m.when)).length;
}

/**
 * How long a request waits for a new connection to the database: past it, the database counts as unreachable and the
 * request is answered 503 (a person is not kept waiting on a database that is gone).
 */
const CONNECT_TIMEOUT_MS = 3000;
/** The advisory lock instances take to start up one at a time (any fixed number unique to the shop). */
const START_UP_LOCK = 73_711_001;

/** PostgreSQL through node-postgres when a URL is given. */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const lost = (error: Error) => console.error('PostgreSQL connection lost:', error.message);
  // A connection the server drops (a restart, a failover) must not take the process down. The pool listens on the
  // idle ones only; one checked out for a unit of work, between two of its queries, would raise an unhandled
  // 'error' event. Its next query fails instead (the request gets a 503) and the pool discards it on release.
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  let closing = false;

  async function listen(callback: (notice: string) => void, retrying = false): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    let gone = false;
    const lost = () => {
      if (closing || gone) return;
      gone = true;
      if (listener === client) listener = undefined;
      callback(FEED_LOST);
      setTimeout(() => void listen(callback, true), 1000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload) callback(n.payload);
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      // At start the shop cannot run without its database; later, keep trying.
      if (!retrying) throw error;
      lost();
      return;
    }
    // Notices sent while nobody listened are gone: from the moment of listening, forget what came before.
    callback(EVERYTHING);
  }

  return {
    db,
    kind: 'postgres',
    migrate: (folder = migrationsFolder) =>
      migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: folder }),
    async startUpLock() {
      const client = new pg.Client({ connectionString: url });
      client.on('error', lost);
      await client.connect();
      await client.query('SELECT pg_advisory_lock($1)', [START_UP_LOCK]);
      return async () => {
        await client.query('SELECT pg_advisory_unlock($1)', [START_UP_LOCK]).catch(() => undefined);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      closing = true;
      await listener?.end();
      await pool.end();
    },
    // LISTEN needs a connection of its own that stays open.
    onChange: (callback) => listen(callback),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * The embedded PostgreSQL (WebAssembly): under `dir`, or in memory when `dir` is undefined. `image` (a tarball of
 * `PGlite.dumpDataDir`) starts it as a copy of another database instead of an empty one made by initdb, which is
 * most of a new database's cost (the integration tests start each file from a migrated image).
 */
export async function openPglite(dir?: string, image?: Blob): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ? join(dir, 'pglite') : undefined, image ? { loadDataDir: image } : {});
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
    // One process owns an embedded database: nobody else can be starting up.
    startUpLock: async () => async () => undefined,
    async onChange(listener) {
      await client.listen(CHANGES_CHANNEL, listener);
    },
  };
}

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
