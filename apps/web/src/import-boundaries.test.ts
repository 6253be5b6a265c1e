import { describe, expect, test } from 'vitest';

/**
 * The web's folders import one way (docs/ARCHITECTURE.md, "Web structure"): app -> features -> shared. A feature
 * never imports another feature, nothing below app imports app, and the back office (admin) takes the shared
 * layer only. Biome's noRestrictedImports matches import strings, not the folders they resolve to, so the rule is
 * checked here on the resolved paths.
 */

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

type Layer = { name: 'entry' | 'app' | 'admin' | 'shared' } | { name: 'feature'; feature: string };

/** Paths are relative to src, without './'. Everything outside app, features and admin is the shared layer. */
function layerOf(path: string): Layer {
  const [top, second] = path.split('/');
  // The browser's entry and the server renderer's (entry-server.tsx) both start the app.
  if (path === 'main.tsx' || path === 'entry-server.tsx') return { name: 'entry' };
  if (top === 'app' || top === 'admin') return { name: top };
  if (top === 'features' && second) return { name: 'feature', feature: second };
  return { name: 'shared' };
}

function mayImport(from: Layer, to: Layer): boolean {
  switch (from.name) {
    case 'entry':
    case 'app':
      return true;
    case 'admin':
      return to.name === 'admin' || to.name === 'shared';
    case 'feature':
      return to.name === 'shared' || (to.name === 'feature' && to.feature === from.feature);
    case 'shared':
      return to.name === 'shared';
  }
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolve(from: string, specifier: string): string | null {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null; // outside src (index.html for the boot-shell test)
      parts.pop();
    } else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every relative import in `files` that crosses the layers the wrong way, as "from -> to". */
export function forbiddenImports(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    const path = file.replace(/^\.\//, '');
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const target = specifier === undefined ? null : resolve(path, specifier);
      if (target !== null && !mayImport(layerOf(path), layerOf(target))) found.push(`${path} -> ${target}`);
    }
  }
  return found;
}

describe('web import boundaries', () => {
  test('app -> features -> shared, no feature imports another, admin takes shared only', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(forbiddenImports(sources)).toEqual([]);
  });

  test('the rule sees the edges it forbids', () => {
    const files = {
      './features/course/CourseDialog.tsx': "const O = lazy(() => import('../checkout/OrderDialog'));",
      './features/news/NewsCard.tsx': "import { cardMediaSx } from '../../app/card-media';",
      './hooks/use-x.ts': "import type { News } from '../features/news/api';",
      './admin/AdminApp.tsx': "import { useSession } from '../api/session';\nimport '../features/account/api';",
      './app/router.tsx': "import { HomePage } from '../features/storefront/HomePage';",
      './features/news/NewsListPage.tsx':
        "import { newsKeys } from './api';\nimport { Img } from '../../components/img';",
    };
    expect(forbiddenImports(files)).toEqual([
      'features/course/CourseDialog.tsx -> features/checkout/OrderDialog',
      'features/news/NewsCard.tsx -> app/card-media',
      'hooks/use-x.ts -> features/news/api',
      'admin/AdminApp.tsx -> features/account/api',
    ]);
  });
});
