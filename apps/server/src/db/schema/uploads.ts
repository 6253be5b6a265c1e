import { integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { base, str } from './columns.js';

/** One row per stored file: who uploaded it decides who may read a private one. */
export const upload = pgTable(
  'upload',
  {
    ...base(),
    upload_kind: str('upload_kind', 30).notNull(),
    upload_name: str('upload_name').notNull(),
    upload_original: str('upload_original'),
    upload_mime: str('upload_mime', 100).notNull(),
    upload_size: integer('upload_size').notNull(),
    user_id: integer('user_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('upload_kind_name_key').on(t.upload_kind, t.upload_name)],
);
