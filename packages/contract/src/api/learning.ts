import { z } from 'zod';
import { groupTypes, userProductGroup, videoEvents, videoStatistics } from '../entities/learning.js';
import { f } from '../fields.js';
import { message } from '../messages.js';
import { STATISTICS_BATCH_MAX } from '../rules/statistics.js';

const id = z.number().int();
const seconds = f.decimal(86_400);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * One played stretch of a lesson, as the player saves it (spec 1 §4): from `time_start` to `time_end` seconds of
 * the video, ended by `event`. For Seeked, `time_end` is where playback stood before the seek, not where it
 * jumped to, so a seek never counts as played. `time_total` is the video's length as the player knows it.
 * The member is the token's; a `user_id` in the body is refused.
 */
export const statisticsEvent = z.strictObject({
  video_id: f.ref(),
  product_id: f.ref(),
  time_start: seconds.default(0),
  time_end: seconds.default(0),
  time_total: seconds.optional(),
  event: z.enum(videoEvents),
  count: f.int(1, 1000).optional(),
});
export type StatisticsEvent = z.infer<typeof statisticsEvent>;

/** One event (the spec's create call) or a batch (the player's flush on pause and on page hide). */
export const statisticsBody = z.union([
  statisticsEvent,
  z.strictObject({ events: z.array(statisticsEvent).min(1).max(STATISTICS_BATCH_MAX) }),
]);

export const statisticsSaved = z.object({ saved: id });

/** Staff read any member's statistics with `user_id`; a member reads their own (another id is refused). */
export const statisticsUserQuery = z.strictObject({ user_id: f.ref().optional() });
export const statisticsCourseQuery = statisticsUserQuery.extend({ product_id: f.ref().optional() });
export const statisticsChartQuery = statisticsUserQuery.extend({
  /** "YYYY-MM" of the shop's era (years 2000 to 2999); this Bangkok month by default. */
  month: z
    .string()
    .regex(/^2\d{3}-(0[1-9]|1[0-2])$/)
    .optional(),
});

/** Where a lesson resumes and how far it was played. */
export const lessonProgress = z.object({
  product_id: id,
  video_id: id,
  video_name: z.string().nullable(),
  /** Seconds of the lesson actually played (overlaps counted once). */
  seconds: z.number(),
  /** The lesson's length when known (from the video, or as the player reported it). */
  duration: z.number().nullable(),
  /** The member marked it complete (POST /api/lessonComplete). */
  marked: z.boolean(),
  /** Done, as progress counts it (`lessonDone`): at least 90% played, or marked. */
  complete: z.boolean(),
  /** Where the player starts this lesson next time (0 after Ended, or with under 5 s left). */
  resumeAt: z.number(),
  lastEvent: z.enum(videoEvents),
  lastAt: z.string(),
});
export type LessonProgress = z.infer<typeof lessonProgress>;

/** A course as the member's learning page shows it: one they played, or bought and not started (`last` null). */
export const courseProgress = z.object({
  product_id: id,
  product_title: z.string().nullable(),
  /** Every lesson in the course, previews too, and how many the member has done (`lessonDone`). */
  lessons: id,
  completed: id,
  seconds: z.number(),
  /** The lesson watched last, to resume the course at. */
  last: lessonProgress.nullable(),
});

/**
 * A buyer marks a lesson of their course complete (`complete: true`) or takes the mark back (`false`). It sets the
 * mark rather than toggling it, so sending it twice is one mark.
 */
export const lessonCompleteBody = z.strictObject({ product_id: f.ref(), video_id: f.ref(), complete: z.boolean() });

/** A lesson's mark after POST /api/lessonComplete, and whether it is done now (a watched lesson stays done). */
export const lessonMark = z.object({ product_id: id, video_id: id, marked: z.boolean(), complete: z.boolean() });

export const lastWatched = videoStatistics.row.extend({ resumeAt: z.number() }).nullable();

export const periodTotal = z.object({
  /** Seconds watched in the Bangkok day, week (Monday to Sunday) or month. */
  seconds: z.number(),
  from: date,
  /** The day after the period's last. */
  to: date,
});

export const chartDay = z.object({ date, seconds: z.number() });

/** One group code per member and group. */
export const generateGroupCodeBody = z.strictObject({ id: f.ref() });

export const memberGroup = z.object({
  product_group_id: id,
  product_group_type: z.enum(groupTypes),
  /** The group link, for buyers. */
  product_group_url: z.string().nullable(),
  user_product_group_code: z.string().nullable(),
});

export const courseGroupsQuery = z.strictObject({ product_id: f.ref() });

/** A buyer's group row whose 2-year window is over, for staff to remove from the group. */
export const expiredGroupMember = userProductGroup.row.extend({
  product_id: id,
  product_group_type: z.enum(groupTypes),
  email: z.string().nullable(),
  name_th: z.string().nullable(),
  lname_th: z.string().nullable(),
  /** The last day the member could watch the course. */
  expired_on: date,
});

/**
 * A certificate number: 16 letters and digits nobody misreads (no 0/O, 1/I/L), in four groups of four, about 79
 * random bits, so numbers cannot be guessed from one another. Typed by hand in any case; dashes are put back.
 */
export const CERTIFICATE_NO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const certificateNoPattern = /^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/;

/** The number as printed, from what someone typed or scanned ("abcd efgh…", "ABCDEFGH…"), or null. */
export function normaliseCertificateNo(typed: string): string | null {
  const bare = typed.toUpperCase().replace(/[\s-]/g, '');
  const printed = bare.match(/.{1,4}/g)?.join('-') ?? '';
  return certificateNoPattern.test(printed) ? printed : null;
}

export const certificateNoQuery = z.strictObject({
  certificate_no: z
    .string()
    .max(40)
    .transform((typed, ctx) => {
      const number = normaliseCertificateNo(typed);
      if (number === null) ctx.addIssue({ code: 'custom', message: message('invalidInput') });
      return number ?? '';
    }),
});

/** certificateFile: the certificate of an order (the order's id). */
export const certificateFileQuery = z.strictObject({ id: f.ref() });

/**
 * What the public verification page shows of a certificate: who earned it, for which course, and when. Nothing
 * else (no account id, e-mail or order).
 */
export const certificateVerification = z.object({
  certificate_no: z.string(),
  /** The name printed on the certificate. */
  name: z.string(),
  product_title: z.string().nullable(),
  /** When it was issued (ISO instant); shown as a Bangkok date. */
  issued_at: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;
