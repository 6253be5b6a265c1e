import {
  bangkokMidnight,
  bangkokPeriod,
  datesBetween,
  isComplete,
  type LessonProgress,
  lessonDone,
  mergeStretches,
  monthRange,
  resumePosition,
  type StatisticsEvent,
  type StatisticsPeriod,
  type Stretch,
  stretchSeconds,
} from '@sikkha/contract';
import { bangkokDate } from '@sikkha/contract/rules';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { groupCommit } from '../../db/group-commit.js';
import { product, video, videoList, videoProgress, videoStatistics } from '../../db/schema/index.js';
import type { Transact, Work } from '../../db/unit-of-work.js';
import { fail, forbidden, notFound } from '../../errors.js';
import { issueCertificate } from '../../jobs/certificate.job.js';
import type { Jobs } from '../../jobs/jobs.js';
import {
  type Actor,
  authorize,
  courseStateOf,
  coursesOf,
  lessonLocked,
  productsVisibleTo,
  type SignedIn,
} from '../../policies/index.js';

export interface StatisticsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
}

/** A statistics row as stored, with its id. */
type StoredRow = Pick<
  typeof videoStatistics.$inferSelect,
  'id' | 'user_id' | 'product_id' | 'video_id' | 'time_start' | 'time_end' | 'time_total' | 'event' | 'create_at'
>;

const pairKey = (p: { product_id: number; video_id: number }) => `${p.product_id}:${p.video_id}`;
const lessonKey = (p: { user_id: number; product_id: number; video_id: number }) =>
  `${p.user_id}:${p.product_id}:${p.video_id}`;

/** One request's rows, and the courses in them its member bought (whose completion may earn a certificate). */
interface Batch {
  rows: (Omit<StoredRow, 'id'> & typeof videoStatistics.$inferInsert)[];
  bought: ReadonlySet<number>;
}

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
 * Seconds played per lesson and Bangkok day, each the union of its played intervals: sorted by start, a row adds
 * only what reaches past every row before it in the same lesson and day.
 */
function playedPerDayQuery(userId: number, where: SQL) {
  const day = sql`((${videoStatistics.create_at} at time zone 'UTC') + interval '7 hours')::date`;
  return sql`
    with played as (
      select ${videoStatistics.product_id} as product_id, ${videoStatistics.video_id} as video_id,
        ${day} as day,
        ${videoStatistics.time_start}::float8 as s, ${videoStatistics.time_end}::float8 as e
      from ${videoStatistics}
      where ${videoStatistics.user_id} = ${userId} and ${videoStatistics.time_end} > ${videoStatistics.time_start}
        and ${where}
    ), reach as (
      select *, max(e) over (partition by day, product_id, video_id order by s, e
        rows between unbounded preceding and 1 preceding) as before
      from played
    )
    select to_char(day, 'YYYY-MM-DD') as day, product_id, video_id,
      sum(greatest(0, e - greatest(s, coalesce(before, s))))::float8 as seconds
    from reach group by day, product_id, video_id`;
}

export function statisticsService({ db, clock, transact, jobs }: StatisticsDeps) {
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
    const bought = new Set(
      pairs.map((p) => p.product_id).filter((id) => courseStateOf(member, courses, id) === 'finish'),
    );
    await writes.add({ rows, bought });
    return rows.length;
  }

  /**
   * Stores the batches of concurrent requests (of any members) in one unit of work: one insert, the per-lesson
   * progress folded, and a certificate check queued for each course a batch completed for its buyer.
   */
  async function store(batches: readonly Batch[]) {
    await transact(async (work) => {
      const rows = batches.flatMap((b) => b.rows);
      const ids = await work.db.insert(videoStatistics).values(rows).returning({ id: videoStatistics.id });
      const completed = await keepProgress(
        work,
        rows.map((row, i) => ({ ...row, id: ids[i]!.id })),
      );
      // A buyer's lesson reaching 90% may complete the course: the certificate job checks, and issues it once.
      for (const { user_id, product_id } of completed) {
        if (!batches.some((b) => b.rows[0]!.user_id === user_id && b.bought.has(product_id))) continue;
        await jobs.enqueue(work, issueCertificate, { reason: 'completed', user_id, product_id });
      }
    });
  }

  /**
   * Folds newly stored rows into their members' per-lesson progress, in the unit of work that stored them. One
   * statement claims the lessons' progress rows, making those not there yet, and locks them in one order (an
   * upsert's conflict takes the row lock and answers the latest committed row), so batches written at once by two
   * instances both count and cannot deadlock. Answers the member and course of each lesson completed (90% played).
   */
  async function keepProgress(work: Work, rows: readonly StoredRow[]) {
    const target = [videoProgress.user_id, videoProgress.product_id, videoProgress.video_id];
    const pairs = [...new Map(rows.map((r) => [lessonKey(r), r])).values()].sort(
      (a, b) => a.user_id - b.user_id || a.product_id - b.product_id || a.video_id - b.video_id,
    );
    const kept = await work.db
      .insert(videoProgress)
      .values(pairs.map((p) => ({ user_id: p.user_id, product_id: p.product_id, video_id: p.video_id })))
      .onConflictDoUpdate({ target, set: { user_id: sql`excluded.user_id` } })
      .returning();
    const added = new Map<string, StoredRow[]>();
    for (const r of rows) {
      const mine = added.get(lessonKey(r));
      if (mine) mine.push(r);
      else added.set(lessonKey(r), [r]);
    }
    const values = kept.map((progress) => {
      const mine = added.get(lessonKey(progress))!;
      const played = mergeStretches([...progress.played, ...mine.map((r): Stretch => [r.time_start, r.time_end])]);
      // Ids of batches committing at once may interleave: the last row is the highest id, whichever came first.
      const last = mine.reduce((a, b) => (b.id > a.id ? b : a));
      const newer = last.id > progress.last_id;
      return {
        ...progress,
        played,
        seconds: stretchSeconds(played),
        time_total: Math.max(progress.time_total, ...mine.map((r) => r.time_total)),
        ...(newer
          ? { last_id: last.id, last_time_end: last.time_end, last_event: last.event, last_at: last.create_at }
          : {}),
      };
    });
    const lengthOf = (p: { time_total: number }) => (p.time_total > 0 ? p.time_total : null);
    const completed = values.filter(
      (p, i) => isComplete(p.seconds, lengthOf(p)) && !isComplete(kept[i]!.seconds, lengthOf(kept[i]!)),
    );
    const excluded = (column: string) => sql.raw(`excluded."${column}"`);
    await work.db
      .insert(videoProgress)
      .values(values)
      .onConflictDoUpdate({
        target,
        set: Object.fromEntries(
          ['played', 'seconds', 'time_total', 'last_id', 'last_time_end', 'last_event', 'last_at'].map((c) => [
            c,
            excluded(c),
          ]),
        ),
      });
    return [...new Map(completed.map((p) => [`${p.user_id}:${p.product_id}`, p])).values()];
  }

  // A statistics row is 11 parameters of the insert; PostgreSQL takes at most 65,535 in one statement.
  const writes = groupCommit(store, { size: (batch) => batch.rows.length, max: 2000 });

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

  /** Seconds played per Bangkok day from `from` up to `to` (dates), every day listed. */
  async function perDay(userId: number, from: string, to: string) {
    const window = and(
      sql`${videoStatistics.create_at} >= ${bangkokMidnight(from).toISOString()}`,
      sql`${videoStatistics.create_at} < ${bangkokMidnight(to).toISOString()}`,
    );
    const rows = await queryRows<{ day: string; seconds: number }>(db, playedPerDayQuery(userId, window!));
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
    mark,
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
