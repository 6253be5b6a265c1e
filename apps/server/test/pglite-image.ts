import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/db/client.js';

/**
 * Global setup of the integration-pglite project: one new PGlite database, migrated, dumped to a file that
 * freshDatabase loads for each test file. A new embedded database runs initdb in WebAssembly, seconds on this
 * machine; loading an image skips it and the migrations.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'sikkha-pglite-image-'));
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteImage', file);
  return () => rm(dir, { recursive: true, force: true });
}
