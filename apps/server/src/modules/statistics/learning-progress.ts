import type { LessonProgress } from '@sikkha/contract';
import { lessonDone, resumePosition } from '@sikkha/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { product, video, videoList, videoProgress, videoStatistics } from '../../db/schema/index.js';
import { type Actor, authorize, coursesOf, productsVisibleTo, type SignedIn } from '../../policies/index.js';
import type { StatisticsDeps } from './statistics-deps.js';

/**
 * A member's progress: per lesson (seconds, the mark, done, where to resume), per course (My learning), the
 * "mark complete" toggle, and the last lesson played.
 */
export function learningProgress({ db, clock, transact }: Omit<StatisticsDeps, 'jobs'>) {
  /**
   * Per lesson the member played or marked (of one course, or all), most recently played first: seconds played,
   * the mark, whether it is done and where to resume; `played` tells a lesson only marked apart.
   */
  async function progressOf(userId: number, productId?: number) {
    const kept = await db
      .select({
        progress: videoProgress,
        video_name: video.video_name,
        duration: video.video_duration,
      })
      .from(videoProgress)
      .innerJoin(video, eq(video.id, videoProgress.video_id))
      .where(
        and(
          eq(videoProgress.user_id, userId),
          productId === undefined ? undefined : eq(videoProgress.product_id, productId),
        ),
      )
      .orderBy(desc(videoProgress.last_id));
    return kept.map(({ progress: p, video_name, duration: known }) => {
      const duration = known ?? (p.time_total > 0 ? p.time_total : null);
      const marked = p.marked_at !== null;
      const lesson: LessonProgress = {
        product_id: p.product_id,
        video_id: p.video_id,
        video_name,
        seconds: p.seconds,
        duration,
        marked,
        complete: lessonDone({ seconds: p.seconds, duration, marked }),
        resumeAt: resumePosition({ time_end: p.last_time_end, event: p.last_event }, duration),
        lastEvent: p.last_event,
        lastAt: p.last_at,
      };
      return { lesson, played: p.last_id > 0 };
    });
  }

  const lessons = async (userId: number, productId?: number): Promise<LessonProgress[]> =>
    (await progressOf(userId, productId)).map((p) => p.lesson);

  /**
   * The member's courses, those played or marked (most recently played first) then those bought and not started
   * yet: every lesson of each, how many are done (`lessonDone`: a preview once the course was played), seconds, and
   * the lesson to resume. A lesson no longer listed in its course counts for nothing. A course staff hid is left out
   * for the member, as everywhere else in the shop; staff looking at the member see it.
   */
  async function courses(viewer: Actor, userId: number) {
    const progress = await progressOf(userId);
    const bought = (await coursesOf(db, userId, clock.now())).finished.map((c) => c.product_id);
    const ids = [...new Set([...progress.map((p) => p.lesson.product_id), ...bought])];
    if (ids.length === 0) return [];
    const [titles, listed] = await Promise.all([
      db
        .select({ product_id: product.id, product_title: product.product_title })
        .from(product)
        .where(and(inArray(product.id, ids), productsVisibleTo(viewer))),
      db
        .select({ product_id: videoList.product_id, video_id: videoList.video_id, status: videoList.video_list_status })
        .from(videoList)
        .where(inArray(videoList.product_id, ids)),
    ]);
    const titleOf = new Map(titles.map((t) => [t.product_id, t.product_title]));
    return ids.flatMap((id) => {
      if (!titleOf.has(id)) return [];
      const mine = progress.filter((p) => p.lesson.product_id === id);
      const last = mine.find((p) => p.played)?.lesson ?? null;
      const course = listed.filter((l) => l.product_id === id);
      const done = (l: (typeof course)[number]) => {
        const kept = mine.find((p) => p.lesson.video_id === l.video_id)?.lesson;
        const state = { seconds: kept?.seconds ?? 0, duration: kept?.duration ?? null, marked: kept?.marked ?? false };
        return lessonDone({ ...state, preview: l.status === 'preview' }, last !== null);
      };
      return [
        {
          product_id: id,
          product_title: titleOf.get(id) ?? null,
          lessons: course.length,
          completed: course.filter(done).length,
          seconds: mine.reduce((sum, p) => sum + p.lesson.seconds, 0),
          last,
        },
      ];
    });
  }

  /**
   * A buyer marks a lesson of their course complete, or takes the mark back (`lesson.mark`). Setting, not
   * toggling: a second mark keeps the first one's time, and taking back a mark that is not there changes nothing.
   * A lesson marked and never played leaves no row once its mark is taken back.
   */
  async function mark(member: SignedIn, body: { product_id: number; video_id: number; complete: boolean }) {
    const now = clock.now();
    await authorize({ db, now }, member, 'lesson.mark', { productId: body.product_id, videoId: body.video_id });
    const lesson = and(
      eq(videoProgress.user_id, member.id),
      eq(videoProgress.product_id, body.product_id),
      eq(videoProgress.video_id, body.video_id),
    );
    await transact(async (work) => {
      if (body.complete) {
        const at = now.toISOString();
        await work.db
          .insert(videoProgress)
          .values({
            user_id: member.id,
            product_id: body.product_id,
            video_id: body.video_id,
            marked_at: at,
            last_at: at,
          })
          .onConflictDoUpdate({
            target: [videoProgress.user_id, videoProgress.product_id, videoProgress.video_id],
            set: { marked_at: sql`coalesce(${videoProgress.marked_at}, excluded.marked_at)` },
          });
      } else {
        await work.db.update(videoProgress).set({ marked_at: null }).where(lesson);
        await work.db.delete(videoProgress).where(and(lesson, eq(videoProgress.last_id, 0)));
      }
    });
    const after = (await lessons(member.id, body.product_id)).find((l) => l.video_id === body.video_id);
    return {
      product_id: body.product_id,
      video_id: body.video_id,
      marked: after?.marked ?? false,
      complete: after?.complete ?? false,
    };
  }

  /** The member's last statistics row (of a course, or any), with where that lesson resumes. */
  async function last(userId: number, productId?: number) {
    const [row] = await db
      .select({ row: videoStatistics, duration: video.video_duration })
      .from(videoStatistics)
      .innerJoin(video, eq(video.id, videoStatistics.video_id))
      .where(
        and(
          eq(videoStatistics.user_id, userId),
          productId === undefined ? undefined : eq(videoStatistics.product_id, productId),
        ),
      )
      .orderBy(desc(videoStatistics.id))
      .limit(1);
    if (!row) return null;
    const duration = row.duration ?? (row.row.time_total > 0 ? row.row.time_total : null);
    return { ...row.row, resumeAt: resumePosition(row.row, duration) };
  }

  return { lessons, courses, mark, last };
}
