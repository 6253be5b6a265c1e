import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp } from '../../test/app.js';
import { courseFixture, purchase } from '../../test/fixtures.js';
import { orders } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { allows, authorize } from './index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let course: { id: number; product_status: string | null };
const member = (id: number): Actor => ({ kind: 'member', id, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' });
const staff: Actor = { kind: 'staff', id: 1, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' };
const visitor: Actor = { kind: 'visitor' };
let buyer: Actor;
let refunded: Actor;
let stranger: Actor;

beforeAll(async () => {
  t = await testApp();
  course = (await courseFixture(t.db, { title: 'คอร์สสิทธิ์รีวิว' })).course;
  const [a, b, c] = [
    await t.member('p1@example.com'),
    await t.member('p2@example.com'),
    await t.member('p3@example.com'),
  ];
  // Bought three years ago: the viewing window is over, the purchase still stands.
  await purchase(t.db, a.id!, course.id, 'finish', new Date('2023-11-01T03:00:00Z'));
  const order = await purchase(t.db, b.id!, course.id, 'finish', new Date('2026-11-01T03:00:00Z'));
  await t.db.update(orders).set({ orders_status: 'refund' }).where(eq(orders.id, order.id));
  [buyer, refunded, stranger] = [member(a.id!), member(b.id!), member(c.id!)];
});
afterAll(() => t?.close());

const ctx = () => ({ db: t.db, now: t.clock.now() });

test('review.write: a member with a finished order of the course, at any time; no one else', async () => {
  expect(await allows(ctx(), buyer, 'review.write', course)).toBe(true);
  for (const actor of [refunded, stranger, staff, visitor]) {
    expect(await allows(ctx(), actor, 'review.write', course)).toBe(false);
    await expect(authorize(ctx(), actor, 'review.write', course)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  }
});

test('review.write on a hidden course is a 404 for members, the buyer too', async () => {
  const hidden = { ...course, product_status: 'Hide' };
  for (const actor of [buyer, stranger]) {
    await expect(authorize(ctx(), actor, 'review.write', hidden)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }
});

test('review.change: the author only', async () => {
  const own = { user_id: (buyer as { id: number }).id };
  expect(await allows(ctx(), buyer, 'review.change', own)).toBe(true);
  for (const actor of [stranger, staff, visitor]) expect(await allows(ctx(), actor, 'review.change', own)).toBe(false);
});

test('review.helpful: members but the author, on a shown review of a course on show', async () => {
  const shown = { user_id: (buyer as { id: number }).id, review_state: 'shown' as const, course };
  expect(await allows(ctx(), stranger, 'review.helpful', shown)).toBe(true);
  for (const actor of [buyer, staff, visitor]) expect(await allows(ctx(), actor, 'review.helpful', shown)).toBe(false);
  for (const subject of [
    { ...shown, review_state: 'hidden' as const },
    { ...shown, course: { ...course, product_status: 'Hide' } },
  ]) {
    await expect(authorize(ctx(), stranger, 'review.helpful', subject)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }
});

test('review.moderate: staff only', async () => {
  expect(await allows(ctx(), staff, 'review.moderate', null)).toBe(true);
  for (const actor of [buyer, stranger, visitor])
    expect(await allows(ctx(), actor, 'review.moderate', null)).toBe(false);
});
