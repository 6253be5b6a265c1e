import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { product, videoList } from '../db/schema/index.js';
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

/**
 * Whether the caller may play a lesson (its playlist, and the key that opens its segments): preview and public
 * lessons for everyone, private ones for a buyer within the 2-year window and staff. A lesson of a hidden course,
 * or a video the course does not list, does not exist for the caller (404).
 */
export async function mayPlayLesson(db: Executor, actor: Actor, lesson: Lesson, now: Date): Promise<Decision> {
  const status = await lessonStatusOf(db, actor, lesson);
  if (!status) return 'hide';
  const courses = actor.kind === 'member' && status === 'private' ? await coursesOf(db, actor.id, now) : null;
  return !lessonLocked(actor, courseStateOf(actor, courses, lesson.productId), status);
}

/**
 * Whether the caller may mark a lesson of a course complete, or take the mark back: a member who bought the course
 * (a finished order within its 2-year window). Progress is the member's own: staff and visitors mark nothing. A
 * lesson of a hidden course, or a video the course does not list, does not exist for the caller (404).
 */
export async function mayMarkLesson(db: Executor, actor: Actor, lesson: Lesson, now: Date): Promise<Decision> {
  if (!(await lessonStatusOf(db, actor, lesson))) return 'hide';
  if (actor.kind !== 'member') return false;
  return courseStateOf(actor, await coursesOf(db, actor.id, now), lesson.productId) === 'finish';
}
