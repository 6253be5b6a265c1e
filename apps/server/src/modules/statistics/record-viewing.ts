import type { StatisticsEvent, Stretch } from '@sikkha/contract';
import { isComplete, mergeStretches, stretchSeconds } from '@sikkha/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import { groupCommit } from '../../db/group-commit.js';
import { product, video, videoList, videoProgress, videoStatistics } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { fail, forbidden, notFound } from '../../errors.js';
import { issueCertificate } from '../../jobs/certificate.job.js';
import { authorize, courseStateOf, coursesOf, lessonLocked, type SignedIn } from '../../policies/index.js';
import type { StatisticsDeps } from './statistics-deps.js';

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

/**
 * The player's viewing events in: each request's batch checked (the lessons, the member's rights), then the
 * batches of concurrent requests stored together, with each lesson's progress folded in the same unit of work.
 */
export function viewingRecorder({ db, clock, transact, jobs }: StatisticsDeps) {
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

  return { record };
}
