import type { BookSendState, reviewQuery } from '@sikkha/contract';
import { asc, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import { recordStaffWrite } from '../../db/audit-log.js';
import type { Executor } from '../../db/client.js';
import { contains } from '../../db/like.js';
import { notify } from '../../db/notify.js';
import { orderPayment, orderSlip, orders, ordersDetail, product, user } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { fail } from '../../errors.js';
import { sendMail } from '../../jobs/mail.job.js';
import { allOf } from '../../policies/index.js';
import { cancelOrder, type FinishDeps, finishOrder } from './finish.js';
import { orderRefusedMail } from './mail.js';

type StaffOrdersQuery = z.output<typeof reviewQuery>;
const DAY_MS = 86_400_000;

/** The back office's order filters as one condition (the joins of the order views are assumed). */
export function staffOrdersWhere(q: StaffOrdersQuery): SQL | undefined {
  const words = q.q?.split(/\s+/).filter(Boolean).slice(0, 5) ?? [];
  return allOf(
    q.orders_status ? eq(orders.orders_status, q.orders_status) : undefined,
    q.orders_payment ? eq(orders.orders_payment, q.orders_payment) : undefined,
    q.orders_book_send ? eq(orders.orders_book_send, q.orders_book_send) : undefined,
    q.product_book ? eq(product.product_book, q.product_book) : undefined,
    q.cancel_reason ? eq(orderPayment.cancel_reason, q.cancel_reason) : undefined,
    q.user_id ? eq(orders.user_id, q.user_id) : undefined,
    q.product_id ? eq(ordersDetail.product_id, q.product_id) : undefined,
    q.from ? gte(orders.create_at, new Date(`${q.from}T00:00:00+07:00`).toISOString()) : undefined,
    q.to ? lt(orders.create_at, new Date(Date.parse(`${q.to}T00:00:00+07:00`) + DAY_MS).toISOString()) : undefined,
    ...words.map((word) =>
      or(
        contains(user.email, word),
        contains(user.name_th, word),
        contains(user.lname_th, word),
        contains(user.phone, word),
        contains(orders.orders_ref, word),
        contains(orders.order_no, word),
        contains(product.product_title, word),
      ),
    ),
  );
}

/** The order of the back office's lists; ties by id, so pages never repeat or skip a row. */
export function staffOrdersSort(q: Pick<StaffOrdersQuery, 'sort' | 'order'>): SQL[] {
  const direction = q.order === 'asc' ? asc : desc;
  return [direction(orders[q.sort]), direction(orders.id)];
}

/** Who an order concerns, for the audit log and the member's messages. */
export async function aboutOrder(work: Work, orderId: number) {
  const [about] = await work.db
    .select({
      user_id: orders.user_id,
      orders_ref: orders.orders_ref,
      email: user.email,
      name_th: user.name_th,
      lname_th: user.lname_th,
      product_title: product.product_title,
    })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.user_id))
    .leftJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
    .leftJoin(product, eq(product.id, ordersDetail.product_id))
    .where(eq(orders.id, orderId))
    .limit(1);
  return about;
}

/** Whether the order's slip is one another order already sent (the same picture): approving it needs an override. */
export async function slipReused(executor: Executor, orderId: number) {
  const [slip] = await executor
    .select({ flags: orderSlip.flags })
    .from(orderSlip)
    .where(eq(orderSlip.orders_id, orderId))
    .orderBy(desc(orderSlip.id))
    .limit(1);
  return Boolean(slip?.flags.includes('reused'));
}

/**
 * Staff approve a waiting order: the one finish, and the audit log says who. A slip another order already used is
 * approved only with `override`, staff's reason, kept in the audit history. False when it no longer waits.
 */
export async function approveOrder(work: Work, deps: FinishDeps, orderId: number, staffId: number, override?: string) {
  const reused = await slipReused(work.db, orderId);
  if (reused && !override) throw fail('CONFLICT', 'slipOverrideRequired');
  if (!(await finishOrder(work, deps, orderId, staffId))) return false;
  const about = await aboutOrder(work, orderId);
  await recordStaffWrite(work, deps.clock, {
    personnelId: staffId,
    action: 'approve',
    subject: 'orders',
    subjectId: orderId,
    memberId: about?.user_id ?? null,
    changes: { orders_status: ['wait', 'finish'], ...(reused ? { slip_override: [null, 'reused'] } : {}) },
    note: reused ? override : null,
  });
  return true;
}

/**
 * Staff refuse a waiting order's payment: it is cancelled with their reason, the member is told in the app and by
 * e-mail why, and the audit log says who. False when it no longer waits.
 */
export async function refuseOrder(work: Work, deps: FinishDeps, orderId: number, staffId: number, note: string) {
  if (!(await cancelOrder(work, deps.clock, orderId, 'staff'))) return false;
  await work.db.update(orderPayment).set({ cancel_note: note }).where(eq(orderPayment.orders_id, orderId));
  const about = await aboutOrder(work, orderId);
  const title = about?.product_title ?? '';
  if (about) {
    await notify(
      work,
      {
        user_id: about.user_id,
        icon: 'error',
        color: 'error',
        to: '/courses/onlyOrder',
        message: `การชำระเงินไม่ผ่านการตรวจสอบ: ${title} (${note})`,
      },
      deps.clock.now(),
    );
    if (about.email) {
      await deps.jobs.enqueue(
        work,
        sendMail,
        orderRefusedMail({
          to: about.email,
          name: [about.name_th, about.lname_th].filter(Boolean).join(' ') || null,
          title,
          reference: about.orders_ref ?? `#${orderId}`,
          reason: note,
          link: `${deps.publicUrl}/courses/onlyOrder`,
        }),
        { key: `orders.refused:${orderId}` },
      );
    }
  }
  await recordStaffWrite(work, deps.clock, {
    personnelId: staffId,
    action: 'reject',
    subject: 'orders',
    subjectId: orderId,
    memberId: about?.user_id ?? null,
    changes: { orders_status: ['wait', 'cancel'] },
    note,
  });
  return true;
}

/** A staff change of an order's marks (book shipping, certificate), in the audit log with what it was before. */
export async function recordOrderMarks(
  work: Work,
  clock: Clock,
  staffId: number,
  before: {
    id: number;
    user_id: number | null;
    orders_book_send: BookSendState | null;
    orders_certificate: string | null;
  },
  marks: { orders_book_send?: BookSendState | undefined; orders_certificate?: string | undefined },
) {
  const changes: Record<string, [unknown, unknown]> = {};
  if (marks.orders_book_send && marks.orders_book_send !== before.orders_book_send) {
    changes.orders_book_send = [before.orders_book_send, marks.orders_book_send];
  }
  if (marks.orders_certificate && marks.orders_certificate !== before.orders_certificate) {
    changes.orders_certificate = [before.orders_certificate, marks.orders_certificate];
  }
  if (Object.keys(changes).length === 0) return;
  await recordStaffWrite(work, clock, {
    personnelId: staffId,
    action: 'update',
    subject: 'orders',
    subjectId: before.id,
    memberId: before.user_id,
    changes,
  });
}

/** The marks of orders before staff change them, locked until the change commits. */
export function ordersMarks(work: Work, ids: number[]) {
  return work.db
    .select({
      id: orders.id,
      user_id: orders.user_id,
      orders_book_send: orders.orders_book_send,
      orders_certificate: orders.orders_certificate,
    })
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id))
    .for('update');
}
