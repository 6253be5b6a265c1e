import { z } from 'zod';
import { defineEntity } from '../entity.js';
import { f } from '../fields.js';

export const videoListStatuses = ['public', 'private', 'preview'] as const;
export type LessonStatus = (typeof videoListStatuses)[number];
export const videoEvents = ['Play', 'Pause', 'Seeked', 'Ended'] as const;
export const groupTypes = ['facebook', 'line'] as const;
/** A video's packaging: `create` (nothing to package, or waiting for the job), `processing`, `ready`, `failed`. */
export const videoStatuses = ['create', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof videoStatuses)[number];

export const video = defineEntity(
  'video',
  {
    video_formath: f.text(50),
    video_name: f.text(255).min(1),
    video_detail: f.longText(20_000),
    video_iframe: f.text(2000),
    video_content_id: f.text(500),
    video_embed: f.text(2000),
    video_HLS: f.text(1000),
    video_status: z.enum(videoStatuses),
    video_path: f.text(255),
    /** The uploaded source (POST /api/uploadVideo) packaged into encrypted HLS for this video. */
    video_file: f.fileName(),
    /** Seconds, read from the source when it is packaged. */
    video_duration: f.decimal(86_400),
    /** Why packaging failed, for staff. */
    video_status_reason: f.text(1000),
  },
  { required: ['video_name'] },
);

export const videoList = defineEntity(
  'videoList',
  {
    product_id: f.ref(),
    video_id: f.ref(),
    video_list_status: z.enum(videoListStatuses),
    video_list_item: f.int(),
  },
  { required: ['product_id', 'video_id'] },
);

export const videoStatistics = defineEntity(
  'videoStatistics',
  {
    user_id: f.ref(),
    video_id: f.ref(),
    product_id: f.ref(),
    time_start: f.decimal(86_400),
    time_end: f.decimal(86_400),
    time_total: f.decimal(86_400),
    event: z.enum(videoEvents),
    count: f.int(),
  },
  { required: ['video_id', 'product_id', 'event'] },
);

export const productGroup = defineEntity(
  'productGroup',
  {
    product_id: f.ref(),
    product_group_type: z.enum(groupTypes),
    product_group_url: f.url(),
    product_group_hide: f.yn(),
  },
  { required: ['product_id', 'product_group_type'] },
);

export const userProductGroup = defineEntity(
  'userProductGroup',
  {
    user_id: f.ref(),
    product_group_id: f.ref(),
    user_product_group_code: f.text(50),
    user_product_group_note: f.text(1000),
    approve_by: f.int(),
    remove_by: f.yn(),
  },
  { required: ['user_id', 'product_group_id'] },
);

export const certificate = defineEntity(
  'certificate',
  // certificate_no: the number printed on the certificate and checked by its public verification page; the server
  // assigns it when it issues the certificate.
  { user_id: f.ref(), orders_id: f.ref(), product_id: f.ref(), path: f.fileName(), certificate_no: f.text(30) },
  { required: ['user_id', 'product_id'] },
);

/** The advert overlay of the player: an image and a link, shown while it is on (`advert_show` Y). */
export const advert = defineEntity(
  'advert',
  { advert_img: f.fileName(), advert_link: f.url(), advert_show: f.yn() },
  { required: ['advert_img'] },
);
