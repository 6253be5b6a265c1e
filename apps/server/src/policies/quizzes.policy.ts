import type { Executor } from '../db/client.js';
import type { Actor } from './actor.js';
import { coursesOf } from './courses.policy.js';
import type { Decision } from './decision.js';
import { lessonGates } from './lessons.policy.js';
import { canSeeProduct } from './products.policy.js';

/**
 * What the test rules read of a test: its course (and whether the course is on show), the lesson it follows, and
 * whether it is published.
 */
export interface QuizSubject {
  product_id: number;
  product_status: string | null;
  video_id: number | null;
  published: boolean;
}

const boughtBy = async (db: Executor, userId: number, productId: number, now: Date) =>
  (await coursesOf(db, userId, now)).finished.some((c) => c.product_id === productId);

/**
 * Taking a test: a member who finished buying the course (within its window), a published test, and not a test
 * after a lesson that an earlier test still holds (403 with the reason). Staff build and read tests but never take one (attempts are a
 * member's). A hidden course's test, or one not published, does not exist to members.
 */
export async function mayTakeQuiz(db: Executor, actor: Actor, quiz: QuizSubject, now: Date): Promise<Decision> {
  if (actor.kind !== 'member') return false;
  if (!canSeeProduct(actor, quiz) || !quiz.published) return 'hide';
  if (!(await boughtBy(db, actor.id, quiz.product_id, now))) return false;
  // The test after a lesson that an earlier test still holds (pass to continue) waits as the lesson does.
  const held = quiz.video_id !== null && (await lessonGates(db, actor.id, quiz.product_id)).has(quiz.video_id);
  return held ? { refused: 'quizAfterHeldLesson' } : true;
}

/** A course's tests in the course panel: its buyers (the published ones) and staff (all). */
export async function mayListQuizzes(
  db: Executor,
  actor: Actor,
  course: { product_id: number; product_status: string | null },
  now: Date,
): Promise<Decision> {
  if (actor.kind === 'staff') return true;
  if (actor.kind !== 'member') return false;
  if (!canSeeProduct(actor, course)) return 'hide';
  return boughtBy(db, actor.id, course.product_id, now);
}

/** An attempt, with its answers, is its member's; staff read every one (the results); to anyone else it does not exist. */
export const mayReadAttempt = (actor: Actor, attempt: { user_id: number }): Decision =>
  actor.kind === 'staff' || (actor.kind === 'member' && actor.id === attempt.user_id) || 'hide';

/** Answering and submitting are the attempt's member's alone. */
export const mayAnswerAttempt = (actor: Actor, attempt: { user_id: number }): Decision =>
  (actor.kind === 'member' && actor.id === attempt.user_id) || (actor.kind === 'staff' ? false : 'hide');

/** Building tests and reading their results: staff. */
export const mayManageQuizzes = (actor: Actor): Decision => actor.kind === 'staff';
