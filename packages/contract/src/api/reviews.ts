import { z } from 'zod';
import { envelope, listEnvelope } from '../envelope.js';
import { f } from '../fields.js';
import { message } from '../messages.js';
import { moderationBody, moderationStates } from './moderation.js';

/** The longest review a member may write, in characters. */
export const REVIEW_TEXT_MAX = 2000;

const id = z.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * A buyer's review of a course: 1 to 5 whole stars (a number, never the string "5") and plain text. The text is
 * kept as typed and escaped wherever it is shown; control characters never reach here (the app's global guard).
 */
export const reviewBody = z.strictObject({
  product_id: id,
  rating: z
    .number({ error: message('reviewRatingInvalid') })
    .int(message('reviewRatingInvalid'))
    .min(1, message('reviewRatingInvalid'))
    .max(5, message('reviewRatingInvalid')),
  text: z
    .string({ error: message('reviewTextRequired') })
    .trim()
    .min(1, message('reviewTextRequired'))
    .max(REVIEW_TEXT_MAX, message('reviewTextTooLong')),
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const reviewIdBody = z.strictObject({ id });

/** A course's average of its shown reviews (one decimal) and their count; 0 and 0 when it has none. */
export const ratingSummary = z.object({ product_id: id, average: z.number(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummary>;

/** A review as anyone may read it: the reviewer by display name only, never by e-mail. */
export const reviewView = z.object({
  id,
  product_id: id,
  rating: z.number().int(),
  text: z.string(),
  /** Nickname, or first name and the initial of the last name; "สมาชิก" when the member gave neither. */
  reviewer: z.string(),
  helpful: z.number().int(),
  create_at: z.string(),
  update_at: z.string(),
});
export type ReviewView = z.infer<typeof reviewView>;

export const reviewSorts = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

export const reviewListQuery = z.strictObject({
  product_id: f.ref(),
  sort: z.enum(reviewSorts).default('newest'),
  page,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** The same page for every caller (so it is cached): the course's summary beside its shown reviews. */
export const reviewList = listEnvelope(reviewView).extend({ summary: ratingSummary });

/** What the signed-in member has to do with a course's reviews: may they write, their own review, what they marked. */
export const reviewMine = z.object({
  mayReview: z.boolean(),
  review: reviewView.extend({ state: z.enum(moderationStates) }).nullable(),
  /** Reviews of this course the member marked helpful. */
  helpful: z.array(id),
});
export const reviewMineQuery = z.strictObject({ product_id: f.ref() });

/** A review as staff moderate it: with its course, its member and its state. */
export const reviewAdminRow = reviewView.extend({
  product_title: z.string(),
  user_id: id,
  state: z.enum(moderationStates),
});
export const reviewAdminQuery = z.strictObject({
  state: z.enum(moderationStates).optional(),
  product_id: f.ref().optional(),
  page,
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

/** The review routes, spread into `apiRoutes` (routes.ts). */
export const reviewRoutes = {
  /** Public (cached): every course on show's rating, for the course cards. */
  reviewSummaries: { method: 'GET', response: listEnvelope(ratingSummary) },
  /** Public (cached): a page of a course's shown reviews, newest or most helpful first, with its summary. */
  reviewList: { method: 'GET', query: reviewListQuery, response: reviewList },
  /** Member: whether they may review this course, their review and the reviews they marked helpful. */
  reviewMine: { method: 'GET', query: reviewMineQuery, response: envelope(reviewMine) },
  /** A buyer writes their review of a course, or edits it: one per member and course. */
  reviewSave: { method: 'POST', body: reviewBody, response: envelope(reviewView) },
  /** The author deletes their review. */
  reviewDelete: { method: 'POST', body: reviewIdBody, response: envelope(z.null()) },
  /** A member marks another's review helpful, once; answers the review's count. */
  reviewHelpful: { method: 'POST', body: reviewIdBody, response: envelope(reviewView) },
  /** Staff: every review with its state (the back office's userComment screen). */
  reviewModeration: { method: 'GET', query: reviewAdminQuery, response: listEnvelope(reviewAdminRow) },
  /** Staff: hide or restore a review, audited. */
  reviewModerate: { method: 'POST', body: moderationBody, response: envelope(reviewAdminRow) },
} as const;
