import { deliveryStatuses, facebookTags, groupTypes, sendAudiences, sendChannels } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { product } from './catalogue.js';
import { base, state, statesChecked, str, timestamp } from './columns.js';

/** Every message the shop sends to a LINE or Facebook channel, with how it went (the embedded default keeps them here). */
export const messageOutbox = pgTable('messageOutbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  channel: state('channel', groupTypes, 10).notNull(),
  text: text('text').notNull(),
  status: varchar('status', { length: 10, enum: ['sent', 'outbox', 'failed'] }).notNull(),
  error: text('error'),
  create_at: timestamp('create_at').notNull().default(sql`now()`),
});

/** One message written on the Send screen; `create_by` is the staff account (personnel) that sent it. */
export const broadcast = pgTable(
  'broadcast',
  {
    ...base(),
    text: varchar('text', { length: 2000 }).notNull(),
    image: str('image'),
    audience: state('audience', sendAudiences, 10).notNull(),
    product_id: integer('product_id').references(() => product.id, { onDelete: 'set null' }),
    channels: jsonb('channels').$type<(typeof sendChannels)[number][]>().notNull(),
    facebook_tag: state('facebook_tag', facebookTags, 30),
  },
  (t) => [
    index('broadcast_create_by_idx').on(t.create_by),
    ...statesChecked('broadcast', { audience: sendAudiences, facebook_tag: facebookTags }),
  ],
);

/**
 * The delivery log: one row per message, member and channel, written with the message (queued, or skipped when
 * the member cannot be reached there) and updated by the sending jobs (sent, or failed with the reason).
 * `address` is where it went: the LINE user id, the Page-scoped Messenger id, or the e-mail address.
 */
export const broadcastDelivery = pgTable(
  'broadcastDelivery',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    broadcast_id: integer('broadcast_id')
      .notNull()
      .references(() => broadcast.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => user.id, { onDelete: 'set null' }),
    channel: state('channel', sendChannels, 10).notNull(),
    address: str('address'),
    status: state('status', deliveryStatuses, 10).notNull(),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    update_at: timestamp('update_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('broadcastDelivery_message_member_channel_key').on(t.broadcast_id, t.user_id, t.channel),
    index('broadcastDelivery_status_idx').on(t.broadcast_id, t.channel, t.status),
    ...statesChecked('broadcastDelivery', { channel: sendChannels, status: deliveryStatuses }),
  ],
);

/**
 * A member's chat account on the shop's LINE official account or Facebook Page, tied by a linking code the member
 * sent there. `external_id` is LINE's user id or the Page-scoped id; `active` N once the member blocked or
 * unfollowed the account; `last_inbound_at` is the member's last message, which opens Messenger's 24-hour window.
 */
export const messagingLink = pgTable(
  'messagingLink',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    channel: state('channel', groupTypes, 10).notNull(),
    external_id: varchar('external_id', { length: 100 }).notNull(),
    active: varchar('active', { length: 1, enum: ['Y', 'N'] })
      .notNull()
      .default('Y'),
    last_inbound_at: timestamp('last_inbound_at'),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
    update_at: timestamp('update_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('messagingLink_member_channel_key').on(t.user_id, t.channel),
    uniqueIndex('messagingLink_account_key').on(t.channel, t.external_id),
    ...statesChecked('messagingLink', { channel: groupTypes }),
  ],
);

/** A member's current linking code, kept as its SHA-256 only (the code itself is a credential while it lasts). */
export const messagingLinkCode = pgTable(
  'messagingLinkCode',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    expire_at: timestamp('expire_at').notNull(),
  },
  (t) => [uniqueIndex('messagingLinkCode_hash_key').on(t.code_hash)],
);
