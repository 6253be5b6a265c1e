import { message, type StatisticsEvent } from '@sikkha/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import { statisticsService } from './statistics.service.js';

let t: Awaited<ReturnType<typeof testApp>>;
let buyer: Caller;
let stranger: Caller;
let staff: Caller;
let f: Awaited<ReturnType<typeof courseFixture>>;

beforeAll(async () => {
  t = await testApp();
  buyer = await t.member('stats-buyer@example.com');
  stranger = await t.member('stats-stranger@example.com');
  staff = await t.staff('stats-staff');
  f = await courseFixture(t.db);
  await purchase(t.db, buyer.id!, f.course.id, 'finish', new Date(t.clock.now().getTime() - 86_400_000));
});
afterAll(() => t.close());

const played = (
  video: { id: number },
  time_start: number,
  time_end: number,
  event: StatisticsEvent['event'] = 'Pause',
) => ({
  video_id: video.id,
  product_id: f.course.id,
  time_start,
  time_end,
  event,
});

describe('recording', () => {
  test('members only, for lessons they may watch, never previews, never for someone else', async () => {
    const one = played(f.lessons.open, 0, 10);
    expect((await t.visitor.post('/api/videoStatistics', one)).statusCode).toBe(401);
    expect((await staff.post('/api/videoStatistics', one)).statusCode).toBe(403);

    const forged = await stranger.post('/api/videoStatistics', { ...one, user_id: buyer.id });
    expect(forged.statusCode).toBe(400);

    const preview = await buyer.post('/api/videoStatistics', played(f.lessons.preview, 0, 10));
    expect(preview.statusCode).toBe(422);
    expect(preview.json().message).toBe(message('previewNotRecorded'));

    // A private lesson is the buyer's; a stranger's batch with one is refused whole.
    const locked = await stranger.post('/api/videoStatistics', { events: [one, played(f.lessons.first, 0, 10)] });
    expect(locked.statusCode).toBe(403);
    const elsewhere = await buyer.post('/api/videoStatistics', { ...one, product_id: f.course.id + 1000 });
    expect(elsewhere.statusCode).toBe(404);

    const open = await stranger.post('/api/videoStatistics', one);
    expect(open.statusCode).toBe(200);
    expect(open.json().data).toEqual({ saved: 1 });
    const rows = (await stranger.get(`/api/videoStatisticsByUserId?user_id=${stranger.id}`)).json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: stranger.id, time_start: 0, time_end: 10, event: 'Pause' });
  });

  test('times are bounded by the video’s length', async () => {
    const m = await t.member('stats-bounds@example.com');
    await m.post('/api/videoStatistics', played(f.lessons.open, 90, 5000, 'Ended'));
    const [row] = (await m.get(`/api/videoStatisticsByUserId?user_id=${m.id}`)).json().data;
    expect(row).toMatchObject({ time_start: 90, time_end: 100, time_total: 100 });
  });
});

