import { moderationStates } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { personnel, user } from './accounts.js';
import { coach, product } from './catalogue.js';
import { base, state, statesChecked } from './columns.js';
import { video } from './learning.js';

/**
 * A question under a lesson, or an answer to one (`parent_id`), not in the spec (FEATURES). A member's own words
 * (`user_id`), or staff's (`personnel_id`), who may sign as a coach of the course (`coach_id`). A member deleting a
 * question deletes its answers; a member who leaves takes their words with them; a staff account removed leaves its
 * answers as the shop's.
 */
export const lessonComment = pgTable(
  'lessonComment',
  {
    ...base(),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    video_id: integer('video_id')
      .notNull()
      .references(() => video.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id').references((): AnyPgColumn => lessonComment.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => user.id, { onDelete: 'cascade' }),
    personnel_id: integer('personnel_id').references(() => personnel.id, { onDelete: 'set null' }),
    coach_id: integer('coach_id').references(() => coach.id, { onDelete: 'set null' }),
    comment_text: text('comment_text').notNull(),
    comment_state: state('comment_state', moderationStates, 10).notNull().default('shown'),
  },
  (t) => [
    index('lessonComment_lesson_idx').on(t.product_id, t.video_id, t.parent_id, t.create_at),
    index('lessonComment_parent_id_idx').on(t.parent_id),
    index('lessonComment_user_id_idx').on(t.user_id),
    check('lessonComment_author_check', sql`${t.user_id} IS NULL OR ${t.personnel_id} IS NULL`),
    ...statesChecked('lessonComment', { comment_state: moderationStates }),
  ],
);
