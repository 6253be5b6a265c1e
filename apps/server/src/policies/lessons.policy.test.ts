import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { testApp } from '../../test/app.js';
import { courseFixture, purchase } from '../../test/fixtures.js';
import { quiz, quizAttempt, videoList } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { allows, authorize, lessonGates } from './index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let fixture: Awaited<ReturnType<typeof courseFixture>>;
const member = (id: number): Actor => ({ kind: 'member', id, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' });
const staff: Actor = { kind: 'staff', id: 1, jti: 'j', expiresAt: '2099-01-01T00:00:00Z' };
let buyer: Actor & { kind: 'member' };
let stranger: Actor;

beforeAll(async () => {
  t = await testApp();
  // Lessons in the course's order: preview, public, first (private), second (private).
  fixture = await courseFixture(t.db, { title: 'คอร์สผ่านแบบทดสอบเพื่อเรียนต่อ' });
  const [a, b] = [await t.member('gate-buyer@example.com'), await t.member('gate-stranger@example.com')];
  await purchase(t.db, a.id!, fixture.course.id, 'finish', t.clock.now());
  buyer = member(a.id!) as Actor & { kind: 'member' };
  stranger = member(b.id!);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(quiz).where(eq(quiz.product_id, fixture.course.id));
});

const ctx = () => ({ db: t.db, now: t.clock.now() });
const lesson = (name: keyof typeof fixture.lessons) => ({
  productId: fixture.course.id,
  videoId: fixture.lessons[name].id,
});

async function gate(after: keyof typeof fixture.lessons, extra: Partial<typeof quiz.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(quiz)
    .values({
      product_id: fixture.course.id,
      video_id: fixture.lessons[after].id,
      quiz_title: `แบบทดสอบหลัง ${after}`,
      published: true,
      pass_to_continue: true,
      questions: [],
      ...extra,
    })
    .returning();
  return row!;
}

async function attempt(quizId: number, userId: number, no: number, passed: boolean) {
  const at = t.clock.now().toISOString();
  await t.db.insert(quizAttempt).values({
    quiz_id: quizId,
    user_id: userId,
    attempt_no: no,
    started_at: at,
    submitted_at: at,
    question_order: { questions: [], choices: {} },
    passed,
  });
}

describe('lesson.play with pass to continue', () => {
  test('a private lesson after a test to pass is refused to its buyer with the reason; earlier lessons play', async () => {
    await gate('first');
    for (const name of ['preview', 'open', 'first'] as const) {
      expect(await allows(ctx(), buyer, 'lesson.play', lesson(name)), name).toBe(true);
    }
    expect(await allows(ctx(), buyer, 'lesson.play', lesson('second'))).toBe(false);
    await expect(authorize(ctx(), buyer, 'lesson.play', lesson('second'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'บทเรียนนี้ยังล็อกอยู่ ผ่านแบบทดสอบก่อนหน้าเพื่อเรียนต่อ',
    });
  });

  test('staff are never locked; a member who did not buy is refused for the purchase, not the test', async () => {
    await gate('open');
    expect(await allows(ctx(), staff, 'lesson.play', lesson('second'))).toBe(true);
    await expect(authorize(ctx(), stranger, 'lesson.play', lesson('second'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'คุณไม่มีสิทธิ์ทำรายการนี้',
    });
  });

  test('a failed attempt keeps the lock; a pass opens the rest of the course', async () => {
    const test = await gate('open');
    await attempt(test.id, buyer.id, 1, false);
    expect(await allows(ctx(), buyer, 'lesson.play', lesson('first'))).toBe(false);
    await attempt(test.id, buyer.id, 2, true);
    for (const name of ['first', 'second'] as const) {
      expect(await allows(ctx(), buyer, 'lesson.play', lesson(name)), name).toBe(true);
    }
  });

  test('an unpublished test, a test not set to lock, or a final test lock nothing', async () => {
    await gate('open', { published: false });
    await gate('open', { pass_to_continue: false });
    await gate('open', { video_id: null });
    for (const name of ['first', 'second'] as const) {
      expect(await allows(ctx(), buyer, 'lesson.play', lesson(name)), name).toBe(true);
    }
  });

  test('the order is the course’s video list: moving the tested lesson last unlocks the others', async () => {
    await gate('open');
    expect(await allows(ctx(), buyer, 'lesson.play', lesson('first'))).toBe(false);
    const where = and(eq(videoList.product_id, fixture.course.id), eq(videoList.video_id, fixture.lessons.open.id));
    await t.db.update(videoList).set({ video_list_item: 9 }).where(where);
    try {
      expect(await allows(ctx(), buyer, 'lesson.play', lesson('first'))).toBe(true);
    } finally {
      await t.db.update(videoList).set({ video_list_item: 2 }).where(where);
    }
  });
});

describe('lessonGates', () => {
  test('the earliest test to pass holds every private lesson after it; passing it hands them to the next', async () => {
    const early = await gate('open');
    const late = await gate('first');
    const second = fixture.lessons.second.id;
    const first = fixture.lessons.first.id;
    expect(await lessonGates(t.db, buyer.id, fixture.course.id)).toEqual(
      new Map([
        [first, { id: early.id, title: early.quiz_title }],
        [second, { id: early.id, title: early.quiz_title }],
      ]),
    );
    await attempt(early.id, buyer.id, 1, true);
    expect(await lessonGates(t.db, buyer.id, fixture.course.id)).toEqual(
      new Map([[second, { id: late.id, title: late.quiz_title }]]),
    );
  });

  test('preview and public lessons after a test stay open to everyone', async () => {
    await gate('preview');
    const locked = await lessonGates(t.db, buyer.id, fixture.course.id);
    expect([...locked.keys()].sort()).toEqual([fixture.lessons.first.id, fixture.lessons.second.id].sort());
    expect(await allows(ctx(), buyer, 'lesson.play', lesson('open'))).toBe(true);
  });
});

describe('what else a test holds back', () => {
  test('lesson.mark: a held lesson cannot be marked complete until the test is passed', async () => {
    const test = await gate('open');
    await expect(authorize(ctx(), buyer, 'lesson.mark', lesson('second'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'บทเรียนนี้ยังล็อกอยู่ ผ่านแบบทดสอบก่อนหน้าเพื่อเรียนต่อ',
    });
    expect(await allows(ctx(), buyer, 'lesson.mark', lesson('open'))).toBe(true);
    await attempt(test.id, buyer.id, 1, true);
    expect(await allows(ctx(), buyer, 'lesson.mark', lesson('second'))).toBe(true);
  });

  test('quiz.take: the test after a held lesson waits for the test that holds it; the final test does not', async () => {
    const early = await gate('open');
    const later = await gate('first', { pass_to_continue: false });
    const final = await gate('open', { video_id: null, pass_to_continue: false });
    const subject = (row: typeof later) => ({ ...row, product_status: 'Show' });
    await expect(authorize(ctx(), buyer, 'quiz.take', subject(later))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'แบบทดสอบนี้ยังล็อกอยู่ ผ่านแบบทดสอบก่อนหน้าเพื่อทำต่อ',
    });
    expect(await allows(ctx(), buyer, 'quiz.take', subject(early))).toBe(true);
    expect(await allows(ctx(), buyer, 'quiz.take', subject(final))).toBe(true);
    await attempt(early.id, buyer.id, 1, true);
    expect(await allows(ctx(), buyer, 'quiz.take', subject(later))).toBe(true);
  });
});
