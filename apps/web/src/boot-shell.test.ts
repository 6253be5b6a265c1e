import { expect, test } from 'vitest';
import html from '../index.html?raw';
import { th } from './i18n/th';

test("index.html's painted-early hero says what the app's hero says", () => {
  expect(html).toContain(`<h1>${th.hero.title}</h1>`);
  expect(html).toContain(`<p>${th.hero.subtitle}</p>`);
});
