import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp } from '../../test/app.js';
import { courseFixture, purchase } from '../../test/fixtures.js';
import { product } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { allows, authorize } from './index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let fixture: Awaited<ReturnType<typeof courseFixture>>;
const member = (id: number): Actor => ({ kind: 'member', id, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' });
const staff: Actor = { kind: 'staff', id: 1, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' };
const visitor: Actor = { kind: 'visitor' };
let buyer: Actor;
let lapsed: Actor;
let waiting: Actor;
let stranger: Actor;

beforeAll(async () => {
  t = await testApp();
  fixture = await courseFixture(t.db, { title: 'คอร์สสิทธิ์ถามตอบ' });
  const [a, b, c, d] = [
    await t.member('lq1@example.com'),
    await t.member('lq2@example.com'),
    await t.member('lq3@example.com'),
    await t.member('lq4@example.com'),
  ];
  const now = t.clock.now();
  await purchase(t.db, a.id!, fixture.course.id, 'finish', now);
  // Bought three years ago: the viewing window is over, and with it the lesson's discussion.
  await purchase(t.db, b.id!, fixture.course.id, 'finish', new Date(now.getTime() - 3 * 365 * 86_400_000));
  await purchase(t.db, c.id!, fixture.course.id, 'wait', now);
  [buyer, lapsed, waiting, stranger] = [member(a.id!), member(b.id!), member(c.id!), member(d.id!)];
});
afterAll(() => t?.close());

const ctx = () => ({ db: t.db, now: t.clock.now() });
const lessonOf = (videoId: number) => ({ productId: fixture.course.id, videoId });

test('lesson.discuss: the table of who may ask, answer and read under a lesson', async () => {
  const { first, preview } = fixture.lessons;
  const table: [string, Actor, number, boolean][] = [
    ['buyer, private lesson', buyer, first.id, true],
    ['buyer, preview lesson', buyer, preview.id, true],
    ['staff', staff, first.id, true],
    ['window over', lapsed, first.id, false],
    ['order waiting', waiting, first.id, false],
    ['did not buy', stranger, first.id, false],
    ['did not buy, preview lesson', stranger, preview.id, false],
    ['visitor', visitor, preview.id, false],
  ];
  for (const [name, actor, videoId, allowed] of table) {
    expect(await allows(ctx(), actor, 'lesson.discuss', lessonOf(videoId)), name).toBe(allowed);
  }
});

test('lesson.discuss: a lesson of a hidden course, or a video the course does not list, is a 404 but for staff', async () => {
  const other = await courseFixture(t.db, { title: 'คอร์สอื่นของสิทธิ์' });
  await expect(authorize(ctx(), buyer, 'lesson.discuss', lessonOf(other.lessons.first.id))).rejects.toMatchObject({
    code: 'NOT_FOUND',
  });
  await t.db.update(product).set({ product_status: 'Hide' }).where(eq(product.id, fixture.course.id));
  try {
    for (const actor of [buyer, stranger]) {
      await expect(authorize(ctx(), actor, 'lesson.discuss', lessonOf(fixture.lessons.first.id))).rejects.toMatchObject(
        { code: 'NOT_FOUND' },
      );
    }
    expect(await allows(ctx(), staff, 'lesson.discuss', lessonOf(fixture.lessons.first.id))).toBe(true);
  } finally {
    await t.db.update(product).set({ product_status: 'Show' }).where(eq(product.id, fixture.course.id));
  }
});

test('lessonComment.delete: the member who wrote it; not staff (they hide), not a staff answer', async () => {
  const own = { user_id: (buyer as { id: number }).id };
  expect(await allows(ctx(), buyer, 'lessonComment.delete', own)).toBe(true);
  for (const actor of [stranger, staff, visitor]) {
    expect(await allows(ctx(), actor, 'lessonComment.delete', own)).toBe(false);
  }
  expect(await allows(ctx(), buyer, 'lessonComment.delete', { user_id: null })).toBe(false);
});

test('lessonComment.moderate: staff only', async () => {
  expect(await allows(ctx(), staff, 'lessonComment.moderate', null)).toBe(true);
  for (const actor of [buyer, stranger, visitor]) {
    expect(await allows(ctx(), actor, 'lessonComment.moderate', null)).toBe(false);
  }
});
