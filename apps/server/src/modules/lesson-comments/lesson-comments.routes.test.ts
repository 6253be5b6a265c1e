import { LESSON_COMMENT_MAX, message } from '@sikkha/contract';
import { lessonPath } from '@sikkha/contract/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';
import * as s from '../../db/schema/index.js';
import { LESSON_COMMENT_WRITES } from './lesson-comments.service.js';

let t: Awaited<ReturnType<typeof testApp>>;
let smtp: TestSmtp;
let staff: Caller;
/** Bought the course; bought it too; did not buy; still waits; bought it three years ago (window over). */
let ann: Caller;
let ben: Caller;
let cat: Caller;
let dan: Caller;
let eve: Caller;
let fixture: Awaited<ReturnType<typeof courseFixture>>;
let other: Awaited<ReturnType<typeof courseFixture>>;
let coachId: number;
let strangerCoachId: number;

const ANN = 'ann-lesson-q@example.com';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp({ env: { SMTP_URL: smtp.url } });
  staff = await t.staff('lesson-q-staff');
  ann = await t.member(ANN);
  ben = await t.member('ben-lesson-q@example.com');
  cat = await t.member('cat-lesson-q@example.com');
  dan = await t.member('dan-lesson-q@example.com');
  eve = await t.member('eve-lesson-q@example.com');
  fixture = await courseFixture(t.db, { title: 'คอร์สถามตอบ' });
  other = await courseFixture(t.db, { title: 'คอร์สอื่น' });
  const now = t.clock.now();
  await purchase(t.db, ann.id!, fixture.course.id, 'finish', now);
  await purchase(t.db, ben.id!, fixture.course.id, 'finish', now);
  await purchase(t.db, dan.id!, fixture.course.id, 'wait', now);
  await purchase(t.db, eve.id!, fixture.course.id, 'finish', new Date(now.getTime() - 3 * 365 * 86_400_000));
  await t.db.update(s.user).set({ nickname: 'แอน' }).where(eq(s.user.id, ann.id!));
  const [coach, stranger] = await t.db
    .insert(s.coach)
    .values([{ coach_name: 'ครูบี' }, { coach_name: 'ครูอื่น' }])
    .returning();
  coachId = coach!.id;
  strangerCoachId = stranger!.id;
  await t.db.insert(s.productCoach).values({ product_id: fixture.course.id, coach_id: coachId });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const lesson = () => ({ product_id: fixture.course.id, video_id: fixture.lessons.first.id });
const ask = (who: Caller, body: Record<string, unknown> = {}) =>
  who.post('/api/lessonCommentSave', { ...lesson(), text: 'ช่วงนี้ไม่เข้าใจครับ', ...body });
const read = (who: Caller, query = '') =>
  who.get(`/api/lessonComments?product_id=${fixture.course.id}&video_id=${fixture.lessons.first.id}${query}`);

describe('who may ask, answer and read', () => {
  test('a visitor is asked to sign in; non-buyers, waiting orders and an ended window are refused; staff may not ask', async () => {
    expect((await ask(t.visitor)).statusCode).toBe(401);
    expect((await read(t.visitor)).statusCode).toBe(401);
    for (const who of [cat, dan, eve]) {
      expect((await ask(who)).statusCode).toBe(403);
      expect((await read(who)).statusCode).toBe(403);
    }
    const staffAsks = await ask(staff);
    expect(staffAsks.statusCode).toBe(400);
    expect(staffAsks.json().fields).toEqual([
      expect.objectContaining({ path: 'parent_id', message: message('lessonCommentAnswersOnly') }),
    ]);
  });

  test('a lesson the course does not list, or a hidden course, is a 404', async () => {
    const wrong = await ask(ann, { video_id: other.lessons.first.id });
    expect(wrong.statusCode).toBe(404);
    await t.db.update(s.product).set({ product_status: 'Hide' }).where(eq(s.product.id, fixture.course.id));
    try {
      expect((await ask(ann)).statusCode).toBe(404);
      expect((await read(ann)).statusCode).toBe(404);
      expect((await read(staff)).statusCode).toBe(200);
    } finally {
      await t.db.update(s.product).set({ product_status: 'Show' }).where(eq(s.product.id, fixture.course.id));
    }
  });
});

