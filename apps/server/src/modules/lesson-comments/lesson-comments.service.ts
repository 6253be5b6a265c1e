import {
  type LessonCommentAuthor,
  type LessonCommentBody,
  type LessonCommentView,
  type LessonQuestion,
  type ModerationState,
  message,
} from '@sikkha/contract';
import { lessonPath, memberDisplayName } from '@sikkha/contract/rules';
import { and, asc, count, desc, eq, getTableName, inArray, isNull, notExists, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock.js';
import type { Db, Executor } from '../../db/client.js';
import { recordModeration } from '../../db/moderation.js';
import { notify } from '../../db/notify.js';
import { coach, lessonComment, product, productCoach, user, video } from '../../db/schema/index.js';
import type { Transact, Work } from '../../db/unit-of-work.js';
import { invalidField, notFound } from '../../errors.js';
import { attemptCounter, type Limit } from '../../http/attempt-counter.js';
import type { Jobs } from '../../jobs/jobs.js';
import { sendMail } from '../../jobs/mail.job.js';
import { type Actor, authorize, type SignedIn } from '../../policies/index.js';
import { linesMail } from '../../providers/mail-layout.js';

/** Questions, answers and deletes per member: a lively lesson's worth, too few to flood it. */
export const LESSON_COMMENT_WRITES: Limit = { max: 20, windowMs: 60 * 60 * 1000 };

const columns = {
  id: lessonComment.id,
  parent_id: lessonComment.parent_id,
  product_id: lessonComment.product_id,
  video_id: lessonComment.video_id,
  text: lessonComment.comment_text,
  state: lessonComment.comment_state,
  create_at: lessonComment.create_at,
  user_id: lessonComment.user_id,
  personnel_id: lessonComment.personnel_id,
  nickname: user.nickname,
  name_th: user.name_th,
  lname_th: user.lname_th,
  coach_name: coach.coach_name,
};
type Row = {
  id: number;
  parent_id: number | null;
  product_id: number;
  video_id: number;
  text: string;
  state: ModerationState;
  create_at: string;
  user_id: number | null;
  personnel_id: number | null;
  nickname: string | null;
  name_th: string | null;
  lname_th: string | null;
  coach_name: string | null;
};

/** A member by display name; a staff answer as the coach it is signed with, or as the shop's staff (no name). */
function authorOf(row: Row): { author: string; author_kind: LessonCommentAuthor } {
  if (row.user_id !== null) return { author: memberDisplayName(row), author_kind: 'member' };
  if (row.coach_name !== null) return { author: row.coach_name, author_kind: 'coach' };
  return { author: '', author_kind: 'staff' };
}

const viewOf = (row: Row, actor: Actor): LessonCommentView => ({
  id: row.id,
  parent_id: row.parent_id,
  video_id: row.video_id,
  text: row.text,
  ...authorOf(row),
  mine: actor.kind === 'member' && row.user_id === actor.id,
  state: row.state,
  create_at: row.create_at,
});

const selectRows = (db: Executor) =>
  db
    .select(columns)
    .from(lessonComment)
    .leftJoin(user, eq(user.id, lessonComment.user_id))
    .leftJoin(coach, eq(coach.id, lessonComment.coach_id));

/** What the caller reads: the shown, and their own hidden ones (marked), so a member sees what staff hid of theirs. */
const readableBy = (actor: Actor): SQL | undefined =>
  actor.kind === 'staff'
    ? eq(lessonComment.comment_state, 'shown')
    : or(
        eq(lessonComment.comment_state, 'shown'),
        actor.kind === 'member' ? eq(lessonComment.user_id, actor.id) : undefined,
      );

/** A question no staff or coach has answered yet (a member's answer does not count). */
function notAnswered(db: Executor) {
  const answer = alias(lessonComment, 'answer');
  return notExists(
    db
      .select({ id: answer.id })
      .from(answer)
      .where(and(eq(answer.parent_id, lessonComment.id), isNull(answer.user_id))),
  );
}

export interface LessonCommentsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
  publicUrl: string;
}

/**
 * Questions and answers under a lesson: buyers ask and answer, staff answer (as the shop or as a coach of the course)
 * and moderate, and a question's asker is told of each answer by others in their bell and by mail.
 */
