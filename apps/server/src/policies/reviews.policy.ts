import type { ModerationState } from '@sikkha/contract';
import type { Executor } from '../db/client.js';
import { latestPurchase } from '../db/purchases.js';
import type { Actor } from './actor.js';
import type { Decision } from './decision.js';
import { canSeeProduct } from './products.policy.js';

export interface ReviewedCourse {
  id: number;
  product_status: string | null;
}

export interface ReviewSubject {
  user_id: number;
  review_state: ModerationState;
  course: ReviewedCourse;
}

/**
 * Whether the member bought the course: a finished order of it, at any time. A review speaks of the course they
 * paid for, so it stays theirs to write after the 2-year viewing window; a refunded or cancelled order is no purchase.
 */
async function bought(db: Executor, userId: number, productId: number) {
  return (await latestPurchase(db, userId, productId)) !== null;
}

/** Writing (or rewriting) a review of a course: members who bought it. A hidden course stays unseen. */
export async function mayReview(db: Executor, actor: Actor, course: ReviewedCourse): Promise<Decision> {
  if (!canSeeProduct(actor, course)) return 'hide';
  if (actor.kind !== 'member') return false;
  return bought(db, actor.id, course.id);
}

/** Editing and deleting a review: its author only. */
export const mayChangeReview = (actor: Actor, review: { user_id: number }): Decision =>
  actor.kind === 'member' && actor.id === review.user_id;

/** Marking a review helpful: any member but its author, on a review and course anyone may see. */
export function mayMarkHelpful(actor: Actor, review: ReviewSubject): Decision {
  if (review.review_state !== 'shown' || !canSeeProduct({ kind: 'visitor' }, review.course)) return 'hide';
  return actor.kind === 'member' && actor.id !== review.user_id;
}

/** Hiding and restoring what members wrote: staff. */
export const mayModerate = (actor: Actor): Decision => actor.kind === 'staff';
