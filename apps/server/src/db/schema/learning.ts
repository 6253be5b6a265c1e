import { groupTypes, type Stretch, videoEvents, videoListStatuses, videoStatuses } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './accounts.js';
import { product } from './catalogue.js';
import { base, decimal, long, state, statesChecked, str, timestamp, yn } from './columns.js';
import { orders } from './orders.js';

export const video = pgTable(
  'video',
  {
    ...base(),
    video_formath: str('video_formath', 50),
    video_name: str('video_name').notNull(),
    video_detail: long('video_detail'),
    video_iframe: str('video_iframe', 2000),
    video_content_id: str('video_content_id', 500),
    video_embed: str('video_embed', 2000),
    video_HLS: str('video_HLS', 1000),
    video_status: state('video_status', videoStatuses, 30).notNull().default('create'),
    video_path: str('video_path'),
    video_file: str('video_file'),
    video_duration: decimal('video_duration'),
    video_status_reason: str('video_status_reason', 1000),
  },
  (t) => [index('video_file_idx').on(t.video_file), ...statesChecked('video', { video_status: videoStatuses })],
);

export const videoList = pgTable(
  'videoList',
  {
    ...base(),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    video_id: integer('video_id')
      .notNull()
      .references(() => video.id, { onDelete: 'cascade' }),
    video_list_status: state('video_list_status', videoListStatuses, 10).notNull().default('private'),
    video_list_item: integer('video_list_item').notNull().default(1),
  },
  (t) => [
    index('videoList_product_id_idx').on(t.product_id),
    index('videoList_video_id_idx').on(t.video_id),
    ...statesChecked('videoList', { video_list_status: videoListStatuses }),
  ],
);

export const videoStatistics = pgTable(
  'videoStatistics',
  {
    ...base(),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    video_id: integer('video_id')
      .notNull()
      .references(() => video.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    time_start: decimal('time_start').notNull().default(0),
    time_end: decimal('time_end').notNull().default(0),
    time_total: decimal('time_total').notNull().default(0),
    event: state('event', videoEvents, 10).notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('videoStatistics_user_product_idx').on(t.user_id, t.product_id, t.id),
    // The member's day, week, month and chart totals read one stretch of this index.
    index('videoStatistics_user_time_idx').on(t.user_id, t.create_at),
    ...statesChecked('videoStatistics', { event: videoEvents }),
  ],
);

/**
 * A member's progress in one lesson, kept by the statistics ingest in the unit of work that stores the events, so
 * progress reads one row per lesson however long the history: the union of the played stretches (sorted, disjoint)
 * and its length, the longest length the player reported, and the last event (the row with the highest id). Whether
 * the lesson is complete is decided when read, against the video's length as it is then, and the member's own mark.
 */
export const videoProgress = pgTable(
  'videoProgress',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    video_id: integer('video_id')
      .notNull()
      .references(() => video.id, { onDelete: 'cascade' }),
    played: jsonb('played').$type<Stretch[]>().notNull().default([]),
    seconds: doublePrecision('seconds').notNull().default(0),
    time_total: decimal('time_total').notNull().default(0),
    last_id: integer('last_id').notNull().default(0),
    last_time_end: decimal('last_time_end').notNull().default(0),
    last_event: state('last_event', videoEvents, 10).notNull().default('Play'),
    last_at: timestamp('last_at').notNull().default(sql`now()`),
    /**
     * When the member marked the lesson complete themselves, or null. A lesson marked and never played has a row
     * with nothing played (`last_id` 0); taking the mark back removes such a row.
     */
    marked_at: timestamp('marked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.product_id, t.video_id] }),
    index('videoProgress_video_id_idx').on(t.video_id),
    index('videoProgress_product_id_idx').on(t.product_id),
    ...statesChecked('videoProgress', { last_event: videoEvents }),
  ],
);

export const productGroup = pgTable(
  'productGroup',
  {
    ...base(),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    product_group_type: state('product_group_type', groupTypes, 10).notNull(),
    product_group_url: str('product_group_url', 1000),
    product_group_hide: yn('product_group_hide').notNull().default('N'),
  },
  (t) => [
    index('productGroup_product_id_idx').on(t.product_id),
    ...statesChecked('productGroup', { product_group_type: groupTypes }),
  ],
);

export const userProductGroup = pgTable(
  'userProductGroup',
  {
    ...base(),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    product_group_id: integer('product_group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    user_product_group_code: str('user_product_group_code', 50),
    user_product_group_note: str('user_product_group_note', 1000),
    approve_by: integer('approve_by'),
    remove_by: yn('remove_by').notNull().default('N'),
  },
  (t) => [
    uniqueIndex('userProductGroup_user_group_key').on(t.user_id, t.product_group_id),
    index('userProductGroup_group_idx').on(t.product_group_id),
    uniqueIndex('userProductGroup_code_key').on(t.user_product_group_code),
  ],
);

export const certificate = pgTable(
  'certificate',
  {
    ...base(),
    user_id: integer('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    orders_id: integer('orders_id').references(() => orders.id, { onDelete: 'set null' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'restrict' }),
    path: str('path'),
    /** The number printed on the certificate and verified at /certificate/{number}. */
    certificate_no: str('certificate_no', 30),
  },
  (t) => [
    uniqueIndex('certificate_no_key').on(t.certificate_no),
    // One certificate per member and course, however often it is asked for.
    uniqueIndex('certificate_user_product_key').on(t.user_id, t.product_id),
    index('certificate_orders_id_idx').on(t.orders_id),
    index('certificate_product_id_idx').on(t.product_id),
    index('certificate_path_idx').on(t.path),
  ],
);
