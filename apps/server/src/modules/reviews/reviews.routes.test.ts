import { message, REVIEW_TEXT_MAX } from '@sikkha/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import * as s from '../../db/schema/index.js';
import { REVIEW_WRITES } from './reviews.service.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
/** Bought the course; bought it too; a member who did not; one whose order still waits. */
let ann: Caller;
let ben: Caller;
let cat: Caller;
let dan: Caller;
let course: { id: number; product_title: string };

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('review-staff');
  ann = await t.member('ann-review@example.com');
  ben = await t.member('ben-review@example.com');
  cat = await t.member('cat-review@example.com');
  dan = await t.member('dan-review@example.com');
  course = (await courseFixture(t.db, { title: 'คอร์สรีวิว' })).course;
  const approved = new Date('2026-11-01T03:00:00Z');
  await purchase(t.db, ann.id!, course.id, 'finish', approved);
  await purchase(t.db, ben.id!, course.id, 'finish', approved);
  await purchase(t.db, dan.id!, course.id, 'wait', approved);
  await t.db.update(s.user).set({ nickname: 'แอน' }).where(eq(s.user.id, ann.id!));
});
afterAll(() => t?.close());

const save = (who: Caller, body: Record<string, unknown>) =>
  who.post('/api/reviewSave', { product_id: course.id, rating: 5, text: 'ดีมาก', ...body });
const list = async (query = '') => (await t.visitor.get(`/api/reviewList?product_id=${course.id}${query}`)).json();
const summaryOf = async (id = course.id) =>
  (await t.visitor.get('/api/reviewSummaries')).json().data.find((r: { product_id: number }) => r.product_id === id);

describe('who may review', () => {
  test('a visitor is asked to sign in (401), a member who did not buy or still waits is refused (403), staff too', async () => {
    expect((await save(t.visitor, {})).statusCode).toBe(401);
    for (const who of [cat, dan, staff]) {
      const res = await save(who, {});
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await cat.get(`/api/reviewMine?product_id=${course.id}`)).json().data).toMatchObject({
      mayReview: false,
      review: null,
    });
  });

  test('a buyer reviews once: a second submit edits the same review; the answer names them, never their e-mail', async () => {
    const first = await save(ann, { rating: 4, text: 'เนื้อหาดี <b>ชัดเจน</b>' });
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json().data;
    expect(made).toMatchObject({ rating: 4, text: 'เนื้อหาดี <b>ชัดเจน</b>', reviewer: 'แอน', helpful: 0 });
    expect(first.body).not.toContain('ann-review@example.com');
    const again = await save(ann, { rating: 5, text: 'แก้ไขแล้ว' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: made.id, rating: 5, text: 'แก้ไขแล้ว', create_at: made.create_at });
    const rows = await t.db
      .select()
      .from(s.review)
      .where(and(eq(s.review.product_id, course.id), eq(s.review.user_id, ann.id!)));
    expect(rows).toHaveLength(1);
    const mine = (await ann.get(`/api/reviewMine?product_id=${course.id}`)).json().data;
    expect(mine).toMatchObject({ mayReview: true, review: { id: made.id, state: 'shown' }, helpful: [] });
  });

  test('only the author deletes a review', async () => {
    const ben1 = (await save(ben, { rating: 1, text: 'ลบทีหลัง' })).json().data;
    for (const who of [ann, cat, staff]) {
      const res = await who.post('/api/reviewDelete', { id: ben1.id });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await t.visitor.post('/api/reviewDelete', { id: ben1.id })).statusCode).toBe(401);
    const gone = await ben.post('/api/reviewDelete', { id: ben1.id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await ben.post('/api/reviewDelete', { id: ben1.id })).statusCode).toBe(404);
    expect((await ben.get(`/api/reviewMine?product_id=${course.id}`)).json().data.review).toBeNull();
  });
});

