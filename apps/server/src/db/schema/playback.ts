import { sql } from 'drizzle-orm';
import { char, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { base, str, timestamp, yn } from './columns.js';

/**
 * An uploaded video packaged as AES-128 HLS under `DATA_DIR/hls/<folder>`: one row per source file (`video_file` of
 * the videos made from it). The key is the server's alone: it leaves only through the key route, to a viewer whose
 * right was checked, and never appears in an API answer or a log.
 */
export const videoPackage = pgTable(
  'videoPackage',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    video_file: str('video_file').notNull(),
    folder: str('folder', 100).notNull(),
    /** 16 random bytes, hex. */
    key: char('key', { length: 32 }).notNull(),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('videoPackage_video_file_key').on(t.video_file)],
);

/** The player's advert overlay, written by staff in the back office. */
export const advert = pgTable('advert', {
  ...base(),
  advert_img: str('advert_img').notNull(),
  advert_link: str('advert_link', 1000),
  advert_show: yn('advert_show').notNull().default('Y'),
});
