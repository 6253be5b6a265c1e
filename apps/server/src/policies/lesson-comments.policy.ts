import type { Executor } from '../db/client.js';
import type { Actor } from './actor.js';
import { courseStateOf, coursesOf } from './courses.policy.js';
import type { Decision } from './decision.js';
import { type Lesson, lessonStatusOf } from './lessons.policy.js';

/**
 * Reading and writing under a lesson: the course's buyers within their viewing window (those the lesson is for),
 * and staff, who answer. Others are refused, not shown an empty thread: a question names the lesson's content. A
 * lesson of a hidden course, or a video the course does not list, does not exist for the caller (404).
 */
export async function mayDiscussLesson(db: Executor, actor: Actor, lesson: Lesson, now: Date): Promise<Decision> {
  if (!(await lessonStatusOf(db, actor, lesson))) return 'hide';
  if (actor.kind === 'staff') return true;
  if (actor.kind !== 'member') return false;
  return courseStateOf(actor, await coursesOf(db, actor.id, now), lesson.productId) === 'finish';
}

/** Deleting a question or an answer: the member who wrote it. Staff hide instead, which is audited. */
export const mayDeleteLessonComment = (actor: Actor, comment: { user_id: number | null }): Decision =>
  actor.kind === 'member' && comment.user_id === actor.id;
