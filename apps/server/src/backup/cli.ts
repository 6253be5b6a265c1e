import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { createBackup, restoreBackup } from './backup.js';

const usage = `Usage:
  npm run backup [-- --out FILE] [--dump json|pg_dump] [--force]
  npm run restore -- FILE [--replace] [--force]

Settings come from the environment, as for the shop (DATA_DIR, DATABASE_URL).
  --out      the archive to write (default: DATA_DIR/backups/sikkha-<time>.tar.gz)
  --dump     pg_dump (PostgreSQL, when pg_dump is installed: the default there) or json (either engine)
  --replace  restore over a shop that is already there (its database and files are emptied first)
  --force    use the embedded database even though it looks open (a shop that crashed leaves that mark)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    dump: { type: 'string' },
    replace: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const [command, archive] = positionals;
if (values.help || (command !== 'backup' && command !== 'restore') || (command === 'restore' && !archive)) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
if (values.dump !== undefined && values.dump !== 'json' && values.dump !== 'pg_dump') {
  console.error('--dump is json or pg_dump');
  process.exit(2);
}

const config = loadConfig();
// The embedded database is one process's: opened twice, it is damaged. PGlite marks it open with postmaster.pid.
if (!config.databaseUrl && existsSync(join(config.dataDir, 'pglite', 'postmaster.pid')) && !values.force) {
  console.error(
    `The embedded database in ${config.dataDir} is open: stop the shop first (or --force if it crashed and is not running).`,
  );
  process.exit(1);
}
const database: Database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = resolve(values.out ?? join(config.dataDir, 'backups', `sikkha-${stamp}.tar.gz`));
    const manifest = await createBackup({
      database,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      out,
      dump: values.dump as 'json' | 'pg_dump' | undefined,
    });
    const files = Object.entries(manifest.files).map(([folder, f]) => `${folder} ${f.count} files`);
    console.log(`Backup written: ${out}\n  database: ${manifest.database.dump}; ${files.join(', ')}`);
  } else {
    const manifest = await restoreBackup({
      database,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      archive: resolve(archive!),
      replace: values.replace,
    });
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}`,
    );
  }
} catch (error) {
  console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
