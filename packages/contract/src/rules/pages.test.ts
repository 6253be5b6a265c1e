import { expect, test } from 'vitest';
import { isWebPage } from './pages.js';

test('the storefront pages and the back office are pages; anything else is not', () => {
  for (const path of ['/', '/product/คอร์ส', '/courses', '/courses/onlyOrder', '/pricing/a/1', '/news/3', '/Contact/']) {
    expect(isWebPage(path), path).toBe(true);
  }
  expect(isWebPage('/admin/orders/12')).toBe(true);
  for (const path of ['/health', '/contact/extra', '/courses/a/b/c', '/not-found', '/product/a/b']) {
    expect(isWebPage(path), path).toBe(false);
  }
});
