import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of an in-memory PGlite database with every migration applied (pglite-image.ts). */
    pgliteImage: string;
    /** A PostgreSQL database with every migration applied, to copy (postgres-template.ts). */
    postgresTemplate: string;
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the file runs in the postgres project. Dropped afterwards.
 */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.DB_ENGINE !== 'postgres' || !url) {
    // Under vitest, a copy of the database the project's global setup migrated (pglite-image.ts); migrating it again
    // only checks. The benches that call this outside vitest start from an empty database.
    const imageFile = process.env.VITEST ? inject('pgliteImage') : undefined;
    const database = await openPglite(undefined, imageFile ? new Blob([await readFile(imageFile)]) : undefined);
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const name = `sikkha_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Under vitest, a copy of the database the project's global setup migrated (postgres-template.ts).
  const template = process.env.VITEST ? inject('postgresTemplate') : undefined;
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString());
  await database.migrate();
  return {
    ...database,
    url: target.toString(),
    async drop() {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}
