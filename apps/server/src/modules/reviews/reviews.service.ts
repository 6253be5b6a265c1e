import type { ModerationState, RatingSummary, ReviewBody, ReviewSort, ReviewView } from '@sikkha/contract';
import { memberDisplayName } from '@sikkha/contract/rules';
import { and, count, desc, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { recordModeration } from '../../db/moderation.js';
import { shownRatings } from '../../db/review-ratings.js';
import { product, review, reviewHelpful, user } from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { notFound } from '../../errors.js';
import { attemptCounter, type Limit } from '../../http/attempt-counter.js';
import { type Actor, allows, authorize, productsVisibleTo, type SignedIn } from '../../policies/index.js';

/** The tables a public review answer is made from: a change to either forgets it (the read cache, the pages). */
export const REVIEW_TABLES = [getTableName(product), getTableName(review), getTableName(user)];

/** Saves and deletes per member: enough to fix a typo a few times, too few to flood a course. */
export const REVIEW_WRITES: Limit = { max: 10, windowMs: 60 * 60 * 1000 };

const visitor: Actor = { kind: 'visitor' };

const viewColumns = {
  id: review.id,
  product_id: review.product_id,
  rating: review.review_rating,
  text: review.review_text,
  helpful: review.review_helpful,
  create_at: review.create_at,
  update_at: review.update_at,
  state: review.review_state,
  user_id: review.user_id,
  nickname: user.nickname,
  name_th: user.name_th,
  lname_th: user.lname_th,
};
type Row = {
  id: number;
  product_id: number;
  rating: number;
  text: string;
  helpful: number;
  create_at: string;
  update_at: string;
  state: ModerationState;
  user_id: number;
  nickname: string | null;
  name_th: string | null;
  lname_th: string | null;
};

const viewOf = (row: Row): ReviewView => ({
  id: row.id,
  product_id: row.product_id,
  rating: row.rating,
  text: row.text,
  reviewer: memberDisplayName(row),
  helpful: row.helpful,
  create_at: row.create_at,
  update_at: row.update_at,
});

const shown = eq(review.review_state, 'shown');
const orderOf: Record<ReviewSort, SQL[]> = {
  newest: [desc(review.create_at), desc(review.id)],
  helpful: [desc(review.review_helpful), desc(review.create_at), desc(review.id)],
};

export interface ReviewsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
}

