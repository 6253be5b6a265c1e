import type { RatingSummary } from '@sikkha/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { product, review } from './schema/index.js';

/**
 * The shown reviews' average (one decimal) and count per course, for the courses `where` selects (a condition on
 * `product` or `review`): the reviews module's cards and dialog and the web app module's structured data (page-meta.ts) read the same.
 * A hidden review counts nowhere.
 */
export async function shownRatings(db: Executor, where: SQL | undefined): Promise<RatingSummary[]> {
  const rows = await db
    .select({
      product_id: review.product_id,
      average: sql<string>`round(avg(${review.review_rating}), 1)`,
      count: count(),
    })
    .from(review)
    .innerJoin(product, eq(product.id, review.product_id))
    .where(and(eq(review.review_state, 'shown'), where))
    .groupBy(review.product_id)
    .orderBy(review.product_id);
  return rows.map((r) => ({ product_id: r.product_id, average: Number(r.average), count: r.count }));
}
