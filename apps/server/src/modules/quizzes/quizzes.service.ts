import { randomInt } from 'node:crypto';
import {
  message,
  type QuizAdmin,
  type QuizAttemptView,
  type QuizQuestion,
  type QuizResult,
  type QuizResults,
  type QuizSummary,
  type quizSaveBody,
} from '@sikkha/contract';
import { answerOnTime, QUIZ_GRACE_SECONDS, type QuizAnswer, scoreQuiz, toCsv } from '@sikkha/contract/rules';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import {
  type AttemptOrder,
  product,
  quiz,
  quizAttempt,
  type SavedAnswer,
  user,
  videoList,
} from '../../db/schema/index.js';
import { lockRow, type Transact } from '../../db/unit-of-work.js';
import { fail, invalidField, notFound, pgCodeOf } from '../../errors.js';
import { issueCertificate } from '../../jobs/certificate.job.js';
import type { Jobs } from '../../jobs/jobs.js';
import { type Actor, authorize, type LessonGate, lessonGates, type SignedIn } from '../../policies/index.js';

type QuizRow = typeof quiz.$inferSelect;
type AttemptRow = typeof quizAttempt.$inferSelect;

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const choicesOf = (q: QuizQuestion) => (q.kind === 'single' || q.kind === 'multiple' ? q.choices : []);

/** Whether an answer has the shape its question takes: a choice of it, several, a truth, or text. */
function answerFits(question: QuizQuestion, answer: QuizAnswer): boolean {
  const keys = new Set(choicesOf(question).map((c) => c.key));
  switch (question.kind) {
    case 'single':
      return typeof answer === 'string' && keys.has(answer);
    case 'multiple':
      return Array.isArray(answer) && answer.every((k) => keys.has(k)) && new Set(answer).size === answer.length;
    case 'trueFalse':
      return typeof answer === 'boolean';
    case 'short':
      return typeof answer === 'string';
    default:
      return question satisfies never;
  }
}

/** The right answer as the result shows it: choice keys, a truth, or the accepted texts. */
function expectedOf(question: QuizQuestion): string[] | boolean {
  switch (question.kind) {
    case 'single':
      return [question.correct];
    case 'multiple':
      return question.correct;
    case 'trueFalse':
      return question.correct;
    case 'short':
      return question.accepted;
    default:
      return question satisfies never;
  }
}

/** An answer as staff read it in the results and the CSV: choices by their text. */
function answerText(question: QuizQuestion, answer: QuizAnswer | undefined): string {
  if (answer === undefined) return '';
  if (typeof answer === 'boolean') return answer ? 'จริง' : 'เท็จ';
  const texts = new Map(choicesOf(question).map((c) => [c.key, c.text]));
  if (Array.isArray(answer)) return answer.map((k) => texts.get(k) ?? k).join('; ');
  return question.kind === 'short' ? (answer as string) : (texts.get(answer as string) ?? (answer as string));
}

const adminView = (row: QuizRow): QuizAdmin => ({
  id: row.id,
  product_id: row.product_id,
  video_id: row.video_id,
  quiz_title: row.quiz_title,
  quiz_detail: row.quiz_detail,
  pass_percent: row.pass_percent,
  time_limit_minutes: row.time_limit_minutes,
  attempts_allowed: row.attempts_allowed,
  shuffle_questions: row.shuffle_questions,
  shuffle_choices: row.shuffle_choices,
  show_answers: row.show_answers,
  published: row.published,
  required_for_certificate: row.required_for_certificate,
  pass_to_continue: row.pass_to_continue,
  questions: row.questions,
  create_at: row.create_at,
  update_at: row.update_at,
});

const maxPointsOf = (questions: readonly QuizQuestion[]) => questions.reduce((sum, q) => sum + q.points, 0);

export interface QuizzesDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
}

/**
 * Tests (quizzes): staff build them and read their results; a buyer starts an attempt, saves each answer on the
 * server as it is given (so a reload or a sleeping phone loses nothing), and submits once. Scoring is the
 * contract's rule, here on the server only; the questions a member reads never carry their answers.
 */
