import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../constants.js';
import { coach, product } from '../entities/catalogue.js';
import { groupTypes, videoEvents, videoListStatuses } from '../entities/learning.js';

export const courseStates = ['notLogin', 'create', 'wait', 'finish'] as const;
export type CourseStateName = (typeof courseStates)[number];

/** File extensions the course tabs show with a document icon and offer to finished buyers. */
export const documentExtensions = ['pdf', 'xls', 'xlsx'] as const;
export function isDocument(file: string | null | undefined): boolean {
  const extension = file?.split('.').pop()?.toLowerCase();
  return extension !== undefined && (documentExtensions as readonly string[]).includes(extension);
}

/** Everything the course dialog shows, for the caller, from one request. */
export const courseView = z.object({
  product: product.row,
  state: z.enum(courseStates),
  /** Viewing days left of a purchased course (day minus count). */
  remainingDays: z.number().int().nullable(),
  /** How a pending purchase is being paid, for the pay-now links. */
  wait: z.object({ type: z.string(), ref: z.string() }).nullable(),
  /** The member's certificate file for this course, served from /api/certificate/{file}. */
  certificate: z.string().nullable(),
  lessons: z.array(
    z.object({
      id: z.number().int(),
      video_id: z.number().int(),
      video_name: z.string().nullable(),
      video_detail: z.string().nullable(),
      video_path: z.string().nullable(),
      status: z.enum(videoListStatuses),
      item: z.number().int(),
      /** Seconds, when the video was packaged here; null for a video hosted elsewhere, whose length is not known. */
      duration: z.number().nullable(),
      /** Private lessons are locked until the course is bought, or while a test before them is to be passed. */
      locked: z.boolean(),
      /** The test a buyer must pass before this lesson opens (pass to continue); null when none holds it. */
      locked_by_quiz: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    }),
  ),
  tabs: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      text: z.string().nullable(),
      items: z.array(
        z.object({
          id: z.number().int(),
          title: z.string().nullable(),
          detail: z.string().nullable(),
          file: z.string().nullable(),
          img: z.string().nullable(),
          document: z.boolean(),
        }),
      ),
    }),
  ),
  groups: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(groupTypes),
      /** The private group link: buyers only. */
      url: z.string().nullable(),
      /** The member's code for this group, once generated. */
      code: z.string().nullable(),
    }),
  ),
  coaches: z.array(coach.row.extend({ lines: z.array(z.string()), awards: z.array(z.string()) })),
  /** Where the member stopped last time, to resume. */
  lastWatched: z.object({ video_id: z.number().int(), time_end: z.number(), event: z.enum(videoEvents) }).nullable(),
});
export type CourseView = z.infer<typeof courseView>;

export const courseViewQuery = z
  .object({
    id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    title: z.string().min(1).max(255).optional(),
  })
  .refine((q) => q.id !== undefined || q.title !== undefined, { message: 'id หรือ title', path: ['id'] });

export const searchQuery = z.object({
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
