import type { QuizQuestion } from '@sikkha/contract';
import type { QuizAnswer } from '@sikkha/contract/rules';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { product } from './catalogue.js';
import { base, str, timestamp } from './columns.js';
import { video } from './learning.js';

/**
 * A test (quiz; the seed's `test` menu, beyond the spec): a course's final test (`video_id` null) or one that follows
 * a lesson. Its questions are one JSON list, each with the key the back office gave it, so an attempt refers to
 * questions and choices by key and an edit that reorders them leaves past answers readable.
 */
export const quiz = pgTable(
  'quiz',
  {
    ...base(),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    video_id: integer('video_id').references(() => video.id, { onDelete: 'set null' }),
    quiz_title: str('quiz_title').notNull(),
    quiz_detail: text('quiz_detail').notNull().default(''),
    pass_percent: integer('pass_percent').notNull().default(60),
    time_limit_minutes: integer('time_limit_minutes'),
    attempts_allowed: integer('attempts_allowed').notNull().default(1),
    shuffle_questions: boolean('shuffle_questions').notNull().default(false),
    shuffle_choices: boolean('shuffle_choices').notNull().default(false),
    show_answers: boolean('show_answers').notNull().default(true),
    published: boolean('published').notNull().default(false),
    /** The course's certificate waits until the member passes this test. */
    required_for_certificate: boolean('required_for_certificate').notNull().default(false),
    /** A lesson's test: the course's later lessons stay locked for a buyer until they pass it. */
    pass_to_continue: boolean('pass_to_continue').notNull().default(false),
    questions: jsonb('questions').$type<QuizQuestion[]>().notNull(),
  },
  (t) => [
    index('quiz_product_id_idx').on(t.product_id),
    check('quiz_pass_percent_check', sql`${t.pass_percent} BETWEEN 0 AND 100`),
    check('quiz_attempts_allowed_check', sql`${t.attempts_allowed} >= 1`),
  ],
);

/** A saved answer and when the server took it. */
export interface SavedAnswer {
  value: QuizAnswer;
  at: string;
}

/** The order a member sees: question keys, and each question's choice keys (shuffled at the start when asked). */
export interface AttemptOrder {
  questions: string[];
  choices: Record<string, string[]>;
}

/**
 * One member's attempt at a test. `attempt_no` is unique per test and member, and at most one attempt is open
 * (unsubmitted) per test and member: two starts at once make one attempt, and the count never passes the limit.
 * Submitting is one conditional update (`submitted_at IS NULL`), so two tabs get one result.
 */
export const quizAttempt = pgTable(
  'quizAttempt',
  {
    ...base(),
    quiz_id: integer('quiz_id')
      .notNull()
      .references(() => quiz.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    attempt_no: integer('attempt_no').notNull(),
    started_at: timestamp('started_at').notNull(),
    deadline: timestamp('deadline'),
    question_order: jsonb('question_order').$type<AttemptOrder>().notNull(),
    answers: jsonb('answers').$type<Record<string, SavedAnswer>>().notNull().default({}),
    submitted_at: timestamp('submitted_at'),
    points: integer('points'),
    max_points: integer('max_points'),
    percent: integer('percent'),
    passed: boolean('passed'),
    /** Each question's key and whether it was right, as scored at submission. */
    correct: jsonb('correct').$type<Record<string, boolean>>(),
  },
  (t) => [
    uniqueIndex('quizAttempt_quiz_id_user_id_attempt_no_key').on(t.quiz_id, t.user_id, t.attempt_no),
    uniqueIndex('quizAttempt_open_key').on(t.quiz_id, t.user_id).where(sql`${t.submitted_at} IS NULL`),
    index('quizAttempt_user_id_idx').on(t.user_id),
  ],
);
