import type { UploadKind } from '@sikkha/contract';
import type { Executor } from '../db/client.js';
import { fail, forbidden, notFound } from '../errors.js';
import type { Actor } from './actor.js';
import { mayReadCertificate } from './certificates.policy.js';
import { type CoinCouponSubject, mayManageCoins, mayReadCoinCoupon, mayReadCoinHistory } from './coins.policy.js';
import { mayManageCoupons } from './coupons.policy.js';
import type { Decision } from './decision.js';
import { mayReadFile, mayUpload } from './files.policy.js';
import { mayDeleteLessonComment, mayDiscussLesson } from './lesson-comments.policy.js';
import { type Lesson, mayMarkLesson, mayPlayLesson } from './lessons.policy.js';
import { mayLinkChat, maySendMessages } from './messaging.policy.js';
import { mayManageOrders, mayPayOrder, mayReadOrder } from './orders.policy.js';
import { canSeeProduct } from './products.policy.js';
import {
  mayAnswerAttempt,
  mayListQuizzes,
  mayManageQuizzes,
  mayReadAttempt,
  mayTakeQuiz,
  type QuizSubject,
} from './quizzes.policy.js';
import {
  mayChangeReview,
  mayMarkHelpful,
  mayModerate,
  mayReview,
  type ReviewedCourse,
  type ReviewSubject,
} from './reviews.policy.js';
import { mayReadStatistics } from './statistics.policy.js';

export type { Actor, Role, SignedIn } from './actor.js';
export { certificateEarned } from './certificates.policy.js';
export { buyerContentOpen, type Courses, courseStateOf, coursesOf, lessonLocked } from './courses.policy.js';
export type { Decision, Refusal } from './decision.js';
export { type Lesson, type LessonGate, lessonGates, lessonStatusOf } from './lessons.policy.js';
export { ordersVisibleTo } from './orders.policy.js';
export { courseContentVisibleTo, productsVisibleTo } from './products.policy.js';
export {
  allOf,
  columnsOf,
  memberMayAdd,
  type ResourceContext,
  readScope,
  type Scope,
  writeScope,
} from './resources.policy.js';

/** What a rule may read besides the actor and the subject. */
export interface PolicyContext {
  db: Executor;
  now: Date;
}

type Rule<S> = (actor: Actor, subject: S, ctx: PolicyContext) => Decision | Promise<Decision>;

/**
 * Every right of the shop that is decided on one thing, by name. Lists decide the same rights as conditions
 * (`productsVisibleTo`, `readScope`), from the same functions. Whether a member may use a coupon is not a yes or no
 * but a verdict with its reason and status (`couponVerdict` in coupons.policy.ts), so it is asked there.
 */
const rules = {
  'product.read': (actor, product: { product_status: string | null }) => canSeeProduct(actor, product) || 'hide',
  'file.upload': (actor, kind: UploadKind) => mayUpload(actor, kind),
  'file.read': (actor, file: { kind: UploadKind; name: string }, ctx) => mayReadFile(ctx.db, actor, file, ctx.now),
  'lesson.play': (actor, lesson: Lesson, ctx) => mayPlayLesson(ctx.db, actor, lesson, ctx.now),
  'lesson.mark': (actor, lesson: Lesson, ctx) => mayMarkLesson(ctx.db, actor, lesson, ctx.now),
  'order.read': (actor, order: { user_id: number }) => mayReadOrder(actor, order),
  'order.pay': (actor, order: { user_id: number }) => mayPayOrder(actor, order),
  'order.manage': (actor, _subject: null) => mayManageOrders(actor),
  'message.send': (actor, _subject: null) => maySendMessages(actor),
  'chat.link': (actor, _subject: null) => mayLinkChat(actor),
  'quiz.manage': (actor, _subject: null) => mayManageQuizzes(actor),
  'quiz.list': (actor, course: { product_id: number; product_status: string | null }, ctx) =>
    mayListQuizzes(ctx.db, actor, course, ctx.now),
  'quiz.take': (actor, quiz: QuizSubject, ctx) => mayTakeQuiz(ctx.db, actor, quiz, ctx.now),
  'quiz.readAttempt': (actor, attempt: { user_id: number }) => mayReadAttempt(actor, attempt),
  'quiz.answer': (actor, attempt: { user_id: number }) => mayAnswerAttempt(actor, attempt),
  'review.write': (actor, course: ReviewedCourse, ctx) => mayReview(ctx.db, actor, course),
  'review.change': (actor, review: { user_id: number }) => mayChangeReview(actor, review),
  'review.helpful': (actor, review: ReviewSubject) => mayMarkHelpful(actor, review),
  'review.moderate': (actor, _subject: null) => mayModerate(actor),
  'coupon.manage': (actor, _subject: null) => mayManageCoupons(actor),
  'coinCoupon.read': (actor, coupon: CoinCouponSubject) => mayReadCoinCoupon(actor, coupon),
  'coin.history': (actor, owner: { user_id: number }) => mayReadCoinHistory(actor, owner),
  'coin.manage': (actor, _subject: null) => mayManageCoins(actor),
  'certificate.read': (actor, c: { user_id: number }) => mayReadCertificate(actor, c),
  'statistics.read': (actor, owner: { user_id: number }) => mayReadStatistics(actor, owner),
  'lesson.discuss': (actor, lesson: Lesson, ctx) => mayDiscussLesson(ctx.db, actor, lesson, ctx.now),
  'lessonComment.delete': (actor, comment: { user_id: number | null }) => mayDeleteLessonComment(actor, comment),
  'lessonComment.moderate': (actor, _subject: null) => mayModerate(actor),
} satisfies Record<string, Rule<never>>;

type Rules = typeof rules;
export type Action = keyof Rules;
type SubjectOf<A extends Action> = Parameters<Rules[A]>[1];

/** Whether the actor may do this to the subject, for a caller that chooses what to do by it. */
export async function allows<A extends Action>(
  ctx: PolicyContext,
  actor: Actor,
  action: A,
  subject: SubjectOf<A>,
): Promise<boolean> {
  const rule = rules[action] as Rule<SubjectOf<A>>;
  return (await rule(actor, subject, ctx)) === true;
}

/** Throws 403, or 404 where the rule hides the subject, unless the actor may do this to it. */
export async function authorize<A extends Action>(
  ctx: PolicyContext,
  actor: Actor,
  action: A,
  subject: SubjectOf<A>,
): Promise<void> {
  const rule = rules[action] as Rule<SubjectOf<A>>;
  const decision = await rule(actor, subject, ctx);
  if (decision === true) return;
  if (decision === 'hide') throw notFound();
  throw decision === false ? forbidden() : fail('FORBIDDEN', decision.refused);
}
