import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { timestamp } from './columns.js';

/** Tokens ended by logout or refresh before their expiry; kept until they would have expired anyway. */
export const revokedToken = pgTable(
  'revokedToken',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    expires_at: timestamp('expires_at').notNull(),
  },
  (t) => [index('revokedToken_expires_idx').on(t.expires_at)],
);

/**
 * Which tokens of an account still count: those of its current version, and the one session that changed it. A
 * password change, a reset, or staff ending an account's sessions moves the version, and every other token ends.
 */
export const sessionVersion = pgTable(
  'sessionVersion',
  {
    role: varchar('role', { length: 10, enum: ['member', 'staff'] }).notNull(),
    account_id: integer('account_id').notNull(),
    version: integer('version').notNull().default(0),
    kept_jti: varchar('kept_jti', { length: 64 }),
  },
  (t) => [primaryKey({ columns: [t.role, t.account_id] })],
);

/** Codes mailed to confirm an address or reset a password: stored hashed, expiring, attempt-limited. */
export const emailCode = pgTable(
  'emailCode',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 10, enum: ['confirm', 'reset'] }).notNull(),
    code_hash: varchar('code_hash', { length: 128 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at').notNull(),
    used_at: timestamp('used_at'),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [index('emailCode_user_purpose_idx').on(t.user_id, t.purpose), index('emailCode_hash_idx').on(t.code_hash)],
);

/**
 * Events counted per key in a window: sign-in failures per account and address (with the time the next try is
 * allowed), reset requests per address.
 */
export const loginAttempt = pgTable('loginAttempt', {
  key: varchar('key', { length: 300 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_start: timestamp('window_start').notNull(),
  next_at: timestamp('next_at'),
});

/** Every mail the shop sends, whether it went out over SMTP or (without SMTP_URL) only here and to the log. */
export const mailOutbox = pgTable('mailOutbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  mail_to: varchar('mail_to', { length: 255 }).notNull(),
  subject: varchar('subject', { length: 500 }).notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  status: varchar('status', { length: 10, enum: ['sent', 'outbox', 'failed'] }).notNull(),
  error: text('error'),
  create_at: timestamp('create_at').notNull().default(sql`now()`),
});
