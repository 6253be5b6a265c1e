import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';

/**
 * The course page's structured data, checked against schema.org's documented properties: Course
 * (Thing > CreativeWork > Course) takes `aggregateRating` from CreativeWork, an AggregateRating; AggregateRating has
 * `ratingValue` (Number or Text), `reviewCount` (Integer), and from Rating `bestRating` and `worstRating` (Number
 * or Text; 5 and 1 when left out). Anything else on either is a property schema.org does not define there.
 */
const courseProperties = new Set([
  '@context',
  '@type',
  'name',
  'description',
  'url',
  'provider',
  'offers',
  'aggregateRating',
]);
const ratingProperties = new Set(['@type', 'ratingValue', 'reviewCount', 'bestRating', 'worstRating']);

const webDir = mkdtempSync(join(tmpdir(), 'sikkha-review-web-'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><html lang="th"><head><title>สิกขา | Sikkha</title></head><body><div id="root"></div></body></html>',
);

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let course: { id: number; product_title: string };

beforeAll(async () => {
  t = await testApp({ webDir });
  staff = await t.staff('review-seo-staff');
  course = (await courseFixture(t.db, { title: 'คอร์สข้อมูลโครงสร้าง' })).course;
});
afterAll(() => t?.close());

async function structured() {
  const res = await t.app.inject({ url: `/product/${encodeURIComponent(course.product_title)}` });
  expect(res.statusCode).toBe(200);
  const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body);
  return JSON.parse(found![1]!) as Record<string, unknown> & { aggregateRating?: Record<string, unknown> };
}

function expectSchemaOrgShape(data: Record<string, unknown>) {
  expect(data['@type']).toBe('Course');
  for (const key of Object.keys(data)) expect(courseProperties, key).toContain(key);
  const rating = data.aggregateRating as Record<string, unknown> | undefined;
  if (!rating) return;
  for (const key of Object.keys(rating)) expect(ratingProperties, key).toContain(key);
  expect(rating['@type']).toBe('AggregateRating');
  expect(typeof rating.ratingValue).toBe('number');
  expect(Number.isInteger(rating.reviewCount)).toBe(true);
  expect(rating.reviewCount as number).toBeGreaterThan(0);
  expect(rating.ratingValue as number).toBeGreaterThanOrEqual(rating.worstRating as number);
  expect(rating.ratingValue as number).toBeLessThanOrEqual(rating.bestRating as number);
}

test('the course page carries aggregateRating only when rated, kept current when a review comes or is hidden', async () => {
  const before = await structured();
  expectSchemaOrgShape(before);
  expect(before.aggregateRating).toBeUndefined();

  const members: Caller[] = [];
  for (const [i, rating] of [5, 4, 4].entries()) {
    const m = await t.member(`seo-review-${i}@example.com`);
    await purchase(t.db, m.id!, course.id, 'finish', new Date('2026-11-01T03:00:00Z'));
    expect((await m.post('/api/reviewSave', { product_id: course.id, rating, text: 'ดี' })).statusCode).toBe(200);
    members.push(m);
  }
  const rated = await structured();
  expectSchemaOrgShape(rated);
  expect(rated.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: 4.3,
    reviewCount: 3,
    bestRating: 5,
    worstRating: 1,
  });

  const mine = (await members[0]!.get(`/api/reviewMine?product_id=${course.id}`)).json().data.review;
  expect((await staff.post('/api/reviewModerate', { id: mine.id, state: 'hidden' })).statusCode).toBe(200);
  expect((await structured()).aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 2 });
});
