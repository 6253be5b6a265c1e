import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { baht } from '@sikkha/contract/rules';
import { afterAll, expect, test } from 'vitest';
import { openPglite } from '../db/client.js';
import { product } from '../db/schema/index.js';
import { localDiskStorage } from '../providers/storage.js';

// `npm run backup` and `npm run restore` as an operator runs them: the command in a process of its own, its settings
// from the environment. On the embedded database (the library's own test covers both engines and dumps).
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
// Without DATABASE_URL (a PostgreSQL test run sets one), the command works on DATA_DIR's embedded database.
const { DATABASE_URL: _postgres, ...inherited } = process.env;
const run = (args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...inherited, NODE_ENV: 'test', ...env },
  });

const work = await mkdtemp(join(tmpdir(), 'sikkha-backup-cli-'));
afterAll(() => rm(work, { recursive: true, force: true }));

test.skipIf(process.env.DB_ENGINE === 'postgres')(
  'backup of a stopped shop, restore into an empty folder: the same course and file; an open shop is refused',
  { timeout: 240_000 },
  async () => {
    const source = join(work, 'source');
    const shop = await openPglite(source);
    await shop.migrate();
    await shop.db
      .insert(product)
      .values({ product_title: 'คอร์สจากคำสั่ง', product_price: baht(990), product_status: 'Show' });
    const picture = Buffer.from('a course picture');
    await localDiskStorage(join(source, 'uploads')).put('productMini', 'c0ffee00c0ffee00c0ff.jpg', picture);

    // While the shop has its database open, the command refuses to touch it.
    const archive = join(work, 'shop.tar.gz');
    await expect(run(['backup', '--out', archive], { DATA_DIR: source })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is open: stop the shop first'),
    });
    await shop.close();

    const made = await run(['backup', '--out', archive], { DATA_DIR: source });
    expect(made.stdout).toContain(`Backup written: ${archive}`);
    expect(existsSync(archive)).toBe(true);

    const target = join(work, 'target');
    const restored = await run(['restore', archive], { DATA_DIR: target });
    expect(restored.stdout).toContain('Restored the backup');
    const back = await openPglite(target);
    try {
      const rows = await back.db.select({ title: product.product_title }).from(product);
      expect(rows).toEqual([{ title: 'คอร์สจากคำสั่ง' }]);
    } finally {
      await back.close();
    }
    expect(await readFile(join(target, 'uploads', 'productMini', 'c0ffee00c0ffee00c0ff.jpg'))).toEqual(picture);

    // A second restore over the shop is refused without --replace.
    await expect(run(['restore', archive], { DATA_DIR: target })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not empty (restore with --replace)'),
    });
  },
);
