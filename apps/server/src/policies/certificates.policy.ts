import { isComplete } from '@sikkha/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { quiz, quizAttempt, video, videoList, videoProgress } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { coursesOf } from './courses.policy.js';
import type { Decision } from './decision.js';

/** A certificate's file: its member's and staff's; to anyone else it does not exist. */
export const mayReadCertificate = (actor: Actor, c: { user_id: number }): Decision =>
  actor.kind === 'staff' || (actor.kind === 'member' && actor.id === c.user_id) || 'hide';

/**
 * Whether a member has earned a course's certificate by learning: they bought it (finished, within the 2-year
 * window), played every lesson of it to at least 90% (previews aside: they are never recorded), and passed the tests
 * staff made a condition of its certificate. A lesson's length is the video's, or the longest the player reported
 * while the packaging has not read it.
 */
export async function certificateEarned(db: Executor, userId: number, productId: number, now: Date) {
  const { finished } = await coursesOf(db, userId, now);
  if (!finished.some((c) => c.product_id === productId)) return false;
  const lessons = await db
    .select({ duration: video.video_duration, seconds: videoProgress.seconds, reported: videoProgress.time_total })
    .from(videoList)
    .innerJoin(video, eq(video.id, videoList.video_id))
    .leftJoin(
      videoProgress,
      and(
        eq(videoProgress.user_id, userId),
        eq(videoProgress.product_id, videoList.product_id),
        eq(videoProgress.video_id, videoList.video_id),
      ),
    )
    .where(and(eq(videoList.product_id, productId), ne(videoList.video_list_status, 'preview')));
  const learned =
    lessons.length > 0 &&
    lessons.every((l) => isComplete(l.seconds ?? 0, l.duration ?? (l.reported ? l.reported : null)));
  return learned && (await requiredTestsPassed(db, userId, productId));
}

/** Whether the member passed every published test of the course that staff made a condition of its certificate. */
async function requiredTestsPassed(db: Executor, userId: number, productId: number) {
  const waiting = await db
    .select({ id: quiz.id })
    .from(quiz)
    .where(
      and(
        eq(quiz.product_id, productId),
        eq(quiz.published, true),
        eq(quiz.required_for_certificate, true),
        sql`NOT EXISTS (SELECT 1 FROM ${quizAttempt} WHERE ${quizAttempt.quiz_id} = ${quiz.id}
          AND ${quizAttempt.user_id} = ${userId} AND ${quizAttempt.passed})`,
      ),
    )
    .limit(1);
  return waiting.length === 0;
}
