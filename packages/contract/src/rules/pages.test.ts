import { expect, test } from 'vitest';
import { courseTestPath, isWebPage, scriptJson } from './pages.js';

test('the storefront pages and the back office are pages; anything else is not', () => {
  for (const path of ['/', '/product/คอร์ส', '/courses', '/courses/onlyOrder', '/pricing/a/1', '/news/3', '/Contact/']) {
    expect(isWebPage(path), path).toBe(true);
  }
  expect(isWebPage('/admin/orders/12')).toBe(true);
  expect(isWebPage(courseTestPath(3, 7))).toBe(true);
  for (const path of [
    '/health',
    '/contact/extra',
    '/courses/a/b/c',
    '/not-found',
    '/product/a/b',
    '/course/3',
    '/course/3/test',
  ]) {
    expect(isWebPage(path), path).toBe(false);
  }
});

test('JSON for a script element cannot close it or open another, and reads back the same', () => {
  const value = { title: '</script><script>alert(1)</script>', note: '<!-- คอร์ส -->' };
  const text = scriptJson(value);
  expect(text).not.toContain('<');
  expect(JSON.parse(text)).toEqual(value);
});
