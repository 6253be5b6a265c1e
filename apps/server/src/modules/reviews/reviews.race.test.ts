import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import * as s from '../../db/schema/index.js';

// Races that matter on PostgreSQL (TEST_DATABASE_URL, --project integration-postgres): PGlite has one connection.
let t: Awaited<ReturnType<typeof testApp>>;
let course: { id: number };

beforeAll(async () => {
  t = await testApp();
  course = (await courseFixture(t.db, { title: 'คอร์สแข่งรีวิว' })).course;
});
afterAll(() => t?.close());

test('submits at once from one member (two tabs, a double tap) leave one review, each answered 200', async () => {
  const ann = await t.member('ann-review-race@example.com');
  await purchase(t.db, ann.id!, course.id, 'finish', new Date('2026-11-01T03:00:00Z'));
  const answers = await Promise.all(
    [1, 2, 3, 4, 5].map((rating) =>
      ann.post('/api/reviewSave', { product_id: course.id, rating, text: `แท็บที่ ${rating}` }),
    ),
  );
  for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  const rows = await t.db
    .select()
    .from(s.review)
    .where(and(eq(s.review.product_id, course.id), eq(s.review.user_id, ann.id!)));
  expect(rows).toHaveLength(1);
  // Every answer names the one review; the row holds one of the submits whole, never a mix.
  expect(new Set(answers.map((a) => a.json().data.id))).toEqual(new Set([rows[0]!.id]));
  expect(rows[0]!.review_text).toBe(`แท็บที่ ${rows[0]!.review_rating}`);
});

test('helpful marks at once: one member counts once, many members count each', async () => {
  const author = await t.member('author-review-race@example.com');
  await purchase(t.db, author.id!, course.id, 'finish', new Date('2026-11-01T03:00:00Z'));
  const made = await author.post('/api/reviewSave', { product_id: course.id, rating: 4, text: 'ดี' });
  const id = made.json().data.id as number;
  const fan = await t.member('fan-review-race@example.com');
  await Promise.all(Array.from({ length: 8 }, () => fan.post('/api/reviewHelpful', { id })));
  const others: Caller[] = [];
  for (let i = 0; i < 6; i++) others.push(await t.member(`helpful-race-${i}@example.com`));
  const answers = await Promise.all(others.map((m) => m.post('/api/reviewHelpful', { id })));
  for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  const [row] = await t.db.select().from(s.review).where(eq(s.review.id, id));
  const marks = await t.db.select().from(s.reviewHelpful).where(eq(s.reviewHelpful.review_id, id));
  expect(marks).toHaveLength(7);
  expect(row!.review_helpful).toBe(7);
});
