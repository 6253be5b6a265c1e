import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { baht } from '@sikkha/contract/rules';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_PASSWORD, testApp } from '../../test/app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres, queryRows } from '../db/client.js';
import { product } from '../db/schema/index.js';
import { createBackup, readManifest, restoreBackup } from './backup.js';

const onPostgres = process.env.DB_ENGINE === 'postgres';
const hasPgDump = await promisify(execFile)('pg_dump', ['--version']).then(
  () => true,
  () => false,
);

let source: Awaited<ReturnType<typeof testApp>>;
let sourceDir: string;
let buyerId: number;
const work = mkdtempSync(join(tmpdir(), 'sikkha-backup-test-'));

/** An empty database (never migrated) on the same engine, and how to drop it. */
async function emptyDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!onPostgres) {
    const database = await openPglite(mkdtempSync(join(work, 'pglite-')));
    return { database, drop: () => database.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `sikkha_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}

/** Every row of every shop table, as text, in a fixed order: two shops with the same rows compare equal. */
async function snapshot(database: Database) {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      database.db,
      sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(name)} t`,
    );
    out[name] = rows.map((r) => r.row).sort();
  }
  return out;
}

async function files(dir: string): Promise<Record<string, string>> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = (await readFile(path)).toString('base64');
  }
  return out;
}

beforeAll(async () => {
  sourceDir = mkdtempSync(join(work, 'source-'));
  source = await testApp({ dataDir: sourceDir });
  // A shop with members, courses, an order, uploaded files and a packaged video.
  const member = await source.member('backup-buyer@example.com');
  buyerId = member.id!;
  await source.staff('backup-staff');
  const [course] = await source.db
    .insert(product)
    .values({ product_title: 'คอร์สสำรองข้อมูล', product_price: baht(1290), product_status: 'Show' })
    .returning({ id: product.id });
  const placed = await member.post('/api/orders', {
    order: { orders_payment_type_id: 1 },
    ordersDetail: { product_id: course!.id },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { storage } = source.app.ctx.providers;
  await storage.put('slip', 'a1b2c3d4e5f6a7b8c9d0.png', Buffer.from('slip picture bytes'));
  await storage.put('productMini', 'f0e1d2c3b4a5f6e7d8c9.jpg', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]));
  await mkdir(join(sourceDir, 'hls', 'pkg1', '360p'), { recursive: true });
  await writeFile(join(sourceDir, 'hls', 'pkg1', 'master.m3u8'), '#EXTM3U\n');
  await writeFile(join(sourceDir, 'hls', 'pkg1', '360p', 'seg0.ts'), Buffer.alloc(4096, 7));
}, 180_000);
afterAll(async () => {
  await source?.close();
  rmSync(work, { recursive: true, force: true });
});

const dumps: ('json' | 'pg_dump')[] = onPostgres && hasPgDump ? ['json', 'pg_dump'] : ['json'];

describe.each(dumps)('backup and restore (%s dump)', (dump) => {
  test('a fresh database and folder get the same rows and files, and the shop works there', {
    timeout: 240_000,
  }, async () => {
    const archive = join(work, `shop-${dump}.tar.gz`);
    const made = await createBackup({
      database: source.database,
      databaseUrl: (source.database as { url?: string }).url,
      dataDir: sourceDir,
      out: archive,
      dump,
    });
    expect(made.database.dump).toBe(dump);
    expect(made.files.uploads).toEqual({ count: 2, bytes: 23 });
    expect(made.files.hls!.count).toBe(2);
    expect(await readManifest(archive)).toEqual(made);
    if (dump === 'json') expect(made.database.tables).toMatchObject({ orders: 1, product: 1, user: 1, personnel: 1 });

    const target = await emptyDatabase();
    const targetDir = mkdtempSync(join(work, 'target-'));
    try {
      await restoreBackup({ database: target.database, databaseUrl: target.url, dataDir: targetDir, archive });
      expect(await snapshot(target.database)).toEqual(await snapshot(source.database));
      for (const folder of ['uploads', 'hls']) {
        expect(await files(join(targetDir, folder))).toEqual(await files(join(sourceDir, folder)));
      }

      // The restored shop answers: its member signs in with the same password and sees the order; new rows get
      // new ids after the restored ones.
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: targetDir }),
        database: target.database,
        clock: source.clock,
      });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/loginEmail',
          payload: { email: 'backup-buyer@example.com', password: TEST_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        const { token } = login.json().data as { token: string };
        const mine = await app.inject({
          method: 'GET',
          url: `/api/ordersByUserId?user_id=${buyerId}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(mine.statusCode, mine.body).toBe(200);
        expect(mine.json().data).toHaveLength(1);
        const [added] = await target.database.db
          .insert(product)
          .values({ product_title: 'คอร์สใหม่', product_price: baht(10), product_status: 'Show' })
          .returning({ id: product.id });
        const [highest] = await queryRows<{ id: number }>(source.db, sql`SELECT max(id) AS id FROM product`);
        expect(added!.id).toBeGreaterThan(Number(highest!.id));
      } finally {
        await app.close();
      }

      // A second restore into a shop that is there is refused, unless it replaces it.
      await expect(
        restoreBackup({ database: target.database, databaseUrl: target.url, dataDir: targetDir, archive }),
      ).rejects.toThrow(/not empty/);
      await restoreBackup({
        database: target.database,
        databaseUrl: target.url,
        dataDir: targetDir,
        archive,
        replace: true,
      });
      expect(await snapshot(target.database)).toEqual(await snapshot(source.database));
    } finally {
      await target.drop();
    }
  });
});

test('a file that is not a backup is refused before anything is touched', async () => {
  const bogus = join(work, 'not-a-backup.tar.gz');
  await writeFile(bogus, 'hello');
  await expect(readManifest(bogus)).rejects.toThrow();
});
