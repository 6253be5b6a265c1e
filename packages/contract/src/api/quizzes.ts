import { z } from 'zod';
import { f } from '../fields.js';
import { message } from '../messages.js';
import { quizQuestionKinds } from '../rules/quizzes.js';

/**
 * Tests (quizzes; the seed's back-office menu names them `test`, the spec stops there: FEATURES). A test belongs to a
 * course: a final test (`video_id` null) or one that follows a lesson. Questions and choices carry keys the back
 * office makes (a UUID), so answers and per-question results survive edits that reorder them.
 */

const key = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const text = (max: number) => z.string().trim().min(1, message('required')).max(max);

export const quizChoice = z.object({ key, text: text(500) });

const questionBase = {
  key,
  text: text(2000),
  /** A picture uploaded through the `News` upload kind (staff, public images). */
  picture: f.fileName().nullable().default(null),
  points: f.int(1, 100).default(1),
};

export const quizQuestion = z.discriminatedUnion('kind', [
  z.object({
    ...questionBase,
    kind: z.literal('single'),
    choices: z.array(quizChoice).min(2).max(10),
    correct: key,
  }),
  z.object({
    ...questionBase,
    kind: z.literal('multiple'),
    choices: z.array(quizChoice).min(2).max(10),
    correct: z.array(key).min(1).max(10),
  }),
  z.object({ ...questionBase, kind: z.literal('trueFalse'), correct: z.boolean() }),
  z.object({
    ...questionBase,
    kind: z.literal('short'),
    /** One or several accepted answers, compared after `normaliseAnswer`. */
    accepted: z.array(text(500)).min(1).max(20),
  }),
]);
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const quizSettings = z.object({
  product_id: f.ref(),
  /** The lesson this test follows; null for the course's final test. */
  video_id: f.ref().nullable().default(null),
  quiz_title: text(255),
  quiz_detail: z.string().trim().max(5000).default(''),
  /** Percent of the points needed to pass. */
  pass_percent: f.int(0, 100).default(60),
  /** Minutes from the start; null for no limit. */
  time_limit_minutes: f.int(1, 600).nullable().default(null),
  attempts_allowed: f.int(1, 100).default(1),
  shuffle_questions: z.boolean().default(false),
  shuffle_choices: z.boolean().default(false),
  /** Whether the result shows each question's right answer after submitting (which were wrong is always shown). */
  show_answers: z.boolean().default(true),
  /** Members see only published tests. */
  published: z.boolean().default(false),
  /** The course's certificate waits until the member passes this test (published tests only). */
  required_for_certificate: z.boolean().default(false),
  /** Pass to continue: the course's later lessons stay locked for a buyer until they pass this lesson's test. */
  pass_to_continue: z.boolean().default(false),
});

const keysOf = (questions: readonly QuizQuestion[]) => {
  const questionKeys = questions.map((q) => q.key);
  return { questionKeys, unique: new Set(questionKeys).size === questionKeys.length };
};

/** Staff's save: the settings and every question; an `id` updates that test. */
export const quizSaveBody = quizSettings
  .extend({ id: f.ref().optional(), questions: z.array(quizQuestion).min(1).max(200) })
  .superRefine((body, ctx) => {
    if (body.pass_to_continue && body.video_id === null) {
      ctx.addIssue({ code: 'custom', path: ['pass_to_continue'], message: message('quizPassToContinueLesson') });
    }
    if (!keysOf(body.questions).unique) {
      ctx.addIssue({ code: 'custom', path: ['questions'], message: message('quizKeysRepeated') });
    }
    body.questions.forEach((question, i) => {
      if (question.kind !== 'single' && question.kind !== 'multiple') return;
      const choiceKeys = new Set(question.choices.map((c) => c.key));
      if (choiceKeys.size !== question.choices.length) {
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'choices'], message: message('quizKeysRepeated') });
      }
      const correct = typeof question.correct === 'string' ? [question.correct] : question.correct;
      if (!correct.every((k) => choiceKeys.has(k)) || new Set(correct).size !== correct.length) {
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'correct'], message: message('quizCorrectMissing') });
      }
    });
  });
export type QuizSaveBody = z.input<typeof quizSaveBody>;

/** A test as staff read it: everything, the correct answers too. */
export const quizAdmin = quizSettings.extend({
  id: z.number().int(),
  questions: z.array(quizQuestion),
  create_at: z.string(),
  update_at: z.string(),
});
export type QuizAdmin = z.infer<typeof quizAdmin>;

