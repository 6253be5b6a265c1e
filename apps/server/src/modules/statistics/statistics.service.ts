import {
  bangkokMidnight,
  bangkokPeriod,
  datesBetween,
  isComplete,
  type LessonProgress,
  monthRange,
  resumePosition,
  type StatisticsEvent,
  type StatisticsPeriod,
} from '@sikkha/contract';
import { bangkokDate } from '@sikkha/contract/rules';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { product, video, videoList, videoStatistics } from '../../db/schema/index.js';
import { fail, forbidden, notFound } from '../../errors.js';
import { authorize, courseStateOf, coursesOf, lessonLocked, type SignedIn } from '../../policies/index.js';

export interface StatisticsDeps {
  db: Db;
  clock: Clock;
}

const pairKey = (p: { product_id: number; video_id: number }) => `${p.product_id}:${p.video_id}`;

/** Whose statistics a caller reads: a member their own, staff anyone's (`user_id` required). */
export function subjectOf(actor: SignedIn, userId: number | undefined): number {
  if (actor.kind === 'staff') {
    if (userId === undefined) throw fail('BAD_REQUEST', 'invalidInput');
    return userId;
  }
  if (userId !== undefined && userId !== actor.id) throw forbidden();
  return actor.id;
}

/**
 * Seconds played per lesson (and per Bangkok day when `byDay`), each the union of its played intervals: sorted by
 * start, a row adds only what reaches past every row before it in the same lesson (and day).
 */
function playedQuery(userId: number, where: SQL | undefined, byDay: boolean) {
  const day = sql`((${videoStatistics.create_at} at time zone 'UTC') + interval '7 hours')::date`;
  const partition = byDay ? sql`day, product_id, video_id` : sql`product_id, video_id`;
  return sql`
    with played as (
      select ${videoStatistics.product_id} as product_id, ${videoStatistics.video_id} as video_id,
        ${byDay ? day : sql`null::date`} as day,
        ${videoStatistics.time_start}::float8 as s, ${videoStatistics.time_end}::float8 as e
      from ${videoStatistics}
      where ${videoStatistics.user_id} = ${userId} and ${videoStatistics.time_end} > ${videoStatistics.time_start}
        ${where ? sql`and ${where}` : sql``}
    ), reach as (
      select *, max(e) over (partition by ${partition} order by s, e
        rows between unbounded preceding and 1 preceding) as before
      from played
    )
    select to_char(day, 'YYYY-MM-DD') as day, product_id, video_id,
      sum(greatest(0, e - greatest(s, coalesce(before, s))))::float8 as seconds
    from reach group by day, product_id, video_id`;
}