export function lessonCommentsService({ db, clock, transact, jobs, publicUrl }: LessonCommentsDeps) {
  const policy = () => ({ db, now: clock.now() });
  const counter = attemptCounter(db, clock);
  const lesson = (q: { product_id: number; video_id: number }) => ({ productId: q.product_id, videoId: q.video_id });

  async function rowOf(executor: Executor, id: number) {
    const [row] = await selectRows(executor).where(eq(lessonComment.id, id)).limit(1);
    if (!row) throw notFound();
    return row as Row;
  }

  async function coachesOf(productId: number) {
    return db
      .select({ id: coach.id, name: coach.coach_name })
      .from(productCoach)
      .innerJoin(coach, eq(coach.id, productCoach.coach_id))
      .where(eq(productCoach.product_id, productId))
      .orderBy(asc(coach.id));
  }

  /** The question an answer goes under: one of this lesson's questions that the writer can read. */
  async function questionFor(actor: SignedIn, body: LessonCommentBody & { parent_id: number }) {
    const [question] = await db
      .select({ id: lessonComment.id })
      .from(lessonComment)
      .where(
        and(
          eq(lessonComment.id, body.parent_id),
          eq(lessonComment.product_id, body.product_id),
          eq(lessonComment.video_id, body.video_id),
          isNull(lessonComment.parent_id),
          readableBy(actor),
        ),
      )
      .limit(1);
    if (!question) throw invalidField('parent_id', 'invalid', message('lessonCommentNotQuestion'));
  }

  /** Tells the asker (a member, not the one answering) that their question was answered: bell now, mail queued. */
  async function tellAsker(work: Work, answer: Row, actor: SignedIn) {
    const [asked] = await work.db
      .select({
        user_id: lessonComment.user_id,
        email: user.email,
        name_th: user.name_th,
        lname_th: user.lname_th,
        product_title: product.product_title,
        video_name: video.video_name,
      })
      .from(lessonComment)
      .innerJoin(user, eq(user.id, lessonComment.user_id))
      .innerJoin(product, eq(product.id, lessonComment.product_id))
      .innerJoin(video, eq(video.id, lessonComment.video_id))
      .where(eq(lessonComment.id, answer.parent_id ?? 0))
      .limit(1);
    if (!asked?.user_id || (actor.kind === 'member' && asked.user_id === actor.id)) return;
    const { author, author_kind } = authorOf(answer);
    const by = author_kind === 'staff' ? 'ทีมงาน' : author_kind === 'coach' ? `โค้ช ${author}` : author;
    const lessonName = asked.video_name ?? '';
    const to = lessonPath(asked.product_title ?? '', answer.video_id);
    await notify(
      work,
      {
        user_id: asked.user_id,
        icon: 'forum',
        color: 'info',
        to,
        message: `${by} ตอบคำถามของคุณในบทเรียน "${lessonName}"`,
      },
      clock.now(),
    );
    if (!asked.email) return;
    await jobs.enqueue(
      work,
      sendMail,
      linesMail(
        asked.email,
        `มีคำตอบสำหรับคำถามของคุณ: ${lessonName}`,
        [asked.name_th, asked.lname_th].filter(Boolean).join(' ') || null,
        [
          `${by} ตอบคำถามของคุณในบทเรียน "${lessonName}" ของคอร์ส ${asked.product_title ?? ''}:`,
          answer.text,
          'เปิดบทเรียนเพื่ออ่านและถามต่อได้ที่ลิงก์ด้านล่าง',
        ],
        `${publicUrl}${to}`,
      ),
      { key: `lessonComment.answered:${answer.id}` },
    );
  }

  async function adminRows(where: SQL | undefined, q: { page: number; pageSize: number }) {
    const question = alias(lessonComment, 'question');
    const rows = await db
      .select({
        ...columns,
        product_title: product.product_title,
        video_name: video.video_name,
        question: question.comment_text,
      })
      .from(lessonComment)
      .leftJoin(user, eq(user.id, lessonComment.user_id))
      .leftJoin(coach, eq(coach.id, lessonComment.coach_id))
      .innerJoin(product, eq(product.id, lessonComment.product_id))
      .innerJoin(video, eq(video.id, lessonComment.video_id))
      .leftJoin(question, eq(question.id, lessonComment.parent_id))
      .where(where)
      .orderBy(desc(lessonComment.create_at), desc(lessonComment.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return rows.map((row) => {
      const { mine: _mine, ...view } = viewOf(row as Row, { kind: 'visitor' });
      return {
        ...view,
        product_id: row.product_id,
        product_title: row.product_title ?? '',
        video_name: row.video_name ?? '',
        user_id: row.user_id,
        question: row.question,
      };
    });
  }

  return {
    /** A page of a lesson's questions, newest first, each with its answers, oldest first. */
    async page(actor: SignedIn, q: { product_id: number; video_id: number; page: number; pageSize: number }) {
      await authorize(policy(), actor, 'lesson.discuss', lesson(q));
      const where = and(
        eq(lessonComment.product_id, q.product_id),
        eq(lessonComment.video_id, q.video_id),
        isNull(lessonComment.parent_id),
        readableBy(actor),
      );
      const [questions, [total], coaches] = await Promise.all([
        selectRows(db)
          .where(where)
          .orderBy(desc(lessonComment.create_at), desc(lessonComment.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(lessonComment).where(where),
        actor.kind === 'staff' ? coachesOf(q.product_id) : Promise.resolve([]),
      ]);
      const ids = questions.map((question) => question.id);
      const answers = ids.length
        ? await selectRows(db)
            .where(and(inArray(lessonComment.parent_id, ids), readableBy(actor)))
            .orderBy(asc(lessonComment.create_at), asc(lessonComment.id))
        : [];
      const data: LessonQuestion[] = questions.map((question) => ({
        ...viewOf(question as Row, actor),
        answers: answers.filter((a) => a.parent_id === question.id).map((a) => viewOf(a as Row, actor)),
      }));
      return { data, total: total?.n ?? 0, coaches };
    },

    /**
     * A question (members) or an answer (members and staff) under a lesson the writer may discuss. Staff may sign an
     * answer as a coach of the course. The asker's notice and mail are queued in the same unit of work.
     */
    async save(actor: SignedIn, body: LessonCommentBody): Promise<LessonCommentView> {
      await authorize(policy(), actor, 'lesson.discuss', lesson(body));
      if (actor.kind === 'staff' && body.parent_id === undefined) {
        throw invalidField('parent_id', 'required', message('lessonCommentAnswersOnly'));
      }
      if (body.coach_id !== undefined) {
        const coaches = actor.kind === 'staff' ? await coachesOf(body.product_id) : [];
        if (!coaches.some((c) => c.id === body.coach_id)) {
          throw invalidField('coach_id', 'not_allowed', message('lessonCommentCoachUnknown'));
        }
      }
      if (body.parent_id !== undefined) await questionFor(actor, { ...body, parent_id: body.parent_id });
      if (actor.kind === 'member') await counter.limit(`lessonComment:${actor.id}`, LESSON_COMMENT_WRITES);
      const now = clock.now().toISOString();
      const saved = await transact(async (work) => {
        const [inserted] = await work.db
          .insert(lessonComment)
          .values({
            product_id: body.product_id,
            video_id: body.video_id,
            parent_id: body.parent_id ?? null,
            user_id: actor.kind === 'member' ? actor.id : null,
            personnel_id: actor.kind === 'staff' ? actor.id : null,
            coach_id: body.coach_id ?? null,
            comment_text: body.text,
            create_by: actor.id,
            create_at: now,
            update_at: now,
          })
          .returning({ id: lessonComment.id });
        const row = await rowOf(work.db, inserted!.id);
        if (row.parent_id !== null) await tellAsker(work, row, actor);
        return row;
      });
      return viewOf(saved, actor);
    },

    /** The writer deletes their question (its answers with it) or their answer. */
    async remove(actor: SignedIn, id: number) {
      const found = await rowOf(db, id);
      await authorize(policy(), actor, 'lessonComment.delete', found);
      await counter.limit(`lessonComment:${actor.id}`, LESSON_COMMENT_WRITES);
      await transact((work) => work.db.delete(lessonComment).where(eq(lessonComment.id, id)));
    },

    /** Staff's list: every question and answer, newest first, by state, course, or questions still unanswered. */
    async moderation(
      actor: SignedIn,
      q: {
        state?: ModerationState;
        product_id?: number;
        unanswered?: 'true' | 'false';
        page: number;
        pageSize: number;
      },
    ) {
      await authorize(policy(), actor, 'lessonComment.moderate', null);
      const where = and(
        q.state ? eq(lessonComment.comment_state, q.state) : undefined,
        q.product_id ? eq(lessonComment.product_id, q.product_id) : undefined,
        q.unanswered === 'true' ? and(isNull(lessonComment.parent_id), notAnswered(db)) : undefined,
      );
      const [data, [total]] = await Promise.all([
        adminRows(where, q),
        db.select({ n: count() }).from(lessonComment).where(where),
      ]);
      return { data, total: total?.n ?? 0 };
    },

    /** Staff hide or restore a question or an answer, with its audit record, in one unit of work. */
    async moderate(actor: SignedIn, body: { id: number; state: ModerationState; note?: string }) {
      await authorize(policy(), actor, 'lessonComment.moderate', null);
      await transact(async (work) => {
        const [locked] = await work.db
          .select({ state: lessonComment.comment_state, user_id: lessonComment.user_id })
          .from(lessonComment)
          .where(eq(lessonComment.id, body.id))
          .for('update');
        if (!locked) throw notFound();
        if (locked.state === body.state) return;
        await work.db.update(lessonComment).set({ comment_state: body.state }).where(eq(lessonComment.id, body.id));
        await recordModeration(work, clock, {
          personnelId: actor.id,
          subject: getTableName(lessonComment),
          subjectId: body.id,
          memberId: locked.user_id,
          before: locked.state,
          after: body.state,
          note: body.note,
        });
      });
      const [row] = await adminRows(eq(lessonComment.id, body.id), { page: 1, pageSize: 1 });
      if (!row) throw notFound();
      return row;
    },
  };
}
export type LessonCommentsService = ReturnType<typeof lessonCommentsService>;
