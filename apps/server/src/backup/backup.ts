import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import {
  appliedMigrations,
  type Database,
  type Executor,
  migrationsFolder,
  migrationsOfBuild,
  queryRows,
} from '../db/client.js';

const run = promisify(execFile);

/** The folders of `DATA_DIR` a backup holds: uploaded files and packaged video. */
export const FILE_FOLDERS = ['uploads', 'hls'] as const;
const FORMAT = 'sikkha-backup';
/** Rows read and written per statement. */
const BATCH = 1000;

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: {
    engine: Database['kind'];
    /** `json`: one JSON line per row and table, restorable on either engine; `pg_dump`: PostgreSQL's custom format. */
    dump: 'json' | 'pg_dump';
    /** The migrations applied when the backup was made (tags, oldest first): the schema its rows fit. */
    migrations: string[];
    /** Rows per table (the `json` dump). */
    tables: Record<string, number>;
  };
  /** Files per folder of `DATA_DIR`, and their bytes. */
  files: Record<string, { count: number; bytes: number }>;
}

export interface BackupOptions {
  database: Database;
  /** The PostgreSQL URL, for pg_dump; without it (or without pg_dump) the dump is JSON. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The archive to write (`.tar.gz`). */
  out: string;
  /** `json` or `pg_dump`; by default pg_dump on PostgreSQL when it is installed, JSON otherwise. */
  dump?: 'json' | 'pg_dump';
}

export interface RestoreOptions {
  database: Database;
  databaseUrl?: string | undefined;
  dataDir: string;
  archive: string;
  /** Empties a database and folders that already hold a shop; without it they must be empty. */
  replace?: boolean;
}

const quoted = (name: string) => sql.identifier(name);

/** The shop's tables (schema public). */
async function tablesOf(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((r) => r.name);
}

/** Tables ordered so that each comes after the tables its foreign keys point at (self-references aside). */
async function dependencyOrder(db: Executor, tables: string[]): Promise<string[]> {
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`SELECT c.relname AS child, p.relname AS parent
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function pgDumpAvailable(): Promise<boolean> {
  return run('pg_dump', ['--version']).then(
    () => true,
    () => false,
  );
}

/** Each table as JSON lines, read in batches inside one snapshot, so the rows fit together. */
async function dumpJson(database: Database, dir: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await database.db.transaction(
    async (tx) => {
      for (const table of await tablesOf(tx)) {
        const out = createWriteStream(join(dir, `${table}.jsonl`));
        let count = 0;
        for (let offset = 0; ; offset += BATCH) {
          const rows = await queryRows<{ row: string }>(
            tx,
            sql`SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t ORDER BY ctid LIMIT ${BATCH} OFFSET ${offset}`,
          );
          for (const { row } of rows) out.write(`${row}\n`);
          count += rows.length;
          if (rows.length < BATCH) break;
        }
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        counts[table] = count;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return counts;
}

/** The columns a row may be written with (not generated ones). */
async function writableColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
        ORDER BY ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/**
 * Loads the JSON lines into the tables, parents first, then moves each identity past the highest id. The rows
 * migrations seeded (payment types) are dropped first: the backup holds them as the shop had them.
 */
async function loadJson(db: Executor, dir: string, tables: string[]) {
  await db.execute(sql`TRUNCATE ${sql.join(tables.map(quoted), sql`, `)} RESTART IDENTITY CASCADE`);
  for (const table of await dependencyOrder(db, tables)) {
    const file = join(dir, `${table}.jsonl`);
    if (!existsSync(file)) continue;
    const columns = sql.join((await writableColumns(db, table)).map(quoted), sql`, `);
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await db.execute(
        sql`INSERT INTO ${quoted(table)} (${columns}) OVERRIDING SYSTEM VALUE
            SELECT ${columns} FROM json_populate_recordset(null::${quoted(table)}, ${`[${batch.join(',')}]`}::json)`,
      );
      batch = [];
    };
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (line === '') continue;
      batch.push(line);
      if (batch.length === BATCH) await flush();
    }
    await flush();
  }
  const identities = await queryRows<{ table: string; column: string }>(
    db,
    sql`SELECT table_name AS table, column_name AS column FROM information_schema.columns
        WHERE table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
  );
  for (const { table, column } of identities) {
    const sequence = sql`pg_get_serial_sequence(${`"${table}"`}, ${column})`;
    await db.execute(
      sql`SELECT setval(${sequence}, coalesce((SELECT max(${quoted(column)}) FROM ${quoted(table)}), 0) + 1, false)`,
    );
  }
}