describe('progress', () => {
  test('played time is the union of the stretches, seeks add nothing, 90% completes, resume follows the last row', async () => {
    const m = await t.member('stats-union@example.com');
    await purchase(t.db, m.id!, f.course.id, 'finish', t.clock.now());
    const batch = {
      events: [
        played(f.lessons.first, 0, 40),
        // Watched again, and a seek from 30 to 80 (the stretch ends where the seek left).
        played(f.lessons.first, 10, 30, 'Seeked'),
        played(f.lessons.first, 80, 96, 'Pause'),
        played(f.lessons.second, 0, 50, 'Pause'),
      ],
    };
    expect((await m.post('/api/videoStatistics', batch)).statusCode).toBe(200);

    const detail = (await m.get(`/api/videoStatisticsDetailByUser?product_id=${f.course.id}`)).json().data;
    const first = detail.find((d: { video_id: number }) => d.video_id === f.lessons.first.id);
    const second = detail.find((d: { video_id: number }) => d.video_id === f.lessons.second.id);
    // Under 5 s left: the lesson starts again from 0.
    expect(first).toMatchObject({ seconds: 56, duration: 100, complete: false, resumeAt: 0, lastEvent: 'Pause' });
    expect(second).toMatchObject({ seconds: 50, complete: false, resumeAt: 50 });

    await m.post('/api/videoStatistics', played(f.lessons.first, 40, 80, 'Pause'));
    await m.post('/api/videoStatistics', played(f.lessons.second, 50, 100, 'Ended'));
    const after = (await m.get(`/api/videoStatisticsDetailByUser?product_id=${f.course.id}`)).json().data;
    expect(after.find((d: { video_id: number }) => d.video_id === f.lessons.first.id)).toMatchObject({
      seconds: 96,
      complete: true,
      resumeAt: 80,
    });
    expect(after.find((d: { video_id: number }) => d.video_id === f.lessons.second.id)).toMatchObject({
      seconds: 100,
      complete: true,
      resumeAt: 0,
      lastEvent: 'Ended',
    });

    const last = (await m.get(`/api/videoStatisticsByUserIdLast?product_id=${f.course.id}`)).json().data;
    expect(last).toMatchObject({ video_id: f.lessons.second.id, event: 'Ended', resumeAt: 0 });

    // Every lesson counts, the preview too: it is never recorded, but it played first each time the course opened.
    const [course] = (await m.get('/api/videoStatisticsByUser')).json().data;
    expect(course).toMatchObject({ product_id: f.course.id, lessons: 4, completed: 3, seconds: 196 });
    expect(course.last.video_id).toBe(f.lessons.second.id);
  });

  test('my learning lists a bought course not started yet after those played, and no course unpaid or expired', async () => {
    const m = await t.member('stats-unstarted@example.com');
    const unstarted = await courseFixture(t.db, { title: 'คอร์สที่ยังไม่เริ่มเรียน' });
    const waiting = await courseFixture(t.db, { title: 'คอร์สที่รอยืนยันการชำระเงิน' });
    const expired = await courseFixture(t.db, { title: 'คอร์สที่หมดอายุแล้ว' });
    await purchase(t.db, m.id!, f.course.id, 'finish', t.clock.now());
    await purchase(t.db, m.id!, unstarted.course.id, 'finish', t.clock.now());
    await purchase(t.db, m.id!, waiting.course.id, 'wait', t.clock.now());
    await purchase(t.db, m.id!, expired.course.id, 'finish', new Date(t.clock.now().getTime() - 3 * 365 * 86_400_000));
    await m.post('/api/videoStatistics', played(f.lessons.first, 0, 30));

    const courses = (await m.get('/api/videoStatisticsByUser')).json().data;
    expect(courses).toEqual([
      expect.objectContaining({ product_id: f.course.id, lessons: 4, completed: 1, seconds: 30 }),
      {
        product_id: unstarted.course.id,
        product_title: 'คอร์สที่ยังไม่เริ่มเรียน',
        lessons: 4,
        completed: 0,
        seconds: 0,
        last: null,
      },
    ]);
  });
});

describe('progress kept with the events', () => {
  test('batches sent at once (two tabs) all count, and the last event is the last one stored', async () => {
    const m = await t.member('stats-race@example.com');
    await purchase(t.db, m.id!, f.course.id, 'finish', t.clock.now());
    // Ten disjoint stretches of one new lesson and one known lesson, each in its own request, all at once.
    await m.post('/api/videoStatistics', played(f.lessons.second, 0, 1));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        m.post('/api/videoStatistics', {
          events: [played(f.lessons.first, i * 10, i * 10 + 5), played(f.lessons.second, 1 + i * 9, 1 + i * 9 + 4)],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const detail = (await m.get(`/api/videoStatisticsDetailByUser?product_id=${f.course.id}`)).json().data;
    const first = detail.find((d: { video_id: number }) => d.video_id === f.lessons.first.id);
    const second = detail.find((d: { video_id: number }) => d.video_id === f.lessons.second.id);
    expect(first.seconds).toBe(50);
    expect(second.seconds).toBe(41);
    const rows = (await m.get(`/api/videoStatisticsByUserId?user_id=${m.id}&pageSize=100`)).json().data as {
      id: number;
      video_id: number;
      time_end: number;
    }[];
    const lastOf = (videoId: number) =>
      rows.filter((r) => r.video_id === videoId).reduce((a, b) => (b.id > a.id ? b : a));
    expect(first.resumeAt).toBe(lastOf(f.lessons.first.id).time_end);
    expect(second.resumeAt).toBe(lastOf(f.lessons.second.id).time_end);
  });
});

describe('two instances writing one member’s batches', () => {
  test('each instance groups its requests into one unit of work; together they lose no stretch and never deadlock', async () => {
    const m = await t.member('stats-instances@example.com');
    await purchase(t.db, m.id!, f.course.id, 'finish', t.clock.now());
    // The app's own writer, and a second instance's on the same database (two servers behind a load balancer).
    const other = statisticsService(t.app.ctx);
    const member = { kind: 'member' as const, id: m.id!, jti: 'other-instance', expiresAt: '2099-01-01T00:00:00.000Z' };
    const lessons = [f.lessons.open, f.lessons.first, f.lessons.second];
    const batch = (i: number) => lessons.map((l) => played(l, i * 5, i * 5 + 4));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? m.post('/api/videoStatistics', { events: batch(i) }).then((a) => a.statusCode)
          : other.record(member, batch(i)).then(() => 200),
      ),
    );
    expect(answers).toEqual(Array(12).fill(200));
    const detail = (await m.get(`/api/videoStatisticsDetailByUser?product_id=${f.course.id}`)).json().data;
    expect(detail).toHaveLength(3);
    for (const lesson of detail) expect(lesson.seconds).toBe(48);
    const rows = (await m.get(`/api/videoStatisticsByUserId?user_id=${m.id}&pageSize=100`)).json().data;
    expect(rows).toHaveLength(36);
  });
});