describe('averages, lists and helpful marks', () => {
  test('the card and the dialog show the average (one decimal) and count; the list is newest first', async () => {
    await save(ann, { rating: 5, text: 'ดีมาก' });
    t.clock.advance(60_000);
    const ben2 = await save(ben, { rating: 2, text: 'พอใช้' });
    expect(ben2.statusCode, ben2.body).toBe(200);
    expect(await summaryOf()).toEqual({ product_id: course.id, average: 3.5, count: 2 });
    const page = await list();
    expect(page.summary).toEqual({ product_id: course.id, average: 3.5, count: 2 });
    expect(page.total).toBe(2);
    expect(page.data.map((r: { text: string }) => r.text)).toEqual(['พอใช้', 'ดีมาก']);
    // Ben gave no nickname: his first name and last initial.
    expect(page.data[0].reviewer).toBe('ทดสอบ ร.');
    expect(JSON.stringify(page)).not.toContain('@example.com');
    const paged = await list('&pageSize=1&page=2');
    expect(paged.data.map((r: { text: string }) => r.text)).toEqual(['ดีมาก']);
  });

  test('a member marks a review helpful once; not their own; "most helpful" orders by the marks', async () => {
    const anns = (await list()).data.find((r: { text: string }) => r.text === 'ดีมาก');
    const first = await cat.post('/api/reviewHelpful', { id: anns.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.helpful).toBe(1);
    expect((await cat.post('/api/reviewHelpful', { id: anns.id })).json().data.helpful).toBe(1);
    const own = await ann.post('/api/reviewHelpful', { id: anns.id });
    expect(own.statusCode).toBe(403);
    expect((await t.visitor.post('/api/reviewHelpful', { id: anns.id })).statusCode).toBe(401);
    expect((await cat.get(`/api/reviewMine?product_id=${course.id}`)).json().data.helpful).toEqual([anns.id]);
    expect((await list('&sort=helpful')).data.map((r: { text: string }) => r.text)).toEqual(['ดีมาก', 'พอใช้']);
    expect((await list('&sort=newest')).data.map((r: { text: string }) => r.text)).toEqual(['พอใช้', 'ดีมาก']);
  });
});

describe('moderation', () => {
  test('staff hide a review: it leaves the lists and the average at once, audited; restoring brings it back', async () => {
    const bens = (await list()).data.find((r: { text: string }) => r.text === 'พอใช้');
    // Read first, so the cached answers exist and must be forgotten.
    expect((await list()).total).toBe(2);
    expect(await summaryOf()).toMatchObject({ count: 2 });

    expect((await ann.post('/api/reviewModerate', { id: bens.id, state: 'hidden' })).statusCode).toBe(403);
    const hidden = await staff.post('/api/reviewModerate', { id: bens.id, state: 'hidden', note: 'ถ้อยคำไม่เหมาะสม' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ id: bens.id, state: 'hidden', product_title: 'คอร์สรีวิว' });

    const page = await list();
    expect(page.data.map((r: { id: number }) => r.id)).not.toContain(bens.id);
    expect(page.summary).toEqual({ product_id: course.id, average: 5, count: 1 });
    expect(await summaryOf()).toEqual({ product_id: course.id, average: 5, count: 1 });
    // A hidden review cannot be marked, and its author still sees it, hidden; an edit keeps it hidden.
    expect((await cat.post('/api/reviewHelpful', { id: bens.id })).statusCode).toBe(404);
    expect((await ben.get(`/api/reviewMine?product_id=${course.id}`)).json().data.review).toMatchObject({
      id: bens.id,
      state: 'hidden',
    });
    await save(ben, { rating: 3, text: 'แก้แล้ว' });
    expect((await list()).total).toBe(1);

    const queue = (await staff.get('/api/reviewModeration?state=hidden')).json();
    expect(queue.data.map((r: { id: number }) => r.id)).toEqual([bens.id]);
    expect(queue.data[0]).toMatchObject({ user_id: ben.id, rating: 3, text: 'แก้แล้ว', state: 'hidden' });
    expect((await cat.get('/api/reviewModeration')).statusCode).toBe(403);

    const audit = (await staff.get(`/api/auditLog?subject=review&subject_id=${bens.id}`)).json().data;
    expect(audit).toEqual([
      expect.objectContaining({ action: 'hide', member_id: ben.id, changes: { state: ['shown', 'hidden'] } }),
    ]);

    const restored = await staff.post('/api/reviewModerate', { id: bens.id, state: 'shown' });
    expect(restored.json().data.state).toBe('shown');
    expect(await summaryOf()).toEqual({ product_id: course.id, average: 4, count: 2 });
    expect((await staff.get(`/api/auditLog?subject=review&subject_id=${bens.id}`)).json().total).toBe(2);
  });

  test('a hidden course keeps its reviews hidden: the list and the member read are 404, the summaries leave it out', async () => {
    const other = (await courseFixture(t.db, { title: 'คอร์สที่ซ่อน' })).course;
    await purchase(t.db, cat.id!, other.id, 'finish', new Date('2026-11-01T03:00:00Z'));
    expect((await save(cat, { product_id: other.id })).statusCode).toBe(200);
    expect(await summaryOf(other.id)).toMatchObject({ count: 1 });
    await t.db.update(s.product).set({ product_status: 'Hide' }).where(eq(s.product.id, other.id));
    expect((await t.visitor.get(`/api/reviewList?product_id=${other.id}`)).statusCode).toBe(404);
    expect((await cat.get(`/api/reviewList?product_id=${other.id}`)).statusCode).toBe(404);
    expect((await cat.get(`/api/reviewMine?product_id=${other.id}`)).statusCode).toBe(404);
    expect((await save(cat, { product_id: other.id })).statusCode).toBe(404);
    // Written outside a unit of work: the cache hears of it by the database's notice, a moment later.
    await expect.poll(() => summaryOf(other.id)).toBeUndefined();
    expect((await t.visitor.get(`/api/reviewList?product_id=999999`)).statusCode).toBe(404);
  });
});

describe('bad input is a 400 with the field and a Thai message', () => {
  test.each([
    ['rating 0', { rating: 0 }, 'rating', message('reviewRatingInvalid')],
    ['rating 6', { rating: 6 }, 'rating', message('reviewRatingInvalid')],
    ['rating 2.5', { rating: 2.5 }, 'rating', message('reviewRatingInvalid')],
    ['rating "5"', { rating: '5' }, 'rating', message('reviewRatingInvalid')],
    ['no text', { text: '   ' }, 'text', message('reviewTextRequired')],
    ['a huge text', { text: 'ก'.repeat(REVIEW_TEXT_MAX + 1) }, 'text', message('reviewTextTooLong')],
    ['a NUL', { text: 'ดี\u0000มาก' }, 'text', message('invalidInput')],
    ['an unknown field', { html: '<script>' }, '', null],
  ])('%s', async (_name, body, path, text) => {
    const res = await save(ann, body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json();
    expect(answer.result).toBe(false);
    if (path) expect(answer.fields).toEqual([expect.objectContaining({ path, message: text })]);
  });

  test('a text of exactly the limit is kept', async () => {
    const res = await save(ann, { text: 'ข'.repeat(REVIEW_TEXT_MAX) });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('bad ids and sorts are 400s', async () => {
    for (const url of [
      '/api/reviewList?product_id=abc',
      `/api/reviewList?product_id=${course.id}&sort=best`,
      `/api/reviewList?product_id=${course.id}&pageSize=500`,
    ]) {
      expect((await t.visitor.get(url)).statusCode, url).toBe(400);
    }
    expect((await cat.post('/api/reviewHelpful', { id: 'x' })).statusCode).toBe(400);
    expect((await staff.post('/api/reviewModerate', { id: 1, state: 'gone' })).statusCode).toBe(400);
  });
});

test('a member writes at most REVIEW_WRITES times an hour: then 429 with the Thai message, and again after the hour', async () => {
  const eve = await t.member('eve-review@example.com');
  await purchase(t.db, eve.id!, course.id, 'finish', new Date('2026-11-01T03:00:00Z'));
  for (let i = 0; i < REVIEW_WRITES.max; i++) expect((await save(eve, { text: `ครั้งที่ ${i}` })).statusCode).toBe(200);
  const refused = await save(eve, { text: 'อีกครั้ง' });
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toBe(message('tooManyRequests'));
  t.clock.advance(REVIEW_WRITES.windowMs + 1000);
  expect((await save(eve, { text: 'หลังหนึ่งชั่วโมง' })).statusCode).toBe(200);
});