async function filesIn(dir: string): Promise<{ count: number; bytes: number }> {
  if (!existsSync(dir)) return { count: 0, bytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let count = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    count++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

/**
 * Writes one archive (`.tar.gz`) holding a manifest, the database (pg_dump's custom format, or JSON lines per table
 * read in one snapshot) and the uploaded files and packaged video of `DATA_DIR`. The shop may keep running on
 * PostgreSQL meanwhile (a file uploaded during the backup may be missing from it); the embedded database must be
 * closed (see cli.ts).
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const { database, databaseUrl, dataDir, out } = options;
  const dump =
    options.dump ?? (database.kind === 'postgres' && databaseUrl && (await pgDumpAvailable()) ? 'pg_dump' : 'json');
  if (dump === 'pg_dump' && (database.kind !== 'postgres' || !databaseUrl)) {
    throw new Error('pg_dump needs PostgreSQL (DATABASE_URL)');
  }
  const staging = await mkdtemp(join(tmpdir(), 'sikkha-backup-'));
  try {
    const dbDir = join(staging, 'database');
    await mkdir(dbDir);
    const applied = new Set(await appliedMigrations(database.db));
    const migrations = migrationsOfBuild()
      .filter((m) => applied.has(m.when))
      .map((m) => m.tag);
    let tables: Record<string, number> = {};
    if (dump === 'pg_dump') {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(dbDir, 'database.pgdump')}`,
        `--dbname=${databaseUrl}`,
      ]);
    } else {
      tables = await dumpJson(database, dbDir);
    }
    const files: Manifest['files'] = {};
    await mkdir(join(staging, 'files'));
    for (const folder of FILE_FOLDERS) {
      const source = join(dataDir, folder);
      files[folder] = await filesIn(source);
      // Packed through a link, so large folders are read once, straight into the archive.
      if (existsSync(source)) await symlink(source, join(staging, 'files', folder));
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: { engine: database.kind, dump, migrations, tables },
      files,
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(dirname(out), { recursive: true });
    const partial = `${out}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, [
      'manifest.json',
      'database',
      'files',
    ]);
    await cp(partial, out);
    await rm(partial, { force: true });
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest without unpacking the rest. */
export async function readManifest(archive: string): Promise<Manifest> {
  let text = '';
  await tar.t({
    file: archive,
    filter: (path) => path === 'manifest.json',
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
    },
  });
  const manifest = text ? (JSON.parse(text) as Manifest) : undefined;
  if (manifest?.format !== FORMAT || manifest.version !== 1) throw new Error(`${archive} is not a Sikkha backup`);
  return manifest;
}

/**
 * A migrations folder holding only the first `count` of this build's migrations, so the schema a backup's rows were
 * made for can be built before they are loaded; the later migrations then run over the data as on any upgrade.
 */
async function migrationsUpTo(tags: string[], dir: string): Promise<string> {
  const build = migrationsOfBuild().map((m) => m.tag);
  const unknown = tags.find((tag, i) => build[i] !== tag);
  if (unknown) throw new Error(`the backup's schema (${unknown}) is not one this build knows: restore with its build`);
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, tags.length);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

async function isEmptyDatabase(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
  );
  return Number(row?.n ?? 0) === 0;
}

async function emptyDatabase(db: Executor) {
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await db.execute(sql`DROP SCHEMA public CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
}

/**
 * Restores an archive of `createBackup` into an empty database and data folder (or, with `replace`, over a shop,
 * which is emptied first): the same rows and files, then this build's later migrations.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { database, databaseUrl, dataDir, archive, replace = false } = options;
  const manifest = await readManifest(archive);
  const targets = FILE_FOLDERS.map((folder) => join(dataDir, folder));
  if (!replace) {
    if (!(await isEmptyDatabase(database.db))) throw new Error('the database is not empty (restore with --replace)');
    for (const target of targets) {
      if (existsSync(target) && (await readdir(target)).length > 0) {
        throw new Error(`${target} is not empty (restore with --replace)`);
      }
    }
  }
  const staging = await mkdtemp(join(tmpdir(), 'sikkha-restore-'));
  try {
    await tar.x({ file: archive, cwd: staging });
    if (replace) await emptyDatabase(database.db);
    if (manifest.database.dump === 'pg_dump') {
      if (database.kind !== 'postgres' || !databaseUrl) throw new Error('a pg_dump backup restores into PostgreSQL');
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${databaseUrl}`,
        join(staging, 'database', 'database.pgdump'),
      ]);
    } else {
      await database.migrate(await migrationsUpTo(manifest.database.migrations, join(staging, 'migrations')));
      const tables = Object.keys(manifest.database.tables);
      await database.db.transaction((tx) => loadJson(tx, join(staging, 'database'), tables));
    }
    await database.migrate();
    for (const folder of FILE_FOLDERS) {
      const target = join(dataDir, folder);
      if (replace) await rm(target, { recursive: true, force: true });
      const source = join(staging, 'files', folder);
      if (existsSync(source)) await cp(source, target, { recursive: true, errorOnExist: true, force: false });
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
