import { message, type QuizSaveBody } from '@sikkha/contract';
import { QUIZ_GRACE_SECONDS } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import * as s from '../../db/schema/index.js';
import { certificateEarned } from '../../policies/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let buyer: Caller;
let stranger: Caller;
let course: Awaited<ReturnType<typeof courseFixture>>;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('quiz-staff');
  buyer = await t.member('quiz-buyer@example.com');
  stranger = await t.member('quiz-stranger@example.com');
  course = await courseFixture(t.db, { title: 'คอร์สทดสอบแบบทดสอบ' });
  await purchase(t.db, buyer.id!, course.course.id, 'finish', t.clock.now());
});
afterAll(() => t?.close());

/** One question of each kind; the right answers are words that appear nowhere else in the test. */
const questions: QuizSaveBody['questions'] = [
  {
    key: 'capital',
    kind: 'single',
    text: 'เมืองหลวงของประเทศไทยคือเมืองใด',
    points: 2,
    choices: [
      { key: 'cm', text: 'เชียงใหม่' },
      { key: 'bkk', text: 'กรุงเทพฯ' },
    ],
    correct: 'bkk',
  },
  {
    key: 'colours',
    kind: 'multiple',
    text: 'สีใดอยู่ในธงชาติไทย',
    points: 3,
    choices: [
      { key: 'red', text: 'แดง' },
      { key: 'green', text: 'เขียว' },
      { key: 'blue', text: 'น้ำเงิน' },
    ],
    correct: ['red', 'blue'],
  },
  { key: 'sea', kind: 'trueFalse', text: 'ประเทศไทยไม่มีทางออกทะเล', points: 1, correct: false },
  {
    key: 'year',
    kind: 'short',
    text: 'พิมพ์ปีพุทธศักราชที่ต้องการ',
    points: 4,
    accepted: ['ปีสองห้าหกเก้าคำตอบลับ', '2569'],
  },
];

const testBody = (extra: Partial<QuizSaveBody> = {}): QuizSaveBody => ({
  product_id: course.course.id,
  quiz_title: 'แบบทดสอบท้ายคอร์ส',
  pass_percent: 75,
  time_limit_minutes: 10,
  attempts_allowed: 2,
  shuffle_questions: true,
  shuffle_choices: true,
  show_answers: true,
  published: true,
  questions,
  ...extra,
});

