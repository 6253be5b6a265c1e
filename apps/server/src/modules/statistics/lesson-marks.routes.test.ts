import type { StatisticsEvent } from '@sikkha/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import * as s from '../../db/schema/index.js';
import { certificateEarned } from '../../policies/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let f: Awaited<ReturnType<typeof courseFixture>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  f = await courseFixture(t.db, { title: 'คอร์สทดสอบการทำเครื่องหมายเรียนจบ' });
});
afterAll(() => t.close());

async function buyer(email: string, course = f.course.id) {
  const m = await t.member(email);
  await purchase(t.db, m.id!, course, 'finish', new Date(t.clock.now().getTime() - DAY));
  return m;
}

const mark = (caller: Caller, video: { id: number }, complete = true, course = f.course.id) =>
  caller.post('/api/lessonComplete', { product_id: course, video_id: video.id, complete });

const played = (video: { id: number }, time_start: number, time_end: number, event: StatisticsEvent['event']) => ({
  video_id: video.id,
  product_id: f.course.id,
  time_start,
  time_end,
  event,
});

type Detail = { video_id: number; seconds: number; marked: boolean; complete: boolean; resumeAt: number };
const detailOf = async (caller: Caller, course = f.course.id) =>
  (await caller.get(`/api/videoStatisticsDetailByUser?product_id=${course}`)).json().data as Detail[];
type CourseRow = { product_id: number; lessons: number; completed: number; seconds: number; last: Detail | null };
const courseOf = async (caller: Caller, course = f.course.id) =>
  ((await caller.get('/api/videoStatisticsByUser')).json().data as CourseRow[]).find((c) => c.product_id === course);

describe('who may mark a lesson complete', () => {
  test('a buyer within the window; not a visitor, staff, a stranger, a waiting order or an expired purchase', async () => {
    const lesson = f.lessons.first;
    expect((await mark(t.visitor, lesson)).statusCode).toBe(401);
    expect((await mark(await t.staff('marks-staff'), lesson)).statusCode).toBe(403);
    const stranger = await t.member('marks-stranger@example.com');
    expect((await mark(stranger, lesson)).statusCode).toBe(403);
    // A public lesson plays for everyone, but marks are progress in a course the member bought.
    expect((await mark(stranger, f.lessons.open)).statusCode).toBe(403);
    const waiting = await t.member('marks-waiting@example.com');
    await purchase(t.db, waiting.id!, f.course.id, 'wait', t.clock.now());
    expect((await mark(waiting, lesson)).statusCode).toBe(403);
    const expired = await t.member('marks-expired@example.com');
    await purchase(t.db, expired.id!, f.course.id, 'finish', new Date(t.clock.now().getTime() - 800 * DAY));
    expect((await mark(expired, lesson)).statusCode).toBe(403);

    const m = await buyer('marks-buyer@example.com');
    const done = await mark(m, lesson);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ product_id: f.course.id, video_id: lesson.id, marked: true, complete: true });
    // Nobody else's progress moved.
    expect(await detailOf(stranger)).toEqual([]);
  });

  test('bad input is a 400 on the field; a video the course does not list, or a hidden course, is a 404', async () => {
    const m = await buyer('marks-input@example.com');
    const missing = await m.post('/api/lessonComplete', { product_id: f.course.id, video_id: f.lessons.first.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([expect.objectContaining({ path: 'complete', code: 'required' })]);
    const forged = await m.post('/api/lessonComplete', {
      product_id: f.course.id,
      video_id: f.lessons.first.id,
      complete: true,
      user_id: 1,
    });
    expect(forged.statusCode).toBe(400);

    const other = await courseFixture(t.db, { title: 'คอร์สอื่นที่ไม่ได้มีบทเรียนนี้' });
    expect((await mark(m, other.lessons.first)).statusCode).toBe(404);

    const hidden = await courseFixture(t.db, { title: 'คอร์สที่ซ่อนไว้' });
    const hiddenBuyer = await buyer('marks-hidden@example.com', hidden.course.id);
    await t.db.update(s.product).set({ product_status: 'Hide' }).where(eq(s.product.id, hidden.course.id));
    const refused = await mark(hiddenBuyer, hidden.lessons.first, true, hidden.course.id);
    expect(refused.statusCode).toBe(404);
    expect(await detailOf(hiddenBuyer, hidden.course.id)).toEqual([]);
    // My learning leaves the hidden course out, as the rest of the shop does; staff looking at the member see it.
    expect(await courseOf(hiddenBuyer, hidden.course.id)).toBeUndefined();
    const staff = await t.staff('marks-hidden-staff');
    const seen = (await staff.get(`/api/videoStatisticsByUser?user_id=${hiddenBuyer.id}`)).json().data as CourseRow[];
    expect(seen.map((c) => c.product_id)).toContain(hidden.course.id);
  });

  test('marking twice is one mark (its first time kept); taking it back twice leaves nothing behind', async () => {
    const m = await buyer('marks-twice@example.com');
    const rows = () =>
      t.db
        .select()
        .from(s.videoProgress)
        .where(and(eq(s.videoProgress.user_id, m.id!), eq(s.videoProgress.video_id, f.lessons.second.id)));
    await mark(m, f.lessons.second);
    const [first] = await rows();
    t.clock.advance(60_000);
    expect((await mark(m, f.lessons.second)).json().data.marked).toBe(true);
    const again = await rows();
    expect(again).toHaveLength(1);
    expect(again[0]!.marked_at).toBe(first!.marked_at);

    for (let i = 0; i < 2; i++) {
      const back = await mark(m, f.lessons.second, false);
      expect(back.statusCode).toBe(200);
      expect(back.json().data).toMatchObject({ marked: false, complete: false });
    }
    // Marked and never played: no row of progress is left.
    expect(await rows()).toEqual([]);
    expect(await detailOf(m)).toEqual([]);
  });
});

