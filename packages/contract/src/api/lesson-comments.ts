import { z } from 'zod';
import { envelope, listEnvelope } from '../envelope.js';
import { f } from '../fields.js';
import { message } from '../messages.js';
import { moderationBody, moderationStates } from './moderation.js';

/** The longest question or answer under a lesson, in characters. */
export const LESSON_COMMENT_MAX = 1000;

const id = z.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * A question under a lesson (no `parent_id`) or an answer to one. Members ask and answer; staff answer, and may sign
 * as one of the course's coaches (`coach_id`), who hold no account of their own. Plain text, kept as typed.
 */
export const lessonCommentBody = z.strictObject({
  product_id: id,
  video_id: id,
  parent_id: id.optional(),
  text: z
    .string({ error: message('lessonCommentRequired') })
    .trim()
    .min(1, message('lessonCommentRequired'))
    .max(LESSON_COMMENT_MAX, message('lessonCommentTooLong')),
  coach_id: id.optional(),
});
export type LessonCommentBody = z.infer<typeof lessonCommentBody>;

/** Who wrote a question or an answer, as the lesson shows it: a member, the shop's staff, or a coach of the course. */
export const lessonCommentAuthors = ['member', 'staff', 'coach'] as const;
export type LessonCommentAuthor = (typeof lessonCommentAuthors)[number];

/** A question or an answer as a buyer reads it: its writer by display name only, never by e-mail. */
export const lessonCommentView = z.object({
  id,
  parent_id: id.nullable(),
  video_id: id,
  text: z.string(),
  /** A member's nickname or first name and last initial; the coach's name; or empty for the staff. */
  author: z.string(),
  author_kind: z.enum(lessonCommentAuthors),
  /** The caller wrote it (and may delete it). */
  mine: z.boolean(),
  /** Shown to all; a hidden one is shown to its writer only, marked. */
  state: z.enum(moderationStates),
  create_at: z.string(),
});
export type LessonCommentView = z.infer<typeof lessonCommentView>;

/** A question with its answers, oldest answer first. */
export const lessonQuestion = lessonCommentView.extend({ answers: z.array(lessonCommentView) });
export type LessonQuestion = z.infer<typeof lessonQuestion>;

export const lessonCommentsQuery = z.strictObject({
  product_id: f.ref(),
  video_id: f.ref(),
  page,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** What the caller may do under this lesson besides reading. */
export const lessonCommentsPage = listEnvelope(lessonQuestion).extend({
  /** The course's coaches, for staff to sign an answer with; empty for members. */
  coaches: z.array(z.object({ id, name: z.string() })),
});

export const lessonCommentIdBody = z.strictObject({ id });

/** A question or an answer as staff moderate it: with its course, lesson, writer and state. */
export const lessonCommentAdminRow = lessonCommentView.omit({ mine: true }).extend({
  product_id: id,
  product_title: z.string(),
  video_name: z.string(),
  /** The member who wrote it; null for staff and coaches. */
  user_id: id.nullable(),
  /** The question an answer answers, for the context. */
  question: z.string().nullable(),
});
export const lessonCommentAdminQuery = z.strictObject({
  state: z.enum(moderationStates).optional(),
  product_id: f.ref().optional(),
  /** Only questions no staff or coach has answered yet. */
  unanswered: z.enum(['true', 'false']).optional(),
  page,
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

/** The lesson question routes, spread into `apiRoutes` (routes.ts). */
export const lessonCommentRoutes = {
  /** Buyers and staff: a page of a lesson's questions, newest first, each with its answers. */
  lessonComments: { method: 'GET', query: lessonCommentsQuery, response: lessonCommentsPage },
  /** A buyer asks or answers under a lesson; staff answer, signed as the shop or as a coach of the course. */
  lessonCommentSave: { method: 'POST', body: lessonCommentBody, response: envelope(lessonCommentView) },
  /** A member deletes what they wrote; a question goes with its answers. */
  lessonCommentDelete: { method: 'POST', body: lessonCommentIdBody, response: envelope(z.null()) },
  /** Staff: every question and answer with its state (the back office's userComment screen). */
  lessonCommentModeration: {
    method: 'GET',
    query: lessonCommentAdminQuery,
    response: listEnvelope(lessonCommentAdminRow),
  },
  /** Staff: hide or restore a question or an answer, audited. */
  lessonCommentModerate: { method: 'POST', body: moderationBody, response: envelope(lessonCommentAdminRow) },
} as const;
