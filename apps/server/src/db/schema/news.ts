import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { personnel } from './accounts.js';
import { coach } from './catalogue.js';
import { base, long, str } from './columns.js';

export const news = pgTable('news', {
  ...base(),
  coach_id: integer('coach_id').references(() => coach.id, { onDelete: 'set null' }),
  personnel_id: integer('personnel_id').references(() => personnel.id, { onDelete: 'set null' }),
  news_title: str('news_title').notNull(),
  news_detail: long('news_detail'),
  news_content: long('news_content'),
  news_heart: integer('news_heart').notNull().default(0),
  news_comment: integer('news_comment').notNull().default(0),
  news_share: integer('news_share').notNull().default(0),
  news_tag: str('news_tag', 500),
  news_path: str('news_path'),
  news_path_head: str('news_path_head'),
});

export const newsImage = pgTable(
  'newsImage',
  {
    ...base(),
    news_id: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    news_image_title: str('news_image_title'),
    news_image_detail: long('news_image_detail'),
    news_image_path: str('news_image_path'),
  },
  (t) => [index('newsImage_news_id_idx').on(t.news_id)],
);