async function createQuiz(extra: Partial<QuizSaveBody> = {}) {
  const res = await staff.post('/api/quizSave', testBody(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const allRight = { capital: 'bkk', colours: ['blue', 'red'], sea: false, year: ' ๒๕๖๙ ' } as const;

async function answerAll(caller: Caller, attemptId: number, answers: Record<string, unknown>) {
  for (const [question_key, answer] of Object.entries(answers)) {
    const res = await caller.post('/api/quizAnswer', { attempt_id: attemptId, question_key, answer });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('rights', () => {
  test('a visitor gets 401, a member who did not buy 403, staff may not take a test, another member’s attempt is not found', async () => {
    const quizId = await createQuiz();
    for (const res of [
      await t.visitor.post('/api/quizStart', { quiz_id: quizId }),
      await t.visitor.get(`/api/quizByCourse?product_id=${course.course.id}`),
      await t.visitor.get(`/api/quizList`),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect((await stranger.post('/api/quizStart', { quiz_id: quizId })).statusCode).toBe(403);
    expect((await stranger.get(`/api/quizByCourse?product_id=${course.course.id}`)).statusCode).toBe(403);
    expect((await staff.post('/api/quizStart', { quiz_id: quizId })).statusCode).toBe(403);
    for (const url of ['/api/quizList', `/api/quizById?id=${quizId}`, `/api/quizResults?id=${quizId}`]) {
      expect((await buyer.get(url)).statusCode, url).toBe(403);
    }
    expect((await buyer.post('/api/quizSave', testBody())).statusCode).toBe(403);

    const started = await buyer.post('/api/quizStart', { quiz_id: quizId });
    const attemptId = started.json().data.id as number;
    expect((await stranger.get(`/api/quizAttempt?id=${attemptId}`)).statusCode).toBe(404);
    const foreign = await stranger.post('/api/quizAnswer', {
      attempt_id: attemptId,
      question_key: 'sea',
      answer: true,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.post('/api/quizSubmit', { attempt_id: attemptId })).statusCode).toBe(404);
    // Staff read it (the results), never answer for the member.
    expect((await staff.get(`/api/quizAttempt?id=${attemptId}`)).statusCode).toBe(200);
    expect((await staff.post('/api/quizSubmit', { attempt_id: attemptId })).statusCode).toBe(403);
  });

  test('an unpublished test, and any test of a hidden course, does not exist to its buyer', async () => {
    const draft = await createQuiz({ published: false });
    expect((await buyer.post('/api/quizStart', { quiz_id: draft })).statusCode).toBe(404);
    const listed = await buyer.get(`/api/quizByCourse?product_id=${course.course.id}`);
    expect(listed.json().data.map((q: { id: number }) => q.id)).not.toContain(draft);

    const hidden = await courseFixture(t.db, { title: 'คอร์สซ่อน' });
    await purchase(t.db, buyer.id!, hidden.course.id, 'finish', t.clock.now());
    const made = await staff.post('/api/quizSave', testBody({ product_id: hidden.course.id }));
    await t.db.update(s.product).set({ product_status: 'Hide' }).where(eq(s.product.id, hidden.course.id));
    expect((await buyer.post('/api/quizStart', { quiz_id: made.json().data.id })).statusCode).toBe(404);
    expect((await buyer.get(`/api/quizByCourse?product_id=${hidden.course.id}`)).statusCode).toBe(404);
  });
});

describe('building', () => {
  test('staff save, read and edit a test with every kind of question; the course panel counts its points', async () => {
    const quizId = await createQuiz({ video_id: course.lessons.first.id });
    const read = await staff.get(`/api/quizById?id=${quizId}`);
    expect(read.json().data).toMatchObject({ id: quizId, video_id: course.lessons.first.id, questions });
    const edited = await staff.post('/api/quizSave', testBody({ id: quizId, quiz_title: 'แบบทดสอบหลังบทที่ 3' }));
    expect(edited.json().data.quiz_title).toBe('แบบทดสอบหลังบทที่ 3');
    const panel = await buyer.get(`/api/quizByCourse?product_id=${course.course.id}`);
    expect(panel.json().data.find((q: { id: number }) => q.id === quizId)).toMatchObject({
      questions: 4,
      max_points: 10,
      attempts_used: 0,
      passed: false,
      open_attempt_id: null,
    });
  });

  test('a correct answer that is not a choice, repeated keys and a lesson of another course are refused on their field', async () => {
    const wrongCorrect = await staff.post('/api/quizSave', {
      ...testBody(),
      questions: [{ ...questions[0], correct: 'nowhere' }],
    });
    expect(wrongCorrect.statusCode).toBe(400);
    expect(wrongCorrect.json().fields).toEqual([
      expect.objectContaining({ path: 'questions.0.correct', message: message('quizCorrectMissing') }),
    ]);
    const repeated = await staff.post('/api/quizSave', { ...testBody(), questions: [questions[0], questions[0]] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toContain(message('quizKeysRepeated'));
    const other = await courseFixture(t.db, { title: 'คอร์สอื่น' });
    const lesson = await staff.post('/api/quizSave', testBody({ video_id: other.lessons.first.id }));
    expect(lesson.statusCode).toBe(400);
    expect(lesson.json().fields).toEqual([
      expect.objectContaining({ path: 'video_id', message: message('quizLessonNotInCourse') }),
    ]);
  });
});

describe('taking', () => {
  test('the questions never carry their answers before submitting; saved answers come back on reload', async () => {
    const quizId = await createQuiz();
    const started = await buyer.post('/api/quizStart', { quiz_id: quizId });
    expect(started.statusCode, started.body).toBe(200);
    for (const secret of ['ปีสองห้าหกเก้าคำตอบลับ', '2569', '"correct"', '"accepted"', '"expected"']) {
      expect(started.body).not.toContain(secret);
    }
    const attempt = started.json().data;
    expect(attempt).toMatchObject({ attempt_no: 1, attempts_allowed: 2, submitted_at: null, result: null });
    expect(attempt.questions.map((q: { key: string }) => q.key).sort()).toEqual(['capital', 'colours', 'sea', 'year']);
    expect(new Date(attempt.deadline).getTime() - new Date(attempt.started_at).getTime()).toBe(10 * 60_000);

    await answerAll(buyer, attempt.id, { capital: 'cm', sea: false });
    // A reload (or another start) finds the same attempt with its answers.
    const again = await buyer.post('/api/quizStart', { quiz_id: quizId });
    expect(again.json().data).toMatchObject({ id: attempt.id, answers: { capital: 'cm', sea: false } });
    const reread = await buyer.get(`/api/quizAttempt?id=${attempt.id}`);
    expect(reread.body).not.toContain('ปีสองห้าหกเก้าคำตอบลับ');
    expect(reread.json().data.answers).toEqual({ capital: 'cm', sea: false });
    // A changed mind replaces the answer.
    await answerAll(buyer, attempt.id, { capital: 'bkk' });
    expect((await buyer.get(`/api/quizAttempt?id=${attempt.id}`)).json().data.answers.capital).toBe('bkk');
  });

  test('an answer that does not fit its question, or a question not in the test, is a 400 on its field', async () => {
    const quizId = await createQuiz();
    const attemptId = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    const cases = [
      ['capital', 'nowhere'],
      ['capital', ['bkk']],
      ['colours', 'red'],
      ['colours', ['red', 'red']],
      ['sea', 'false'],
      ['year', true],
    ] as const;
    for (const [question_key, answer] of cases) {
      const res = await buyer.post('/api/quizAnswer', { attempt_id: attemptId, question_key, answer });
      expect(res.statusCode, `${question_key} ${JSON.stringify(answer)}`).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'answer' })]);
    }
    const unknown = await buyer.post('/api/quizAnswer', { attempt_id: attemptId, question_key: 'none', answer: true });
    expect(unknown.json().fields).toEqual([
      expect.objectContaining({ path: 'question_key', message: message('quizQuestionUnknown') }),
    ]);
  });

  test('every kind scored on the server: all right passes with the answers shown; submitted twice, one result', async () => {
    const quizId = await createQuiz();
    const attemptId = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(buyer, attemptId, allRight);
    const first = await buyer.post('/api/quizSubmit', { attempt_id: attemptId });
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json().data.result;
    expect(result).toMatchObject({ points: 10, max_points: 10, percent: 100, passed: true });
    expect(
      Object.fromEntries(result.questions.map((q: { key: string; expected: unknown }) => [q.key, q.expected])),
    ).toEqual({
      capital: ['bkk'],
      colours: ['red', 'blue'],
      sea: false,
      year: ['ปีสองห้าหกเก้าคำตอบลับ', '2569'],
    });
    const second = await buyer.post('/api/quizSubmit', { attempt_id: attemptId });
    expect(second.json().data.result).toEqual(result);
    expect(second.json().data.submitted_at).toBe(first.json().data.submitted_at);
    const late = await buyer.post('/api/quizAnswer', { attempt_id: attemptId, question_key: 'sea', answer: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(message('quizSubmitted'));
  });

  test('a member fails, retakes and passes; a third start is refused; the result says what was wrong, without the answers when the test hides them', async () => {
    const quizId = await createQuiz({ show_answers: false });
    const one = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data;
    // 2 (capital) + 1 (sea) of 10: multiple choice is all or nothing, a wrong short answer scores nothing.
    await answerAll(buyer, one.id, { capital: 'bkk', colours: ['red'], sea: false, year: '2568' });
    const failed = (await buyer.post('/api/quizSubmit', { attempt_id: one.id })).json().data.result;
    expect(failed).toMatchObject({ points: 3, percent: 30, passed: false });
    expect(
      failed.questions
        .filter((q: { correct: boolean }) => !q.correct)
        .map((q: { key: string }) => q.key)
        .sort(),
    ).toEqual(['colours', 'year']);
    expect(failed.questions.every((q: { expected: unknown }) => q.expected === null)).toBe(true);

    const two = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data;
    expect(two).toMatchObject({ attempt_no: 2, answers: {} });
    await answerAll(buyer, two.id, allRight);
    expect((await buyer.post('/api/quizSubmit', { attempt_id: two.id })).json().data.result.passed).toBe(true);

    const third = await buyer.post('/api/quizStart', { quiz_id: quizId });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(message('quizAttemptsUsed'));
    const panel = await buyer.get(`/api/quizByCourse?product_id=${course.course.id}`);
    expect(panel.json().data.find((q: { id: number }) => q.id === quizId)).toMatchObject({
      attempts_used: 2,
      passed: true,
      open_attempt_id: null,
    });
  });
});

describe('the time limit', () => {
  test('an answer within the grace counts, one after it is refused, and a late submit is scored with what came in time', async () => {
    const quizId = await createQuiz({ time_limit_minutes: 1, attempts_allowed: 2 });
    const attemptId = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(buyer, attemptId, { capital: 'bkk' });
    t.clock.advance(60_000 + (QUIZ_GRACE_SECONDS - 1) * 1000);
    await answerAll(buyer, attemptId, { sea: false });
    t.clock.advance(2000);
    const late = await buyer.post('/api/quizAnswer', { attempt_id: attemptId, question_key: 'year', answer: '2569' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(message('quizTimeUp'));
    t.clock.advance(10 * 60_000);
    const submitted = await buyer.post('/api/quizSubmit', { attempt_id: attemptId });
    expect(submitted.json().data.result).toMatchObject({ points: 3, max_points: 10 });
    expect(submitted.json().data.answers).toEqual({ capital: 'bkk', sea: false });
  });

  test('an attempt left open past its time is scored when the member starts again, and counts as an attempt', async () => {
    const quizId = await createQuiz({ time_limit_minutes: 5, attempts_allowed: 2 });
    const first = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data;
    await answerAll(buyer, first.id, allRight);
    t.clock.advance(60 * 60_000);
    const second = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data;
    expect(second).toMatchObject({ attempt_no: 2 });
    const scored = (await buyer.get(`/api/quizAttempt?id=${first.id}`)).json().data;
    expect(scored.result).toMatchObject({ points: 10, passed: true });
  });
});

describe('results', () => {
  test('staff read attempts, the pass rate, each question’s success rate and each member’s answers, and the CSV', async () => {
    const quizId = await createQuiz({ attempts_allowed: 3, time_limit_minutes: null });
    const one = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(buyer, one, { capital: 'cm', colours: ['red', 'blue'], year: '=HYPERLINK("x")' });
    await buyer.post('/api/quizSubmit', { attempt_id: one });
    const two = (await buyer.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(buyer, two, allRight);
    await buyer.post('/api/quizSubmit', { attempt_id: two });
    await buyer.post('/api/quizStart', { quiz_id: quizId });

    const res = await staff.get(`/api/quizResults?id=${quizId}`);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data;
    expect(results).toMatchObject({ attempts: 3, submitted: 2, members: 1, pass_rate: 50 });
    expect(results.questions.map((q: { key: string; success_rate: number }) => [q.key, q.success_rate])).toEqual([
      ['capital', 50],
      ['colours', 100],
      ['sea', 50],
      ['year', 50],
    ]);
    expect(results.rows[0]).toMatchObject({
      attempt_no: 1,
      name: 'ทดสอบ ระบบ',
      email: 'quiz-buyer@example.com',
      passed: false,
      answers: { capital: 'เชียงใหม่', colours: 'แดง; น้ำเงิน', sea: '', year: '=HYPERLINK("x")' },
    });

    const csv = await staff.get(`/api/quizResultsCsv?id=${quizId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.startsWith('\uFEFFชื่อ,อีเมล,ครั้งที่')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('ข้อ 1: เมืองหลวงของประเทศไทยคือเมืองใด');
    // The contract's writer neutralises a formula a member typed.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await buyer.get(`/api/quizResultsCsv?id=${quizId}`)).statusCode).toBe(403);
  });

  test('deleting a test removes its attempts', async () => {
    const quizId = await createQuiz();
    await buyer.post('/api/quizStart', { quiz_id: quizId });
    expect((await staff.post('/api/quizDelete', { id: quizId })).statusCode).toBe(200);
    const left = await t.db.select().from(s.quizAttempt).where(eq(s.quizAttempt.quiz_id, quizId));
    expect(left).toEqual([]);
    expect((await staff.get(`/api/quizById?id=${quizId}`)).statusCode).toBe(404);
  });
});

describe('the certificate', () => {
  test('a course whose test is required: every lesson played is not enough until the member passes it; the pass asks for the certificate', async () => {
    const own = await courseFixture(t.db, { title: 'คอร์สต้องสอบผ่าน' });
    const learner = await t.member('quiz-certificate@example.com');
    await purchase(t.db, learner.id!, own.course.id, 'finish', t.clock.now());
    const quizId = await createQuiz({ product_id: own.course.id, required_for_certificate: true, attempts_allowed: 2 });
    for (const lesson of [own.lessons.open, own.lessons.first, own.lessons.second]) {
      const played = await learner.post('/api/videoStatistics', {
        events: [{ product_id: own.course.id, video_id: lesson.id, time_start: 0, time_end: 100, event: 'Ended' }],
      });
      expect(played.statusCode, played.body).toBe(200);
    }
    const earned = () => certificateEarned(t.db, learner.id!, own.course.id, t.clock.now());
    expect(await earned()).toBe(false);

    const failed = (await learner.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(learner, failed, { capital: 'cm' });
    await learner.post('/api/quizSubmit', { attempt_id: failed });
    expect(await earned()).toBe(false);

    const asked = async () =>
      (await t.db.select({ payload: s.job.payload }).from(s.job).where(eq(s.job.name, 'certificate.issue'))).filter(
        (j) =>
          JSON.stringify(j.payload) ===
          JSON.stringify({ reason: 'completed', user_id: learner.id, product_id: own.course.id }),
      ).length;
    const before = await asked();
    const passed = (await learner.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(learner, passed, allRight);
    await learner.post('/api/quizSubmit', { attempt_id: passed });
    expect(await earned()).toBe(true);
    // The pass itself asks for the certificate: the job issues it now that nothing is missing.
    expect(await asked()).toBe(before + 1);
  });
});

describe('pass to continue', () => {
  test('only a test after a lesson may lock the lessons that follow', async () => {
    const final = await staff.post('/api/quizSave', testBody({ pass_to_continue: true }));
    expect(final.statusCode).toBe(400);
    expect(final.json().fields).toEqual([
      expect.objectContaining({ path: 'pass_to_continue', message: message('quizPassToContinueLesson') }),
    ]);
    const quizId = await createQuiz({ video_id: course.lessons.first.id, pass_to_continue: true, published: false });
    expect((await staff.get(`/api/quizById?id=${quizId}`)).json().data.pass_to_continue).toBe(true);
  });

  test('the lessons after the test, and the test after them, stay locked in the course view, the player and the panel until the buyer passes; staff are never locked', async () => {
    const own = await courseFixture(t.db, { title: 'คอร์สผ่านแล้วเรียนต่อ' });
    const learner = await t.member('quiz-gate@example.com');
    await purchase(t.db, learner.id!, own.course.id, 'finish', t.clock.now());
    const quizId = await createQuiz({
      product_id: own.course.id,
      video_id: own.lessons.open.id,
      quiz_title: 'ด่านหลังบทที่ 2',
      pass_to_continue: true,
    });
    const lessonsOf = async (caller: Caller) => {
      const res = await caller.get(`/api/courseView?id=${own.course.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.lessons as { video_id: number; locked: boolean; locked_by_quiz: unknown }[];
    };
    const play = (caller: Caller, videoId: number) =>
      caller.get(`/api/playback?productId=${own.course.id}&videoId=${videoId}`);
    const gate = { id: quizId, title: 'ด่านหลังบทที่ 2' };
    const later = await createQuiz({ product_id: own.course.id, video_id: own.lessons.first.id });
    const heldBy = async () =>
      Object.fromEntries(
        (await learner.get(`/api/quizByCourse?product_id=${own.course.id}`))
          .json()
          .data.map((q: { id: number; held_by: unknown }) => [q.id, q.held_by]),
      );
    expect(await heldBy()).toEqual({ [quizId]: null, [later]: gate });
    const early = await learner.post('/api/quizStart', { quiz_id: later });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(message('quizAfterHeldLesson'));

    expect((await lessonsOf(learner)).map((l) => [l.locked, l.locked_by_quiz])).toEqual([
      [false, null],
      [false, null],
      [true, gate],
      [true, gate],
    ]);
    const refused = await play(learner, own.lessons.first.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(message('lessonAfterQuiz'));
    expect((await play(learner, own.lessons.open.id)).statusCode).toBe(200);
    expect((await lessonsOf(staff)).every((l) => !l.locked && l.locked_by_quiz === null)).toBe(true);
    expect((await play(staff, own.lessons.second.id)).statusCode).toBe(200);
    // Someone who did not buy sees the purchase's lock, not the test's.
    expect((await lessonsOf(stranger)).map((l) => l.locked_by_quiz)).toEqual([null, null, null, null]);

    const failed = (await learner.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(learner, failed, { capital: 'cm' });
    await learner.post('/api/quizSubmit', { attempt_id: failed });
    expect((await play(learner, own.lessons.second.id)).statusCode).toBe(403);

    const passed = (await learner.post('/api/quizStart', { quiz_id: quizId })).json().data.id;
    await answerAll(learner, passed, allRight);
    expect((await learner.post('/api/quizSubmit', { attempt_id: passed })).json().data.result.passed).toBe(true);
    expect((await lessonsOf(learner)).every((l) => !l.locked && l.locked_by_quiz === null)).toBe(true);
    expect(await heldBy()).toEqual({ [quizId]: null, [later]: null });
    expect((await learner.post('/api/quizStart', { quiz_id: later })).statusCode).toBe(200);
    for (const lesson of [own.lessons.first, own.lessons.second]) {
      expect((await play(learner, lesson.id)).statusCode).toBe(200);
    }
  });
});
