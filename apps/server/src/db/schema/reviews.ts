import { moderationStates } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { product } from './catalogue.js';
import { base, state, statesChecked, timestamp } from './columns.js';

/**
 * A buyer's review of a course (not in the spec: FEATURES). One per member and course, which the unique index
 * keeps even when two submits race; `review_helpful` counts the `reviewHelpful` rows, moved in the same statement
 * that adds one, so the "most helpful" order needs no count per read.
 */
export const review = pgTable(
  'review',
  {
    ...base(),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    review_rating: smallint('review_rating').notNull(),
    review_text: text('review_text').notNull(),
    review_state: state('review_state', moderationStates, 10).notNull().default('shown'),
    review_helpful: integer('review_helpful').notNull().default(0),
  },
  (t) => [
    uniqueIndex('review_product_id_user_id_key').on(t.product_id, t.user_id),
    index('review_product_id_state_idx').on(t.product_id, t.review_state, t.create_at),
    check('review_review_rating_check', sql`${t.review_rating} BETWEEN 1 AND 5`),
    ...statesChecked('review', { review_state: moderationStates }),
  ],
);

/** Who marked a review helpful: once per member and review. */
export const reviewHelpful = pgTable(
  'reviewHelpful',
  {
    review_id: integer('review_id')
      .notNull()
      .references(() => review.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.review_id, t.user_id] })],
);
