import { css } from '@emotion/react';
import { describe, expect, it } from 'vitest';
import { createStyleCache } from './style-cache';

/** The CSS the cache writes for `styles` (compat mode keeps it in `inserted`, as the server renderer reads it). */
function written(styles: ReturnType<typeof css>): string {
  const cache = createStyleCache();
  cache.compat = true;
  cache.insert(`.${cache.key}-${styles.name}`, styles, cache.sheet, true);
  return String(cache.inserted[styles.name]);
}

describe('the style cache', () => {
  it('writes flexbox, transitions and text decoration unprefixed', () => {
    const out = written(
      css({ display: 'flex', alignItems: 'center', transition: 'opacity 1s', textDecoration: 'underline' }),
    );
    expect(out).toContain('display:flex;align-items:center;transition:opacity 1s;text-decoration:underline;');
    expect(out).not.toMatch(/-webkit-|-ms-|-moz-/);
  });

  it("keeps Safari's -webkit-user-select beside the standard property", () => {
    expect(written(css({ userSelect: 'none' }))).toContain('-webkit-user-select:none;user-select:none;');
  });
});