describe('a question, its answers and the asker told', () => {
  let questionId: number;

  test('a buyer asks: the text kept as typed, the writer by display name, never by e-mail', async () => {
    const res = await ask(ann, { text: '  ที่ 03:15 <b>ตัวหนา</b> หมายถึงอะไร  ' });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made).toMatchObject({
      parent_id: null,
      text: 'ที่ 03:15 <b>ตัวหนา</b> หมายถึงอะไร',
      author: 'แอน',
      author_kind: 'member',
      mine: true,
      state: 'shown',
    });
    questionId = made.id;
    const page = (await read(ben)).json();
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: questionId, mine: false, answers: [] });
    expect(page.coaches).toEqual([]);
    expect(JSON.stringify(page)).not.toContain(ANN);
  });

  test('another buyer answers, and the asker finds it in their bell and their mail', async () => {
    const res = await ask(ben, { parent_id: questionId, text: 'ดูตอน 3:20 ด้วยครับ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ parent_id: questionId, author: 'ทดสอบ ร.', author_kind: 'member' });
    const bell = await t.db.select().from(s.notification).where(eq(s.notification.user_id, ann.id!));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      notification_icon: 'forum',
      notification_to: lessonPath('คอร์สถามตอบ', fixture.lessons.first.id),
    });
    expect(bell[0]!.notification_message).toContain('บทที่ 3 (private)');
    await t.app.ctx.jobs.runDue();
    const mail = await smtp.nextMailTo(ANN);
    expect(mail.subject).toContain('บทที่ 3 (private)');
    expect(mail.text).toContain('ดูตอน 3:20 ด้วยครับ');
    expect(mail.text).toContain(`${t.app.ctx.config.publicUrl}/product/`);
  });

  test('staff answer signed as the course’s coach; a coach of another course is refused', async () => {
    const page = (await read(staff)).json();
    expect(page.coaches).toEqual([{ id: coachId, name: 'ครูบี' }]);
    const stranger = await ask(staff, { parent_id: questionId, text: 'ตอบ', coach_id: strangerCoachId });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fields[0]).toMatchObject({ path: 'coach_id' });
    const asMember = await ask(ben, { parent_id: questionId, text: 'ตอบ', coach_id: coachId });
    expect(asMember.statusCode).toBe(400);
    const signed = await ask(staff, { parent_id: questionId, text: 'เป็นค่าเริ่มต้นครับ', coach_id: coachId });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toMatchObject({ author: 'ครูบี', author_kind: 'coach', mine: false });
    const plain = await ask(staff, { parent_id: questionId, text: 'ทีมงานเสริมครับ' });
    expect(plain.json().data).toMatchObject({ author: '', author_kind: 'staff' });
    const answers = (await read(ann)).json().data[0].answers;
    expect(answers.map((a: { author_kind: string }) => a.author_kind)).toEqual(['member', 'coach', 'staff']);
    const bell = await t.db.select().from(s.notification).where(eq(s.notification.user_id, ann.id!));
    expect(bell.map((n) => n.notification_message)).toEqual(
      expect.arrayContaining([expect.stringContaining('โค้ช ครูบี'), expect.stringContaining('ทีมงาน')]),
    );
    await t.app.ctx.jobs.runDue();
    expect((await smtp.nextMailTo(ANN)).text).toContain('ครูบี');
  });

  test('an answer to one’s own question tells nobody; an answer must go under a question of this lesson', async () => {
    const before = await t.db.select().from(s.notification).where(eq(s.notification.user_id, ann.id!));
    expect((await ask(ann, { parent_id: questionId, text: 'ขอบคุณครับ' })).statusCode).toBe(200);
    const after = await t.db.select().from(s.notification).where(eq(s.notification.user_id, ann.id!));
    expect(after).toHaveLength(before.length);
    const answerId = (await read(ann)).json().data[0].answers[0].id;
    for (const parent_id of [answerId, 2_000_000_000]) {
      const res = await ask(ben, { parent_id, text: 'ซ้อน' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ path: 'parent_id', message: message('lessonCommentNotQuestion') });
    }
    const elsewhere = await ask(ben, { video_id: fixture.lessons.second.id, parent_id: questionId, text: 'ผิดบท' });
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('moderation and deleting', () => {
  test('staff hide a question: it leaves others’ reads, its writer sees it marked, the audit history has it', async () => {
    const q = (await ask(ben, { text: 'คำถามที่จะถูกซ่อน' })).json().data;
    const hidden = await staff.post('/api/lessonCommentModerate', { id: q.id, state: 'hidden', note: 'สแปม' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({
      id: q.id,
      state: 'hidden',
      product_title: 'คอร์สถามตอบ',
      user_id: ben.id,
    });
    expect((await read(ann)).json().data.some((x: { id: number }) => x.id === q.id)).toBe(false);
    expect((await read(ben)).json().data.find((x: { id: number }) => x.id === q.id)).toMatchObject({ state: 'hidden' });
    const answerHidden = await ask(ann, { parent_id: q.id, text: 'ตอบของที่ซ่อน' });
    expect(answerHidden.statusCode).toBe(400);
    const audit = await t.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.subject, 'lessonComment'), eq(s.auditLog.subject_id, q.id)));
    expect(audit).toMatchObject([{ action: 'hide', member_id: ben.id, note: 'สแปม' }]);
    const listed = (await staff.get('/api/lessonCommentModeration?state=hidden')).json();
    expect(listed.data.map((r: { id: number }) => r.id)).toContain(q.id);
    expect((await ann.get('/api/lessonCommentModeration')).statusCode).toBe(403);
    expect((await ann.post('/api/lessonCommentModerate', { id: q.id, state: 'shown' })).statusCode).toBe(403);
    const restored = await staff.post('/api/lessonCommentModerate', { id: q.id, state: 'shown' });
    expect(restored.json().data.state).toBe('shown');
  });

  test('staff find the questions nobody of the shop has answered yet', async () => {
    const open = (await ask(ben, { text: 'ยังไม่มีใครตอบ' })).json().data;
    const rows = (
      await staff.get(`/api/lessonCommentModeration?unanswered=true&product_id=${fixture.course.id}`)
    ).json();
    const ids = rows.data.map((r: { id: number }) => r.id);
    expect(ids).toContain(open.id);
    const answered = (await read(ann)).json().data.find((x: { answers: unknown[] }) => x.answers.length >= 3);
    expect(ids).not.toContain(answered.id);
    expect(rows.data.every((r: { parent_id: number | null }) => r.parent_id === null)).toBe(true);
  });

  test('a member deletes their own question with its answers, and nobody else’s', async () => {
    const q = (await ask(ben, { text: 'จะลบ' })).json().data;
    const a = (await ask(ann, { parent_id: q.id, text: 'คำตอบ' })).json().data;
    for (const who of [ann, cat, staff]) {
      expect((await who.post('/api/lessonCommentDelete', { id: q.id })).statusCode).toBe(403);
    }
    expect((await t.visitor.post('/api/lessonCommentDelete', { id: q.id })).statusCode).toBe(401);
    expect((await ben.post('/api/lessonCommentDelete', { id: q.id })).statusCode).toBe(200);
    expect(await t.db.select().from(s.lessonComment).where(eq(s.lessonComment.id, a.id))).toHaveLength(0);
    expect((await ben.post('/api/lessonCommentDelete', { id: q.id })).statusCode).toBe(404);
  });
});

describe('bad input and limits', () => {
  test('each refusal is a 400 with the field and a Thai sentence', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ text: '   ' }, 'text', message('lessonCommentRequired')],
      [{ text: 'ก'.repeat(LESSON_COMMENT_MAX + 1) }, 'text', message('lessonCommentTooLong')],
      [{ text: 5 }, 'text', message('lessonCommentRequired')],
      [{ text: 'NUL\u0000here' }, 'text'],
      [{ parent_id: '1' }, 'parent_id'],
      [{ video_id: -1 }, 'video_id'],
      [{ extra: true }, 'extra'],
    ];
    for (const [body, path, text] of cases) {
      const res = await ask(ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json().fields.find((e: { path: string }) => e.path === path);
      expect(error, res.body).toBeDefined();
      if (text) expect(error.message).toBe(text);
    }
    expect((await ann.get('/api/lessonComments?product_id=x&video_id=1')).statusCode).toBe(400);
    expect((await ask(ann, { text: 'ก'.repeat(LESSON_COMMENT_MAX) })).statusCode).toBe(200);
  });

  test('a member past the hourly limit gets 429 with Retry-After; staff are not counted', async () => {
    let last = await ask(cat);
    expect(last.statusCode).toBe(403);
    const written = await t.db.select().from(s.lessonComment).where(eq(s.lessonComment.user_id, ben.id!));
    for (let i = 0; i < LESSON_COMMENT_WRITES.max + 1 && last.statusCode !== 429; i++) {
      last = await ask(ben, { text: `คำถามที่ ${i}` });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    const after = await t.db.select().from(s.lessonComment).where(eq(s.lessonComment.user_id, ben.id!));
    expect(after.length - written.length).toBeLessThan(LESSON_COMMENT_WRITES.max);
    const q = (await read(staff)).json().data[0];
    expect((await ask(staff, { parent_id: q.id, text: 'ยังตอบได้' })).statusCode).toBe(200);
  });
});
