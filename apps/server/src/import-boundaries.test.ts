import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The server's folders import one way (docs/ARCHITECTURE.md, "Server structure"): main -> app -> modules -> http ->
 * jobs and demo -> policies, providers and backup -> db -> the ground (config, clock, errors, lib). A module never
 * imports another module (what two need lives lower down), and nothing imports a folder above its own. The web's
 * twin is apps/web/src/import-boundaries.test.ts.
 */

const src = dirname(fileURLToPath(import.meta.url));

/** The floor of each top-level folder or file (without .ts) of src: a file may import its own floor or a lower one. */
const floors: Record<string, number> = {
  config: 0,
  clock: 0,
  errors: 0,
  lib: 0,
  db: 1,
  policies: 2,
  providers: 2,
  backup: 2,
  jobs: 3,
  demo: 3,
  http: 4,
  modules: 5,
  app: 6,
  main: 7,
};

/** Paths are relative to src, with '/'. */
function floorOf(path: string): number {
  const floor = floors[(path.split('/')[0] ?? '').replace(/\.[jt]s$/, '')];
  if (floor === undefined) throw new Error(`${path} is on no floor: give its folder one in import-boundaries.test.ts`);
  return floor;
}

/** The module a path under modules/ belongs to; module.ts, the modules' shared contract, belongs to none. */
function moduleOf(path: string): string | null {
  const [top, second, third] = path.split('/');
  return top === 'modules' && third !== undefined ? (second ?? null) : null;
}

function mayImport(from: string, to: string): boolean {
  if (floorOf(to) > floorOf(from)) return false;
  const [fromModule, toModule] = [moduleOf(from), moduleOf(to)];
  return fromModule === null || toModule === null || fromModule === toModule;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every relative import in `files` (path relative to src -> text) that crosses the floors the wrong way. */
export function forbiddenImports(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    for (const [, specifier] of text.matchAll(IMPORT)) {
      if (specifier === undefined) continue;
      const target = normalize(join(dirname(path), specifier)).replaceAll('\\', '/');
      // Outside src: the web's build for the server renderer, read at run time.
      if (target.startsWith('..')) continue;
      if (!mayImport(path, target)) found.push(`${path} -> ${target}`);
    }
  }
  return found;
}

function sources(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
    files[relative(src, join(src, entry)).replaceAll('\\', '/')] = readFileSync(join(src, entry), 'utf8');
  }
  return files;
}

describe('server import boundaries', () => {
  test('imports point down the floors, and no module imports another', () => {
    const files = sources();
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(forbiddenImports(files)).toEqual([]);
  });

  test('the rule sees the edges it forbids', () => {
    const files = {
      'modules/orders/place-order.ts': "import { couponVerdict } from '../coupons/coupons.service.js';",
      'providers/payments/sandbox/routes.ts': "import { acceptFormPosts } from '../../../http/form-body.js';",
      'db/notify.ts': "const m = await import('../modules/messaging/deliver.js');",
      'policies/orders.policy.ts': "import type { Jobs } from '../jobs/jobs.js';",
      'modules/coupons/coupons.module.ts':
        "import type { AppModule } from '../module.js';\nimport { authorize } from '../../policies/index.js';",
      'http/auth.ts': "import { forbidden } from '../errors.js';\nimport { sessions } from './sessions.js';",
    };
    expect(forbiddenImports(files)).toEqual([
      'modules/orders/place-order.ts -> modules/coupons/coupons.service.js',
      'providers/payments/sandbox/routes.ts -> http/form-body.js',
      'db/notify.ts -> modules/messaging/deliver.js',
      'policies/orders.policy.ts -> jobs/jobs.js',
    ]);
  });
});
