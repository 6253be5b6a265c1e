import { message } from '@sikkha/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import * as s from '../../db/schema/index.js';

// Races that matter on PostgreSQL (TEST_DATABASE_URL, --project integration-postgres): PGlite has one connection.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let buyer: Caller;
let productId: number;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('quiz-race-staff');
  buyer = await t.member('quiz-race@example.com');
  productId = (await courseFixture(t.db, { title: 'คอร์สแข่งแบบทดสอบ' })).course.id;
  await purchase(t.db, buyer.id!, productId, 'finish', t.clock.now());
});
afterAll(() => t?.close());

async function createQuiz(attempts_allowed: number) {
  const res = await staff.post('/api/quizSave', {
    product_id: productId,
    quiz_title: 'แบบทดสอบแข่ง',
    attempts_allowed,
    pass_percent: 100,
    published: true,
    questions: [{ key: 'q', kind: 'trueFalse', text: 'ข้อนี้จริงหรือไม่', points: 1, correct: true }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const attemptsOf = (quizId: number) =>
  t.db
    .select()
    .from(s.quizAttempt)
    .where(and(eq(s.quizAttempt.quiz_id, quizId), eq(s.quizAttempt.user_id, buyer.id!)));

test('ten submits of one attempt at once (double clicks, two tabs) give one result', async () => {
  const quizId = await createQuiz(1);
  const attemptId = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
  await buyer.post('/api/quizAnswer', { attempt_id: attemptId, question_key: 'q', answer: true });
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => buyer.post('/api/quizSubmit', { attempt_id: attemptId })),
  );
  for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  const submittedAt = new Set(answers.map((a) => a.json().data.submitted_at));
  expect(submittedAt.size).toBe(1);
  expect(new Set(answers.map((a) => JSON.stringify(a.json().data.result))).size).toBe(1);
  const rows = await attemptsOf(quizId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ points: 1, passed: true });
});

test('ten starts at once make one attempt; with two allowed, the member never gets a third, however they race', async () => {
  const quizId = await createQuiz(2);
  const first = await Promise.all(Array.from({ length: 10 }, () => buyer.post('/api/quizStart', { quiz_id: quizId })));
  for (const a of first) expect(a.statusCode, a.body).toBe(200);
  const ids = new Set(first.map((a) => a.json().data.id));
  expect(ids.size).toBe(1);
  const [firstId] = [...ids];

  // Submitting the first while ten more starts race: at most one second attempt.
  const second = await Promise.all([
    buyer.post('/api/quizSubmit', { attempt_id: firstId }),
    ...Array.from({ length: 10 }, () => buyer.post('/api/quizStart', { quiz_id: quizId })),
  ]);
  const started = second.slice(1).filter((a) => a.statusCode === 200);
  const secondIds = new Set(started.map((a) => a.json().data.id).filter((id) => id !== firstId));
  expect(secondIds.size).toBeLessThanOrEqual(1);
  for (const a of second.slice(1)) {
    if (a.statusCode !== 200) expect(a.json().message).toBe(message('quizAttemptsUsed'));
  }

  // Whatever is open now is submitted, and ten more starts all find the limit.
  for (const row of await attemptsOf(quizId)) {
    if (row.submitted_at === null) await buyer.post('/api/quizSubmit', { attempt_id: row.id });
  }
  const pending = await attemptsOf(quizId);
  if (pending.length < 2) {
    const made = await buyer.post('/api/quizStart', { quiz_id: quizId });
    await buyer.post('/api/quizSubmit', { attempt_id: made.json().data.id });
  }
  const third = await Promise.all(Array.from({ length: 10 }, () => buyer.post('/api/quizStart', { quiz_id: quizId })));
  for (const a of third) {
    expect(a.statusCode).toBe(409);
    expect(a.json().message).toBe(message('quizAttemptsUsed'));
  }
  const rows = await attemptsOf(quizId);
  expect(rows.map((r) => r.attempt_no).sort()).toEqual([1, 2]);
});
