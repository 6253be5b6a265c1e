import { uploadKinds } from '@sikkha/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp } from '../../test/app.js';
import type { Actor } from './actor.js';
import { type Action, allows, authorize } from './index.js';

/**
 * The rules that decide on the actor and the subject alone, as one table: who × what × on which → allowed, refused
 * (403) or hidden (404). Rules that read the database (lessons, files, quizzes, reviews, lesson questions) have
 * their own policy tests beside them.
 */

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const member: Actor = { kind: 'member', id: 7, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' };
const other: Actor = { kind: 'member', id: 8, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' };
const staff: Actor = { kind: 'staff', id: 1, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' };
const visitor: Actor = { kind: 'visitor' };
const actors = { member, other, staff, visitor };

type Outcome = 'allowed' | 'FORBIDDEN' | 'NOT_FOUND';
type Row = [action: Action, subject: unknown, expected: Record<keyof typeof actors, Outcome>];

const own = { user_id: 7 };
const A = 'allowed';
const F = 'FORBIDDEN';
const H = 'NOT_FOUND';
const staffOnly = { member: F, other: F, staff: A, visitor: F } as const;

const table: Row[] = [
  ['product.read', { product_status: 'Show' }, { member: A, other: A, staff: A, visitor: A }],
  ['product.read', { product_status: 'Hide' }, { member: H, other: H, staff: A, visitor: H }],
  ['file.upload', uploadKinds.find((k) => k.uploader === 'member'), { member: A, other: A, staff: A, visitor: F }],
  ['file.upload', uploadKinds.find((k) => k.uploader === 'staff'), staffOnly],
  ['order.read', own, { member: A, other: H, staff: A, visitor: H }],
  ['order.pay', own, { member: A, other: H, staff: F, visitor: H }],
  ['order.manage', null, staffOnly],
  ['message.send', null, staffOnly],
  ['chat.link', null, { member: A, other: A, staff: F, visitor: F }],
  ['quiz.manage', null, staffOnly],
  ['quiz.readAttempt', own, { member: A, other: H, staff: A, visitor: H }],
  ['quiz.answer', own, { member: A, other: H, staff: F, visitor: H }],
  ['review.change', own, { member: A, other: F, staff: F, visitor: F }],
  ['review.moderate', null, staffOnly],
  ['coupon.manage', null, staffOnly],
  ['coinCoupon.read', { coupon_point_type: 'public', user_id: null }, { member: A, other: A, staff: A, visitor: H }],
  ['coinCoupon.read', { coupon_point_type: 'only', user_id: 7 }, { member: A, other: H, staff: A, visitor: H }],
  ['coin.history', own, { member: A, other: F, staff: A, visitor: F }],
  ['coin.manage', null, staffOnly],
  ['certificate.read', own, { member: A, other: H, staff: A, visitor: H }],
  ['statistics.read', own, { member: A, other: F, staff: A, visitor: F }],
];

async function outcome(actor: Actor, action: Action, subject: unknown): Promise<Outcome> {
  const ctx = { db: t.db, now: t.clock.now() };
  const allowed = await allows(ctx, actor, action, subject as never);
  const thrown = await authorize(ctx, actor, action, subject as never).then(
    () => 'allowed' as const,
    (error: { code: 'FORBIDDEN' | 'NOT_FOUND' }) => error.code,
  );
  // allows and authorize answer from the same rule.
  expect(allowed).toBe(thrown === 'allowed');
  return thrown;
}

describe('the rules table', () => {
  test.each(table)('%s on %o', async (action, subject, expected) => {
    const got = Object.fromEntries(
      await Promise.all(
        Object.entries(actors).map(async ([name, actor]) => [name, await outcome(actor, action, subject)] as const),
      ),
    );
    expect(got).toEqual(expected);
  });
});