export function quizzesService({ db, clock, transact, jobs }: QuizzesDeps) {
  const policy = () => ({ db, now: clock.now() });

  async function quizWithCourse(id: number) {
    const [row] = await db
      .select({ quiz, product_status: product.product_status })
      .from(quiz)
      .innerJoin(product, eq(product.id, quiz.product_id))
      .where(eq(quiz.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function attemptWithQuiz(id: number) {
    const [row] = await db
      .select({ attempt: quizAttempt, quiz })
      .from(quizAttempt)
      .innerJoin(quiz, eq(quiz.id, quizAttempt.quiz_id))
      .where(eq(quizAttempt.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** The attempt's questions in its order; questions staff added since come last, removed ones are gone. */
  function questionsOf(test: QuizRow, order: AttemptOrder) {
    const byKey = new Map(test.questions.map((q) => [q.key, q]));
    const keys = [...order.questions.filter((k) => byKey.has(k)), ...test.questions.map((q) => q.key)];
    return [...new Set(keys)].map((k) => byKey.get(k) as QuizQuestion);
  }

  function resultOf(test: QuizRow, attempt: AttemptRow): QuizResult | null {
    if (attempt.submitted_at === null) return null;
    const correct = attempt.correct ?? {};
    return {
      points: attempt.points ?? 0,
      max_points: attempt.max_points ?? 0,
      percent: attempt.percent ?? 0,
      passed: attempt.passed ?? false,
      questions: questionsOf(test, attempt.question_order).map((q) => ({
        key: q.key,
        correct: correct[q.key] ?? false,
        points: q.points,
        expected: test.show_answers ? expectedOf(q) : null,
      })),
    };
  }

  function attemptView(test: QuizRow, attempt: AttemptRow): QuizAttemptView {
    const answers: Record<string, QuizAnswer> = {};
    for (const [k, saved] of Object.entries(attempt.answers)) answers[k] = saved.value;
    return {
      id: attempt.id,
      quiz_id: test.id,
      quiz_title: test.quiz_title,
      quiz_detail: test.quiz_detail,
      pass_percent: test.pass_percent,
      attempt_no: attempt.attempt_no,
      attempts_allowed: test.attempts_allowed,
      started_at: attempt.started_at,
      deadline: attempt.deadline,
      now: clock.now().toISOString(),
      submitted_at: attempt.submitted_at,
      // Only what a member needs to answer: never `correct` or `accepted`.
      questions: questionsOf(test, attempt.question_order).map((q) => {
        const byKey = new Map(choicesOf(q).map((c) => [c.key, c]));
        const order = attempt.question_order.choices[q.key] ?? [];
        const keys = [...new Set([...order.filter((k) => byKey.has(k)), ...byKey.keys()])];
        return {
          key: q.key,
          kind: q.kind,
          text: q.text,
          picture: q.picture,
          points: q.points,
          choices: keys.map((k) => ({ key: k, text: byKey.get(k)?.text ?? '' })),
        };
      }),
      answers,
      result: resultOf(test, attempt),
    };
  }

  /**
   * Scores an open attempt once: the row is locked, and only an attempt still unsubmitted is scored, so a double
   * click, two tabs or a submit racing the start of the next attempt give one result. Answers saved after the
   * deadline and its grace were refused when they came; the check here keeps that true whatever wrote them.
   */
  async function finish(attemptId: number) {
    return transact(async (work) => {
      await lockRow(work, quizAttempt, attemptId);
      const [row] = await work.db
        .select({ attempt: quizAttempt, quiz })
        .from(quizAttempt)
        .innerJoin(quiz, eq(quiz.id, quizAttempt.quiz_id))
        .where(eq(quizAttempt.id, attemptId));
      if (!row) throw notFound();
      if (row.attempt.submitted_at !== null) return row;
      const deadline = row.attempt.deadline ? new Date(row.attempt.deadline) : null;
      const answers: Record<string, QuizAnswer> = {};
      for (const [k, saved] of Object.entries(row.attempt.answers)) {
        if (answerOnTime(deadline, new Date(saved.at))) answers[k] = saved.value;
      }
      const score = scoreQuiz(row.quiz.questions, answers, row.quiz.pass_percent);
      const [attempt] = await work.db
        .update(quizAttempt)
        .set({
          submitted_at: clock.now().toISOString(),
          update_at: clock.now().toISOString(),
          points: score.points,
          max_points: score.maxPoints,
          percent: score.percent,
          passed: score.passed,
          correct: score.correct,
        })
        .where(and(eq(quizAttempt.id, attemptId), isNull(quizAttempt.submitted_at)))
        .returning();
      // A pass the certificate waited for asks for it; the job checks the lessons and every required test again.
      if (score.passed && row.quiz.required_for_certificate) {
        await jobs.enqueue(work, issueCertificate, {
          reason: 'completed',
          user_id: row.attempt.user_id,
          product_id: row.quiz.product_id,
        });
      }
      return { attempt: attempt as AttemptRow, quiz: row.quiz };
    });
  }

  const openAttempt = async (quizId: number, userId: number) =>
    (
      await db
        .select()
        .from(quizAttempt)
        .where(and(eq(quizAttempt.quiz_id, quizId), eq(quizAttempt.user_id, userId), isNull(quizAttempt.submitted_at)))
    )[0];

  const expired = (attempt: AttemptRow) =>
    !answerOnTime(attempt.deadline ? new Date(attempt.deadline) : null, clock.now());

  return {
    async save(actor: Actor, body: z.output<typeof quizSaveBody>): Promise<QuizAdmin> {
      await authorize(policy(), actor, 'quiz.manage', null);
      const [course] = await db.select({ id: product.id }).from(product).where(eq(product.id, body.product_id));
      if (!course) throw invalidField('product_id', 'invalid', message('badReference'));
      if (body.video_id !== null) {
        const [lesson] = await db
          .select({ id: videoList.id })
          .from(videoList)
          .where(and(eq(videoList.product_id, body.product_id), eq(videoList.video_id, body.video_id)));
        if (!lesson) throw invalidField('video_id', 'invalid', message('quizLessonNotInCourse'));
      }
      const { id, ...values } = body;
      const now = clock.now().toISOString();
      if (id === undefined) {
        const [row] = await db
          .insert(quiz)
          .values({ ...values, create_by: actor.kind === 'staff' ? actor.id : null })
          .returning();
        return adminView(row as QuizRow);
      }
      const [row] = await db
        .update(quiz)
        .set({ ...values, update_at: now })
        .where(eq(quiz.id, id))
        .returning();
      if (!row) throw notFound();
      return adminView(row);
    },

    async remove(actor: Actor, id: number) {
      await authorize(policy(), actor, 'quiz.manage', null);
      const gone = await db.delete(quiz).where(eq(quiz.id, id)).returning({ id: quiz.id });
      if (gone.length === 0) throw notFound();
    },

    async byId(actor: Actor, id: number) {
      await authorize(policy(), actor, 'quiz.manage', null);
      return adminView((await quizWithCourse(id)).quiz);
    },

    async list(actor: Actor, productId: number | undefined): Promise<QuizSummary[]> {
      await authorize(policy(), actor, 'quiz.manage', null);
      const rows = await db
        .select()
        .from(quiz)
        .where(productId === undefined ? undefined : eq(quiz.product_id, productId))
        .orderBy(desc(quiz.id));
      return rows.map((row) => summaryOf(row, []));
    },

    /** A course's tests for its course panel: the published ones with the member's own attempts; staff see all. */
    async ofCourse(actor: Actor, productId: number): Promise<QuizSummary[]> {
      const [course] = await db
        .select({ product_id: product.id, product_status: product.product_status })
        .from(product)
        .where(eq(product.id, productId));
      if (!course) throw notFound();
      await authorize(policy(), actor, 'quiz.list', course);
      const rows = await db
        .select()
        .from(quiz)
        .where(and(eq(quiz.product_id, productId), actor.kind === 'staff' ? undefined : eq(quiz.published, true)))
        .orderBy(asc(quiz.id));
      const attempts =
        actor.kind === 'member'
          ? await db
              .select()
              .from(quizAttempt)
              .innerJoin(quiz, eq(quiz.id, quizAttempt.quiz_id))
              .where(and(eq(quiz.product_id, productId), eq(quizAttempt.user_id, actor.id)))
          : [];
      const gates = actor.kind === 'member' ? await lessonGates(db, actor.id, productId) : null;
      return rows.map((row) =>
        summaryOf(
          row,
          attempts.map((a) => a.quizAttempt).filter((a) => a.quiz_id === row.id),
          row.video_id === null ? undefined : gates?.get(row.video_id),
        ),
      );
    },

    /**
     * Starts an attempt, or resumes the open one. An open attempt past its time is scored first with what was saved
     * in time. Two starts at once make one attempt: the second's insert meets the unique index of open attempts
     * and answers the first's.
     */
    async start(actor: SignedIn, quizId: number): Promise<QuizAttemptView> {
      const { quiz: test, product_status } = await quizWithCourse(quizId);
      await authorize(policy(), actor, 'quiz.take', { ...test, product_status });
      const open = await openAttempt(test.id, actor.id);
      if (open && !expired(open)) return attemptView(test, open);
      if (open) await finish(open.id);
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(quizAttempt)
        .where(and(eq(quizAttempt.quiz_id, test.id), eq(quizAttempt.user_id, actor.id)));
      if (count >= test.attempts_allowed) throw fail('CONFLICT', 'quizAttemptsUsed');
      const now = clock.now();
      const order: AttemptOrder = {
        questions: (test.shuffle_questions ? shuffled(test.questions) : test.questions).map((q) => q.key),
        choices: Object.fromEntries(
          test.questions.map((q) => {
            const keys = choicesOf(q).map((c) => c.key);
            return [q.key, test.shuffle_choices ? shuffled(keys) : keys];
          }),
        ),
      };
      try {
        const [attempt] = await db
          .insert(quizAttempt)
          .values({
            quiz_id: test.id,
            user_id: actor.id,
            attempt_no: count + 1,
            started_at: now.toISOString(),
            deadline:
              test.time_limit_minutes === null
                ? null
                : new Date(now.getTime() + test.time_limit_minutes * 60_000).toISOString(),
            question_order: order,
          })
          .returning();
        return attemptView(test, attempt as AttemptRow);
      } catch (error) {
        if (pgCodeOf(error) !== '23505') throw error;
        const raced = await openAttempt(test.id, actor.id);
        if (raced) return attemptView(test, raced);
        // Another start made the last allowed attempt and it was submitted already.
        throw fail('CONFLICT', 'quizAttemptsUsed');
      }
    },

    async attempt(actor: SignedIn, attemptId: number): Promise<QuizAttemptView> {
      const row = await attemptWithQuiz(attemptId);
      await authorize(policy(), actor, 'quiz.readAttempt', row.attempt);
      return attemptView(row.quiz, row.attempt);
    },

    /**
     * Saves one answer in one statement that holds only while the attempt is open and on time: an answer that
     * comes after the deadline and its grace, or after the submit, changes nothing.
     */
    async answer(actor: SignedIn, body: { attempt_id: number; question_key: string; answer: QuizAnswer }) {
      const row = await attemptWithQuiz(body.attempt_id);
      await authorize(policy(), actor, 'quiz.answer', row.attempt);
      if (row.attempt.submitted_at !== null) throw fail('CONFLICT', 'quizSubmitted');
      const question = row.quiz.questions.find((q) => q.key === body.question_key);
      if (!question) throw invalidField('question_key', 'invalid', message('quizQuestionUnknown'));
      if (!answerFits(question, body.answer)) throw invalidField('answer', 'invalid', message('quizAnswerInvalid'));
      const now = clock.now().toISOString();
      const saved: SavedAnswer = { value: body.answer, at: now };
      const updated = await db
        .update(quizAttempt)
        .set({
          answers: sql`${quizAttempt.answers} || jsonb_build_object(${body.question_key}::text, ${JSON.stringify(saved)}::jsonb)`,
          update_at: now,
        })
        .where(
          and(
            eq(quizAttempt.id, row.attempt.id),
            isNull(quizAttempt.submitted_at),
            sql`(${quizAttempt.deadline} IS NULL OR ${quizAttempt.deadline} + make_interval(secs => ${QUIZ_GRACE_SECONDS}) >= ${now}::timestamptz)`,
          ),
        )
        .returning({ id: quizAttempt.id });
      if (updated.length === 0) {
        const [again] = await db
          .select({ submitted_at: quizAttempt.submitted_at })
          .from(quizAttempt)
          .where(eq(quizAttempt.id, row.attempt.id));
        throw fail('CONFLICT', again?.submitted_at ? 'quizSubmitted' : 'quizTimeUp');
      }
      return { question_key: body.question_key, saved_at: now };
    },

    async submit(actor: SignedIn, attemptId: number): Promise<QuizAttemptView> {
      const row = await attemptWithQuiz(attemptId);
      await authorize(policy(), actor, 'quiz.answer', row.attempt);
      const done = await finish(attemptId);
      return attemptView(done.quiz, done.attempt);
    },

    async results(actor: Actor, quizId: number): Promise<QuizResults> {
      await authorize(policy(), actor, 'quiz.manage', null);
      const { quiz: test } = await quizWithCourse(quizId);
      const rows = await db
        .select({ attempt: quizAttempt, name_th: user.name_th, lname_th: user.lname_th, email: user.email })
        .from(quizAttempt)
        .innerJoin(user, eq(user.id, quizAttempt.user_id))
        .where(eq(quizAttempt.quiz_id, quizId))
        .orderBy(asc(quizAttempt.user_id), asc(quizAttempt.attempt_no));
      const submitted = rows.filter((r) => r.attempt.submitted_at !== null);
      const rate = (n: number) => (submitted.length === 0 ? null : Math.floor((n * 100) / submitted.length));
      return {
        quiz_id: quizId,
        attempts: rows.length,
        submitted: submitted.length,
        members: new Set(rows.map((r) => r.attempt.user_id)).size,
        pass_rate: rate(submitted.filter((r) => r.attempt.passed).length),
        questions: test.questions.map((q) => {
          const correct = submitted.filter((r) => r.attempt.correct?.[q.key] === true).length;
          return {
            key: q.key,
            text: q.text,
            answered: submitted.filter((r) => r.attempt.answers[q.key] !== undefined).length,
            correct,
            success_rate: rate(correct),
          };
        }),
        rows: rows.map(({ attempt, name_th, lname_th, email }) => ({
          attempt_id: attempt.id,
          user_id: attempt.user_id,
          name: [name_th, lname_th].filter(Boolean).join(' '),
          email,
          attempt_no: attempt.attempt_no,
          started_at: attempt.started_at,
          submitted_at: attempt.submitted_at,
          points: attempt.points,
          percent: attempt.percent,
          passed: attempt.passed,
          answers: Object.fromEntries(test.questions.map((q) => [q.key, answerText(q, attempt.answers[q.key]?.value)])),
        })),
      };
    },

    /** The results' rows as CSV (the contract's writer, with its formula guard), one column per question. */
    async resultsCsv(actor: Actor, quizId: number) {
      const results = await this.results(actor, quizId);
      const { quiz: test } = await quizWithCourse(quizId);
      type Row = QuizResults['rows'][number];
      const figure = (n: number | null) => (n === null ? null : { number: String(n) });
      const csv = toCsv<Row>(results.rows, [
        { header: 'ชื่อ', value: (r) => r.name },
        { header: 'อีเมล', value: (r) => r.email },
        { header: 'ครั้งที่', value: (r) => figure(r.attempt_no) },
        { header: 'เริ่ม', value: (r) => r.started_at },
        { header: 'ส่ง', value: (r) => r.submitted_at },
        { header: 'คะแนน', value: (r) => figure(r.points) },
        { header: 'ร้อยละ', value: (r) => figure(r.percent) },
        { header: 'ผ่าน', value: (r) => (r.passed === null ? null : r.passed ? 'ผ่าน' : 'ไม่ผ่าน') },
        ...test.questions.map((q, i) => ({ header: `ข้อ ${i + 1}: ${q.text}`, value: (r: Row) => r.answers[q.key] })),
      ]);
      return { csv: `\uFEFF${csv}\r\n`, title: test.quiz_title };
    },
  };

  function summaryOf(row: QuizRow, attempts: AttemptRow[], heldBy?: LessonGate): QuizSummary {
    const { questions, create_by: _by, create_at: _at, update_at: _up, ...settings } = row;
    const open = attempts.find((a) => a.submitted_at === null && !expired(a));
    return {
      ...settings,
      questions: questions.length,
      max_points: maxPointsOf(questions),
      attempts_used: attempts.length,
      passed: attempts.some((a) => a.passed === true),
      open_attempt_id: open?.id ?? null,
      held_by: heldBy ?? null,
    };
  }
}

export type QuizzesService = ReturnType<typeof quizzesService>;