describe('who reads whose', () => {
  test('a member never sees another member’s statistics; staff read anyone’s by user_id', async () => {
    const routes = [
      '/api/videoStatisticsByUser',
      '/api/videoStatisticsDetailByUser',
      '/api/videoStatisticsChartByUser',
      '/api/videoStatisticsByUserIdLast',
      '/api/dayTotalSecond',
      '/api/weekTotalSecond',
      '/api/monthTotalSecond',
    ];
    for (const route of routes) {
      expect((await t.visitor.get(route)).statusCode, route).toBe(401);
      expect((await stranger.get(`${route}?user_id=${buyer.id}`)).statusCode, route).toBe(403);
      expect((await staff.get(route)).statusCode, route).toBe(400);
      expect((await staff.get(`${route}?user_id=${stranger.id}`)).statusCode, route).toBe(200);
    }
    expect((await stranger.get(`/api/videoStatisticsByUserId?user_id=${buyer.id}`)).statusCode).toBe(403);
    const own = (await stranger.get('/api/videoStatisticsDetailByUser')).json().data;
    expect(own.map((d: { video_id: number }) => d.video_id)).toEqual([f.lessons.open.id]);
    const seen = (await staff.get(`/api/videoStatisticsDetailByUser?user_id=${stranger.id}`)).json().data;
    expect(seen).toEqual(own);
  });
});

describe('calendar', () => {
  test('day, week and month totals and the chart follow Bangkok calendar days', async () => {
    // 23:59 in Bangkok on Monday 2026-11-30, the last day of the month.
    t.clock.advance(Date.parse('2026-11-30T16:59:00Z') - t.clock.now().getTime());
    const m = await t.member('stats-midnight@example.com');
    await m.post('/api/videoStatistics', played(f.lessons.open, 0, 60));
    await m.post('/api/videoStatistics', played(f.lessons.open, 0, 60));
    expect((await m.get('/api/dayTotalSecond')).json().data).toEqual({
      seconds: 60,
      from: '2026-11-30',
      to: '2026-12-01',
    });

    t.clock.advance(2 * 60_000); // 00:01 on Tuesday 1 December in Bangkok, still 30 November in UTC
    await m.post('/api/videoStatistics', played(f.lessons.open, 0, 30));
    expect((await m.get('/api/dayTotalSecond')).json().data).toEqual({
      seconds: 30,
      from: '2026-12-01',
      to: '2026-12-02',
    });
    // The same stretch played on another day is time spent again.
    expect((await m.get('/api/weekTotalSecond')).json().data).toEqual({
      seconds: 90,
      from: '2026-11-30',
      to: '2026-12-07',
    });
    expect((await m.get('/api/monthTotalSecond')).json().data).toEqual({
      seconds: 30,
      from: '2026-12-01',
      to: '2027-01-01',
    });

    const november = (await m.get('/api/videoStatisticsChartByUser?month=2026-11')).json();
    expect(november.total).toBe(30);
    expect(november.data.at(-1)).toEqual({ date: '2026-11-30', seconds: 60 });
    expect(november.data.slice(0, -1).every((d: { seconds: number }) => d.seconds === 0)).toBe(true);
    const december = (await m.get('/api/videoStatisticsChartByUser')).json().data;
    expect(december[0]).toEqual({ date: '2026-12-01', seconds: 30 });
    expect((await m.get('/api/videoStatisticsChartByUser?month=2026-13')).statusCode).toBe(400);
    expect((await m.get('/api/videoStatisticsChartByUser?month=0133-02')).statusCode).toBe(400);
  });
});
