import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { product, quiz, quizAttempt, videoList } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { courseStateOf, coursesOf, lessonLocked } from './courses.policy.js';
import type { Decision } from './decision.js';
import { canSeeProduct } from './products.policy.js';

/** A lesson: a video as a course lists it. */
export interface Lesson {
  productId: number;
  videoId: number;
}

/** How a course lists a video: its list status, or undefined when the lesson does not exist for this caller. */
export async function lessonStatusOf(db: Executor, actor: Actor, { productId, videoId }: Lesson) {
  const [row] = await db
    .select({ status: videoList.video_list_status, product_status: product.product_status })
    .from(videoList)
    .innerJoin(product, eq(product.id, videoList.product_id))
    .where(and(eq(videoList.product_id, productId), eq(videoList.video_id, videoId)))
    .orderBy(asc(videoList.id))
    .limit(1);
  return row && canSeeProduct(actor, row) ? row.status : undefined;
}

/** The test a buyer must pass before a lesson opens. */
export interface LessonGate {
  id: number;
  title: string;
}

/**
 * Pass to continue: the private lessons of a course a buyer may not play yet, each with the test that holds it. A
 * published test after a lesson, marked pass to continue and not yet passed by the member, locks every private
 * lesson after that lesson in the course's order (its video list's); the earliest such test holds them. Preview and
 * public lessons are everyone's and stay open; staff are never locked (they are not asked here).
 */
export async function lessonGates(db: Executor, memberId: number, productId: number) {
  const locked = new Map<number, LessonGate>();
  const gates = await db
    .select({ id: quiz.id, title: quiz.quiz_title, video_id: quiz.video_id })
    .from(quiz)
    .where(
      and(
        eq(quiz.product_id, productId),
        eq(quiz.published, true),
        eq(quiz.pass_to_continue, true),
        isNotNull(quiz.video_id),
        sql`NOT EXISTS (SELECT 1 FROM ${quizAttempt} WHERE ${quizAttempt.quiz_id} = ${quiz.id}
          AND ${quizAttempt.user_id} = ${memberId} AND ${quizAttempt.passed})`,
      ),
    );
  if (gates.length === 0) return locked;
  const lessons = await db
    .select({ video_id: videoList.video_id, status: videoList.video_list_status })
    .from(videoList)
    .where(eq(videoList.product_id, productId))
    .orderBy(asc(videoList.video_list_item), asc(videoList.id));
  // A video listed twice counts where it first appears, as the course dialog shows it first.
  const placeOf = new Map<number, number>();
  lessons.forEach((l, i) => {
    if (!placeOf.has(l.video_id)) placeOf.set(l.video_id, i);
  });
  const [first] = gates
    .map((g) => ({ gate: { id: g.id, title: g.title }, after: placeOf.get(g.video_id!) }))
    .filter((g): g is { gate: LessonGate; after: number } => g.after !== undefined)
    .sort((a, b) => a.after - b.after || a.gate.id - b.gate.id);
  if (!first) return locked;
  for (const [videoId, place] of placeOf) {
    const status = lessons[place]!.status;
    if (place > first.after && status === 'private') locked.set(videoId, first.gate);
  }
  return locked;
}

/**
 * Whether the caller may play a lesson (its playlist, and the key that opens its segments): preview and public
 * lessons for everyone, private ones for a buyer within the 2-year window and staff, unless a test before the lesson
 * is to be passed first (pass to continue: 403 with the reason). A lesson of a hidden course, or a video the course
 * does not list, does not exist for the caller (404).
 */
export async function mayPlayLesson(db: Executor, actor: Actor, lesson: Lesson, now: Date): Promise<Decision> {
  const status = await lessonStatusOf(db, actor, lesson);
  if (!status) return 'hide';
  const courses = actor.kind === 'member' && status === 'private' ? await coursesOf(db, actor.id, now) : null;
  if (lessonLocked(actor, courseStateOf(actor, courses, lesson.productId), status)) return false;
  if (actor.kind !== 'member' || status !== 'private') return true;
  const gated = (await lessonGates(db, actor.id, lesson.productId)).has(lesson.videoId);
  return gated ? { refused: 'lessonAfterQuiz' } : true;
}

/**
 * Whether the caller may mark a lesson of a course complete, or take the mark back: a member who bought the course
 * (a finished order within its 2-year window), unless a test before it holds it (pass to continue: 403 with the
 * reason). Progress is the member's own: staff and visitors mark nothing. A lesson of a hidden course, or a video
 * the course does not list, does not exist for the caller (404).
 */
export async function mayMarkLesson(db: Executor, actor: Actor, lesson: Lesson, now: Date): Promise<Decision> {
  if (!(await lessonStatusOf(db, actor, lesson))) return 'hide';
  if (actor.kind !== 'member') return false;
  if (courseStateOf(actor, await coursesOf(db, actor.id, now), lesson.productId) !== 'finish') return false;
  const held = (await lessonGates(db, actor.id, lesson.productId)).has(lesson.videoId);
  return held ? { refused: 'lessonAfterQuiz' } : true;
}