/** Course reviews: buyers write one each, anyone reads the shown ones, members mark them helpful, staff moderate. */
export function reviewsService({ db, clock, transact }: ReviewsDeps) {
  const policy = () => ({ db, now: clock.now() });
  const counter = attemptCounter(db, clock);

  async function courseOf(productId: number) {
    const [row] = await db
      .select({ id: product.id, product_status: product.product_status, product_title: product.product_title })
      .from(product)
      .where(eq(product.id, productId))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function rowOf(id: number) {
    const [row] = await db
      .select({ ...viewColumns, product_status: product.product_status, product_title: product.product_title })
      .from(review)
      .innerJoin(user, eq(user.id, review.user_id))
      .innerJoin(product, eq(product.id, review.product_id))
      .where(eq(review.id, id))
      .limit(1);
    if (!row) throw notFound();
    return row as Row & { product_status: string | null; product_title: string };
  }

  /** One course's summary, or zeros when it has no shown review. */
  async function summaryOf(productId: number): Promise<RatingSummary> {
    const [found] = await shownRatings(db, eq(review.product_id, productId));
    return found ?? { product_id: productId, average: 0, count: 0 };
  }

  const adminRow = (row: Row & { product_title: string }) => ({
    ...viewOf(row),
    product_title: row.product_title,
    user_id: row.user_id,
    state: row.state,
  });

  return {
    /** Every course on show with at least one shown review (the cards; a course absent has none). */
    summaries: () => shownRatings(db, productsVisibleTo(visitor)),

    /** A page of a course's shown reviews; a course the caller may not see is a 404, its reviews with it. */
    async list(actor: Actor, q: { product_id: number; sort: ReviewSort; page: number; pageSize: number }) {
      await authorize(policy(), actor, 'product.read', await courseOf(q.product_id));
      const where = and(eq(review.product_id, q.product_id), shown);
      const [rows, summary] = await Promise.all([
        db
          .select(viewColumns)
          .from(review)
          .innerJoin(user, eq(user.id, review.user_id))
          .where(where)
          .orderBy(...orderOf[q.sort])
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        summaryOf(q.product_id),
      ]);
      return { data: rows.map(viewOf), total: summary.count, summary };
    },

    /** The member's own review of a course (hidden or not), whether they may write one, and what they marked. */
    async mine(actor: SignedIn, productId: number) {
      const course = await courseOf(productId);
      await authorize(policy(), actor, 'product.read', course);
      const [own] = await db
        .select(viewColumns)
        .from(review)
        .innerJoin(user, eq(user.id, review.user_id))
        .where(and(eq(review.product_id, productId), eq(review.user_id, actor.id)))
        .limit(1);
      const marked = await db
        .select({ id: reviewHelpful.review_id })
        .from(reviewHelpful)
        .innerJoin(review, eq(review.id, reviewHelpful.review_id))
        .where(and(eq(reviewHelpful.user_id, actor.id), eq(review.product_id, productId)));
      const mayReview = await allows(policy(), actor, 'review.write', course);
      return {
        mayReview,
        review: own ? { ...viewOf(own as Row), state: own.state as ModerationState } : null,
        helpful: marked.map((m) => m.id),
      };
    },

    /**
     * A buyer's review, written or rewritten: one row per member and course, so two submits at once leave one
     * review (the second rewrites the first). Staff's decision stands: rewriting a hidden review keeps it hidden.
     */
    async save(actor: SignedIn, body: ReviewBody): Promise<ReviewView> {
      await authorize(policy(), actor, 'review.write', await courseOf(body.product_id));
      await counter.limit(`review:${actor.id}`, REVIEW_WRITES);
      const now = clock.now().toISOString();
      const [saved] = await transact(async (work) =>
        work.db
          .insert(review)
          .values({
            product_id: body.product_id,
            user_id: actor.id,
            review_rating: body.rating,
            review_text: body.text,
            create_by: actor.id,
            create_at: now,
            update_at: now,
          })
          .onConflictDoUpdate({
            target: [review.product_id, review.user_id],
            set: { review_rating: body.rating, review_text: body.text, update_at: now },
          })
          .returning({ id: review.id }),
      );
      return viewOf(await rowOf(saved!.id));
    },

    /** The author deletes their review, and the helpful marks go with it. */
    async remove(actor: SignedIn, id: number) {
      const found = await rowOf(id);
      await authorize(policy(), actor, 'review.change', found);
      await counter.limit(`review:${actor.id}`, REVIEW_WRITES);
      await transact((work) => work.db.delete(review).where(eq(review.id, id)));
    },

    /** A member's helpful mark, once: the count moves only when the mark is new. */
    async markHelpful(actor: SignedIn, id: number): Promise<ReviewView> {
      const found = await rowOf(id);
      await authorize(policy(), actor, 'review.helpful', {
        user_id: found.user_id,
        review_state: found.state,
        course: { id: found.product_id, product_status: found.product_status },
      });
      await transact(async (work) => {
        const added = await work.db
          .insert(reviewHelpful)
          .values({ review_id: id, user_id: actor.id, create_at: clock.now().toISOString() })
          .onConflictDoNothing()
          .returning({ id: reviewHelpful.review_id });
        if (added.length > 0) {
          await work.db
            .update(review)
            .set({ review_helpful: sql`${review.review_helpful} + 1` })
            .where(eq(review.id, id));
        }
      });
      return viewOf(await rowOf(id));
    },

    /** Staff's list: every review, newest first, by state and course when asked. */
    async moderation(
      actor: SignedIn,
      q: { state?: ModerationState; product_id?: number; page: number; pageSize: number },
    ) {
      await authorize(policy(), actor, 'review.moderate', null);
      const where = and(
        q.state ? eq(review.review_state, q.state) : undefined,
        q.product_id ? eq(review.product_id, q.product_id) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...viewColumns, product_title: product.product_title })
          .from(review)
          .innerJoin(user, eq(user.id, review.user_id))
          .innerJoin(product, eq(product.id, review.product_id))
          .where(where)
          .orderBy(desc(review.create_at), desc(review.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(review).where(where),
      ]);
      return { data: rows.map((r) => adminRow(r as Row & { product_title: string })), total: total?.n ?? 0 };
    },

    /** Staff hide or restore a review, with its audit record, in one unit of work. */
    async moderate(actor: SignedIn, body: { id: number; state: ModerationState; note?: string }) {
      await authorize(policy(), actor, 'review.moderate', null);
      await transact(async (work) => {
        const [locked] = await work.db
          .select({ state: review.review_state, user_id: review.user_id })
          .from(review)
          .where(eq(review.id, body.id))
          .for('update');
        if (!locked) throw notFound();
        if (locked.state === body.state) return;
        await work.db.update(review).set({ review_state: body.state }).where(eq(review.id, body.id));
        await recordModeration(work, clock, {
          personnelId: actor.id,
          subject: getTableName(review),
          subjectId: body.id,
          memberId: locked.user_id,
          before: locked.state,
          after: body.state,
          note: body.note,
        });
      });
      return adminRow(await rowOf(body.id));
    },
  };
}
export type ReviewsService = ReturnType<typeof reviewsService>;