describe('progress from viewing statistics and marks', () => {
  test('a mark completes a lesson; taking it back leaves what was watched; the course counts both', async () => {
    const m = await buyer('marks-progress@example.com');
    const batch = {
      events: [
        played(f.lessons.first, 0, 95, 'Pause'),
        played(f.lessons.second, 0, 30, 'Pause'),
        played(f.lessons.open, 0, 20, 'Pause'),
      ],
    };
    expect((await m.post('/api/videoStatistics', batch)).statusCode).toBe(200);
    // Started: the preview counts; the first lesson is watched to 95%.
    expect(await courseOf(m)).toMatchObject({ lessons: 4, completed: 2, seconds: 145 });

    expect((await mark(m, f.lessons.second)).json().data).toMatchObject({ marked: true, complete: true });
    const detail = await detailOf(m);
    expect(detail.find((d) => d.video_id === f.lessons.second.id)).toMatchObject({
      seconds: 30,
      marked: true,
      complete: true,
      resumeAt: 30,
    });
    expect(await courseOf(m)).toMatchObject({ completed: 3, seconds: 145 });

    // The first lesson was watched: a mark taken back leaves it done.
    await mark(m, f.lessons.first);
    expect((await mark(m, f.lessons.first, false)).json().data).toMatchObject({ marked: false, complete: true });

    await mark(m, f.lessons.open);
    expect(await courseOf(m)).toMatchObject({ completed: 4 });
    expect((await mark(m, f.lessons.second, false)).json().data).toMatchObject({ marked: false, complete: false });
    const after = await courseOf(m);
    expect(after).toMatchObject({ completed: 3, seconds: 145 });
    expect((await detailOf(m)).find((d) => d.video_id === f.lessons.second.id)).toMatchObject({
      seconds: 30,
      marked: false,
      complete: false,
    });
  });

  test('a course only marked is listed without a lesson to resume; marks never earn the certificate', async () => {
    const m = await buyer('marks-only@example.com');
    await mark(m, f.lessons.open);
    await mark(m, f.lessons.first);
    await mark(m, f.lessons.second);
    const course = await courseOf(m);
    // Nothing played: the preview is not counted as seen, and there is no lesson to resume.
    expect(course).toMatchObject({ lessons: 4, completed: 3, seconds: 0, last: null });
    expect((await detailOf(m)).every((d) => d.marked && d.complete && d.seconds === 0 && d.resumeAt === 0)).toBe(true);
    expect(await certificateEarned(t.db, m.id!, f.course.id, t.clock.now())).toBe(false);
  });

  test('a lesson of unknown length (hosted elsewhere) shows no length and is done only by its mark', async () => {
    const external = await courseFixture(t.db, { title: 'คอร์สที่วิดีโออยู่ที่อื่น', duration: null });
    const m = await buyer('marks-external@example.com', external.course.id);
    const view = (await m.get(`/api/courseView?id=${external.course.id}`)).json().data;
    expect(view.lessons.map((l: { duration: number | null }) => l.duration)).toEqual([null, null, null, null]);
    const known = (await m.get(`/api/courseView?id=${f.course.id}`)).json().data;
    expect(known.lessons.map((l: { duration: number | null }) => l.duration)).toEqual([100, 100, 100, 100]);

    const event = { ...played(external.lessons.first, 0, 600, 'Pause'), product_id: external.course.id };
    expect((await m.post('/api/videoStatistics', event)).statusCode).toBe(200);
    expect((await detailOf(m, external.course.id))[0]).toMatchObject({ seconds: 600, complete: false });
    await mark(m, external.lessons.first, true, external.course.id);
    expect((await detailOf(m, external.course.id))[0]).toMatchObject({ marked: true, complete: true });
  });
});
