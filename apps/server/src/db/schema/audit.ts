import { index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamp } from './columns.js';

/**
 * Staff accountability: one row per staff write (a save or delete through the resource engine, an approval, a
 * coin adjustment), written in the same unit of work as the write, so a change and its record commit together.
 * Rows are never updated or deleted; the account is kept by id even after it is removed.
 */
export const auditLog = pgTable(
  'auditLog',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The staff account that made the change. */
    personnel_id: integer('personnel_id').notNull(),
    /** create, update, delete, or a named staff action (approve, reject, coinAdjust, ...). */
    action: varchar('action', { length: 50 }).notNull(),
    /** The resource or table written (orders, user, product, ...), and the row. */
    subject: varchar('subject', { length: 50 }).notNull(),
    subject_id: integer('subject_id'),
    /** The member the change concerns (an order's buyer, a coin entry's owner), for the member page's history. */
    member_id: integer('member_id'),
    /** What changed: `{ field: [before, after] }` for an update, the values for a create or delete. */
    changes: jsonb('changes').notNull(),
    note: text('note'),
    create_at: timestamp('create_at').notNull(),
  },
  (t) => [index('auditLog_subject_idx').on(t.subject, t.subject_id), index('auditLog_member_idx').on(t.member_id)],
);
