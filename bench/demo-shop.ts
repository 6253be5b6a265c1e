import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { systemClock } from '../apps/server/src/clock.js';
import { loadConfig } from '../apps/server/src/config.js';
import { demoAccounts } from '../apps/server/src/demo/content.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { freshDatabase } from '../apps/server/test/database.js';

/**
 * The demo shop in this process, listening on a free port, on a database of its own that `stop` drops: PGlite in
 * memory, or a new database on the PostgreSQL server of DATABASE_URL.
 */
export async function startDemoShop() {
  if (process.env.DATABASE_URL) {
    Object.assign(process.env, { DB_ENGINE: 'postgres', TEST_DATABASE_URL: process.env.DATABASE_URL });
  }
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-bench-'));
  await seedDemo(database.db, { dataDir, clock: systemClock });
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'b'.repeat(40),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, clock: systemClock });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base,
    kind: database.kind,
    /** The shop's database, for a benchmark that seeds rows no request would make quickly. */
    db: database.db,
    /** Signs the demo member in: their bearer token and user id. */
    async signInMember(): Promise<{ token: string; userId: number }> {
      const login = await fetch(`${base}/api/loginEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demoAccounts.member),
      }).then((r) => r.json());
      return { token: login.data.token, userId: login.user.id };
    },
    async stop() {
      await app.close();
      await database.drop();
    },
  };
}