export const quizIdQuery = z.strictObject({ id: f.ref() });
export const quizListQuery = z.strictObject({ product_id: f.ref().optional() });
export const quizCourseQuery = z.strictObject({ product_id: f.ref() });

/** A test in a list: staff's, or a buyer's course panel (with their own attempts). */
export const quizSummary = quizSettings.extend({
  id: z.number().int(),
  questions: z.number().int(),
  max_points: z.number().int(),
  /** The caller's own attempts (members); 0 for staff. */
  attempts_used: z.number().int(),
  /** Whether the caller has passed it (members). */
  passed: z.boolean(),
  /** The caller's unsubmitted attempt, to resume. */
  open_attempt_id: z.number().int().nullable(),
  /** The test a member must pass before this one, when it follows a lesson that test still holds (pass to continue). */
  held_by: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type QuizSummary = z.infer<typeof quizSummary>;

/** An answer as sent: a choice's key (single), keys (multiple), true or false, or text (short). */
export const quizAnswer = z.union([z.boolean(), z.string().max(500), z.array(key).max(10)]);

/** A question as a member sees it while taking the test: never its correct answer. */
export const quizQuestionView = z.object({
  key: z.string(),
  kind: z.enum(quizQuestionKinds),
  text: z.string(),
  picture: z.string().nullable(),
  points: z.number().int(),
  /** In the attempt's order (shuffled when the test says so); empty for true/false and short answers. */
  choices: z.array(z.object({ key: z.string(), text: z.string() })),
});

/** One question of a submitted attempt: right or not, and the right answer when the test shows answers. */
export const quizQuestionResult = z.object({
  key: z.string(),
  correct: z.boolean(),
  points: z.number().int(),
  /** The correct choice keys, truth or accepted texts; null when the test does not show answers. */
  expected: z.union([z.array(z.string()), z.boolean()]).nullable(),
});

export const quizResult = z.object({
  points: z.number().int(),
  max_points: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
  questions: z.array(quizQuestionResult),
});
export type QuizResult = z.infer<typeof quizResult>;

/** An attempt as its member sees it: the questions to answer, what was saved, and the result once submitted. */
export const quizAttemptView = z.object({
  id: z.number().int(),
  quiz_id: z.number().int(),
  quiz_title: z.string(),
  quiz_detail: z.string(),
  pass_percent: z.number().int(),
  attempt_no: z.number().int(),
  attempts_allowed: z.number().int(),
  started_at: z.string(),
  /** When answers stop counting (before a short grace); null without a time limit. */
  deadline: z.string().nullable(),
  /** The server's clock when it answered, so the timer does not trust the phone's. */
  now: z.string(),
  submitted_at: z.string().nullable(),
  questions: z.array(quizQuestionView),
  answers: z.record(z.string(), quizAnswer),
  result: quizResult.nullable(),
});
export type QuizAttemptView = z.infer<typeof quizAttemptView>;

export const quizStartBody = z.strictObject({ quiz_id: f.ref() });
export const quizAnswerBody = z.strictObject({ attempt_id: f.ref(), question_key: key, answer: quizAnswer });
export const quizAnswerSaved = z.object({ question_key: z.string(), saved_at: z.string() });
export const quizSubmitBody = z.strictObject({ attempt_id: f.ref() });

/** Staff's results of one test. */
export const quizResults = z.object({
  quiz_id: z.number().int(),
  attempts: z.number().int(),
  submitted: z.number().int(),
  members: z.number().int(),
  /** Percent of submitted attempts that passed (whole percent); null before any. */
  pass_rate: z.number().int().nullable(),
  questions: z.array(
    z.object({
      key: z.string(),
      text: z.string(),
      answered: z.number().int(),
      correct: z.number().int(),
      /** Percent of submitted attempts that got it right; null before any. */
      success_rate: z.number().int().nullable(),
    }),
  ),
  rows: z.array(
    z.object({
      attempt_id: z.number().int(),
      user_id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      attempt_no: z.number().int(),
      started_at: z.string(),
      submitted_at: z.string().nullable(),
      points: z.number().int().nullable(),
      percent: z.number().int().nullable(),
      passed: z.boolean().nullable(),
      /** Each question's answer as text (choices by their text), by question key. */
      answers: z.record(z.string(), z.string()),
    }),
  ),
});
export type QuizResults = z.infer<typeof quizResults>;

export const csvFile = z
  .any()
  .meta({ description: 'The CSV file itself (text/csv, UTF-8 with BOM)', format: 'binary' });
