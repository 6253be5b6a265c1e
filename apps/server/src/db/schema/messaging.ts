import { groupTypes } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { state, timestamp } from './columns.js';

/** Every message the shop sends to a LINE or Facebook channel, with how it went (the embedded default keeps them here). */
export const messageOutbox = pgTable('messageOutbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  channel: state('channel', groupTypes, 10).notNull(),
  text: text('text').notNull(),
  status: varchar('status', { length: 10, enum: ['sent', 'outbox', 'failed'] }).notNull(),
  error: text('error'),
  create_at: timestamp('create_at').notNull().default(sql`now()`),
});
