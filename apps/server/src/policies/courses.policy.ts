import type { CourseStateName, LessonStatus, OrderPayment } from '@sikkha/contract';
import { accessWindow, unreachable } from '@sikkha/contract/rules';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { orderPayment, orders, ordersDetail } from '../db/schema/index.js';
import type { Actor } from './actor.js';

export interface FinishedCourse {
  product_id: number;
  approve_date: string | null;
  day: number;
  count: number;
}

export interface WaitingCourse {
  product_id: number;
  payment: OrderPayment;
  ref: string;
}

/**
 * The one place that says which courses a member may watch: finished orders within their 2-year window, and
 * orders waiting for payment. Playback, downloads, certificates and the signed-in user object all ask here.
 */
export async function coursesOf(db: Executor, userId: number, now: Date) {
  const rows = await db
    .select({
      product_id: ordersDetail.product_id,
      status: orders.orders_status,
      payment: orders.orders_payment,
      // The payment page's opaque reference (/creditCard/{ref}, /qrPlayment/{ref}), never the guessable SPSK one.
      ref: orderPayment.token,
      approve_date: orders.approve_date,
      update_at: orders.update_at,
    })
    .from(orders)
    .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
    .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
    .where(and(eq(orders.user_id, userId), inArray(orders.orders_status, ['finish', 'wait'])))
    .orderBy(desc(orders.id));

  const finished = new Map<number, FinishedCourse>();
  const waiting = new Map<number, WaitingCourse>();
  for (const row of rows) {
    switch (row.status) {
      case 'finish': {
        const approved = row.approve_date ?? row.update_at;
        const window = accessWindow(new Date(approved), now);
        const current = finished.get(row.product_id);
        // The newest purchase of a course counts: a repurchase restarts the window.
        if (window.count < window.day && (!current || window.count < current.count)) {
          finished.set(row.product_id, { product_id: row.product_id, approve_date: row.approve_date, ...window });
        }
        break;
      }
      case 'wait':
        if (!waiting.has(row.product_id)) {
          waiting.set(row.product_id, {
            product_id: row.product_id,
            payment: row.payment ?? 'transfer',
            ref: row.ref ?? '',
          });
        }
        break;
      case 'cancel':
      case 'refund':
      case 'paid_after_cancel':
        break;
      default:
        unreachable(row.status);
    }
  }
  for (const id of finished.keys()) waiting.delete(id);
  return { finished: [...finished.values()], waiting: [...waiting.values()] };
}

export type Courses = Awaited<ReturnType<typeof coursesOf>>;

/**
 * A caller's relation to one course (spec: notLogin, create, wait, finish), from `coursesOf` of a member. Staff
 * and visitors own nothing; staff are let in by `lessonUnlocked` instead.
 */
export function courseStateOf(actor: Actor, courses: Courses | null, productId: number): CourseStateName {
  if (actor.kind !== 'member' || !courses) return 'notLogin';
  if (courses.finished.some((c) => c.product_id === productId)) return 'finish';
  if (courses.waiting.some((c) => c.product_id === productId)) return 'wait';
  return 'create';
}

/** Whether the caller gets what only buyers get (private lessons, group links): a finished purchase, or staff. */
export const buyerContentOpen = (actor: Actor, state: CourseStateName) => actor.kind === 'staff' || state === 'finish';

/** A private lesson is locked until the course is bought; preview and public lessons play for everyone. */
export function lessonLocked(actor: Actor, state: CourseStateName, lessonStatus: LessonStatus): boolean {
  switch (lessonStatus) {
    case 'preview':
    case 'public':
      return false;
    case 'private':
      return !buyerContentOpen(actor, state);
    default:
      return unreachable(lessonStatus);
  }
}