export function statisticsService({ db, clock }: StatisticsDeps) {
  /**
   * Stores a batch of played stretches for the member, all or none: every lesson must be in its course, the
   * course visible, the lesson not a preview (never recorded) and not locked for the member. Times are bounded by
   * the video's length when it is known, otherwise by the length the player reported.
   */
  async function record(member: SignedIn, events: readonly StatisticsEvent[]) {
    const pairs = [...new Map(events.map((e) => [pairKey(e), e])).values()];
    const lessons = await db
      .select({
        product_id: videoList.product_id,
        video_id: videoList.video_id,
        status: videoList.video_list_status,
        product_status: product.product_status,
        duration: video.video_duration,
      })
      .from(videoList)
      .innerJoin(product, eq(product.id, videoList.product_id))
      .innerJoin(video, eq(video.id, videoList.video_id))
      .where(or(...pairs.map((p) => and(eq(videoList.product_id, p.product_id), eq(videoList.video_id, p.video_id)))));
    const byPair = new Map(lessons.map((l) => [pairKey(l), l]));
    const now = clock.now();
    let courses: Awaited<ReturnType<typeof coursesOf>> | null = null;
    for (const pair of pairs) {
      const lesson = byPair.get(pairKey(pair));
      if (!lesson) throw notFound();
      await authorize({ db, now }, member, 'product.read', lesson);
      if (lesson.status === 'preview') throw fail('UNPROCESSABLE', 'previewNotRecorded');
      courses ??= await coursesOf(db, member.id, now);
      if (lessonLocked(member, courseStateOf(member, courses, lesson.product_id), lesson.status)) throw forbidden();
    }

    const at = now.toISOString();
    const rows = events.map((e) => {
      const known = byPair.get(pairKey(e))!.duration;
      const length = known ?? e.time_total ?? null;
      const bound = (t: number) => (length === null ? t : Math.min(t, length));
      return {
        user_id: member.id,
        video_id: e.video_id,
        product_id: e.product_id,
        time_start: bound(e.time_start),
        time_end: bound(e.time_end),
        time_total: length ?? 0,
        event: e.event,
        count: e.count ?? 1,
        create_by: member.id,
        create_at: at,
        update_at: at,
      };
    });
    await db.insert(videoStatistics).values(rows);
    return rows.length;
  }

  /**
   * Per lesson the member played (of one course, or all), most recent first: seconds played, completion and where
   * to resume.
   */
  async function lessons(userId: number, productId?: number): Promise<LessonProgress[]> {
    const inCourse = productId === undefined ? undefined : eq(videoStatistics.product_id, productId);
    const [played, last] = await Promise.all([
      queryRows<{ product_id: number; video_id: number; seconds: number }>(db, playedQuery(userId, inCourse, false)),
      queryRows<{
        id: number;
        product_id: number;
        video_id: number;
        time_end: number;
        event: LessonProgress['lastEvent'];
        create_at: string | Date;
        reported: number;
        video_name: string | null;
        duration: number | null;
      }>(
        db,
        sql`
          select distinct on (s.product_id, s.video_id) s.id, s.product_id, s.video_id, s.time_end::float8 as time_end,
            s.event, s.create_at,
            max(s.time_total) over (partition by s.product_id, s.video_id)::float8 as reported,
            v.video_name, v.video_duration::float8 as duration
          from ${videoStatistics} s join ${video} v on v.id = s.video_id
          where s.user_id = ${userId} ${inCourse ? sql`and s.product_id = ${productId}` : sql``}
          order by s.product_id, s.video_id, s.id desc`,
      ),
    ]);
    const seconds = new Map(played.map((p) => [pairKey(p), p.seconds]));
    // Most recently played first.
    last.sort((a, b) => b.id - a.id);
    return last.map((l) => {
      const duration = l.duration ?? (l.reported > 0 ? l.reported : null);
      const watched = seconds.get(pairKey(l)) ?? 0;
      return {
        product_id: l.product_id,
        video_id: l.video_id,
        video_name: l.video_name,
        seconds: watched,
        duration,
        complete: isComplete(watched, duration),
        resumeAt: resumePosition(l, duration),
        lastEvent: l.event,
        lastAt: new Date(l.create_at).toISOString(),
      };
    });
  }

  /** Per course the member played: lessons (previews aside), lessons completed, seconds, and the lesson to resume. */
  async function courses(userId: number) {
    const progress = await lessons(userId);
    const ids = [...new Set(progress.map((p) => p.product_id))];
    if (ids.length === 0) return [];
    const counted = await queryRows<{ product_id: number; product_title: string | null; lessons: number }>(
      db,
      sql`select p.id as product_id, p.product_title,
            (select count(*)::int from ${videoList} l where l.product_id = p.id and l.video_list_status <> 'preview')
              as lessons
          from ${product} p where p.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    return counted.map((c) => {
      const mine = progress.filter((p) => p.product_id === c.product_id);
      const last = mine[0] ?? null;
      return {
        ...c,
        completed: mine.filter((p) => p.complete).length,
        seconds: mine.reduce((sum, p) => sum + p.seconds, 0),
        last,
      };
    });
  }

  /** Seconds played per Bangkok day from `from` up to `to` (dates), every day listed. */
  async function perDay(userId: number, from: string, to: string) {
    const window = and(
      sql`${videoStatistics.create_at} >= ${bangkokMidnight(from).toISOString()}`,
      sql`${videoStatistics.create_at} < ${bangkokMidnight(to).toISOString()}`,
    );
    const rows = await queryRows<{ day: string; seconds: number }>(db, playedQuery(userId, window, true));
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.day, (totals.get(r.day) ?? 0) + r.seconds);
    return datesBetween(from, to).map((date) => ({ date, seconds: totals.get(date) ?? 0 }));
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

  return {
    record,
    lessons,
    courses,
    last,
    /** Seconds played per day of a Bangkok month ("YYYY-MM", this month by default). */
    chart: (userId: number, month = bangkokDate(clock.now()).slice(0, 7)) => {
      const { from, to } = monthRange(month);
      return perDay(userId, from, to);
    },
    /** Seconds played in this Bangkok day, week or month: the sum of its days. */
    async total(userId: number, period: StatisticsPeriod) {
      const { from, to } = bangkokPeriod(period, clock.now());
      const days = await perDay(userId, from, to);
      return { seconds: days.reduce((sum, d) => sum + d.seconds, 0), from, to };
    },
  };
}

export type StatisticsService = ReturnType<typeof statisticsService>;
