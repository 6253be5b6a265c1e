/**
 * Tests (quizzes, the seed's `test` menu): how an answer is compared and an attempt scored. The server scores; the
 * web shows the same rule's result, so both import it from here.
 */

export const quizQuestionKinds = ['single', 'multiple', 'trueFalse', 'short'] as const;
export type QuizQuestionKind = (typeof quizQuestionKinds)[number];

/** Seconds after a time limit in which an answer still counts: the request of the last second is on its way. */
export const QUIZ_GRACE_SECONDS = 15;

/** An answer as a member gives it: a choice's key, several keys, true or false, or typed text. */
export type QuizAnswer = string | string[] | boolean;

/** What scoring needs of a question: its kind, points and correct answer(s). */
export type QuizKey =
  | { key: string; kind: 'single'; points: number; correct: string }
  | { key: string; kind: 'multiple'; points: number; correct: readonly string[] }
  | { key: string; kind: 'trueFalse'; points: number; correct: boolean }
  | { key: string; kind: 'short'; points: number; accepted: readonly string[] };

const THAI_ZERO = 0x0e50;

/**
 * Typed text as it is compared: Unicode NFC (a Thai vowel typed before or after its tone mark, a decomposed é), no
 * spaces at the ends and one space between words, Latin letters in lower case, Thai digits ๐–๙ as 0–9.
 */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0e50-\u0e59]/g, (digit) => String(digit.charCodeAt(0) - THAI_ZERO))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether an answer is right: one choice, exactly the right set of choices, the right truth, or an accepted text. */
export function answerIsCorrect(question: QuizKey, answer: QuizAnswer | undefined): boolean {
  if (answer === undefined) return false;
  switch (question.kind) {
    case 'single':
      return answer === question.correct;
    case 'multiple': {
      if (!Array.isArray(answer)) return false;
      const given = new Set(answer);
      return given.size === question.correct.length && question.correct.every((key) => given.has(key));
    }
    case 'trueFalse':
      return answer === question.correct;
    case 'short':
      return (
        typeof answer === 'string' &&
        question.accepted.some((accepted) => normaliseAnswer(accepted) === normaliseAnswer(answer))
      );
    default:
      return question satisfies never;
  }
}

export interface QuizScore {
  points: number;
  maxPoints: number;
  /** Whole percent, rounded down: 79.9 % does not pass a mark of 80. */
  percent: number;
  passed: boolean;
  /** Each question's key and whether it was answered right (multiple choice is all or nothing). */
  correct: Record<string, boolean>;
}

/** An attempt's score: the points of the questions answered right, and whether it reaches the pass mark (percent). */
export function scoreQuiz(
  questions: readonly QuizKey[],
  answers: Readonly<Record<string, QuizAnswer>>,
  passPercent: number,
): QuizScore {
  let points = 0;
  let maxPoints = 0;
  const correct: Record<string, boolean> = {};
  for (const question of questions) {
    const right = answerIsCorrect(question, answers[question.key]);
    correct[question.key] = right;
    maxPoints += question.points;
    if (right) points += question.points;
  }
  // Integers throughout: compare points * 100 with the mark, never a rounded percentage.
  const passed = maxPoints > 0 && points * 100 >= passPercent * maxPoints;
  const percent = maxPoints > 0 ? Math.floor((points * 100) / maxPoints) : 0;
  return { points, maxPoints, percent, passed, correct };
}

/** Whether an answer is still on time: before the deadline and its grace, or a test without a time limit. */
export function answerOnTime(deadline: Date | null, at: Date): boolean {
  return deadline === null || at.getTime() <= deadline.getTime() + QUIZ_GRACE_SECONDS * 1000;
}
