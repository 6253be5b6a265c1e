import { type BookSendState, type CancelReason, cancelNoteRequired, type OrderUpdateBody } from '@sikkha/contract';
import { coursePath } from '@sikkha/contract/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notify } from '../../db/notify.js';
import { orderPayment, orders } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { fail, forbidden, invalidField, notFound } from '../../errors.js';
import { issueCertificate } from '../../jobs/certificate.job.js';
import { sendMail } from '../../jobs/mail.job.js';
import { allows, authorize, type SignedIn } from '../../policies/index.js';
import { stopCharges } from './charges.js';
import { cancelOrder } from './finish.js';
import { orderCancelledMail } from './mail.js';
import { byToken, viewOf } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import { attachSlip } from './slip-check.js';
import { aboutOrder, approveOrder, ordersMarks, recordOrderMarks, refuseOrder, slipReused } from './staff-orders.js';

/**
 * ordersUpdate. A member attaches a slip to their own waiting transfer or personal-QR order, or cancels it; staff
 * approve (the one finish), cancel, and set the book and certificate marks.
 */
export async function updateOrder(ctx: OrdersContext, actor: SignedIn, body: OrderUpdateBody) {
  const { db, clock, transact } = ctx;
  const [order] = await db
    .select({ id: orders.id, user_id: orders.user_id, payment: orders.orders_payment })
    .from(orders)
    .where(eq(orders.id, body.id));
  if (!order) throw notFound();
  const now = clock.now();
  if (await allows(ctx.policy(), actor, 'order.manage', null)) {
    if (body.orders_status === 'cancel' && !body.cancel_note)
      throw invalidField('cancel_note', 'required', cancelNoteRequired);
    if (body.orders_status === 'cancel') await stopChargesOrRefuse(ctx, order.id);
    return transact(async (work) => {
      const [before] = await ordersMarks(work, [order.id]);
      if (
        body.orders_status === 'finish' &&
        !(await approveOrder(work, ctx.finishDeps, order.id, actor.id, body.slip_override))
      ) {
        throw fail('CONFLICT', 'orderNotWaiting');
      }
      if (
        body.orders_status === 'cancel' &&
        !(await refuseOrder(work, ctx.finishDeps, order.id, actor.id, body.cancel_note!))
      ) {
        throw fail('CONFLICT', 'orderNotWaiting');
      }
      const marks = {
        ...(body.orders_book_send ? { orders_book_send: body.orders_book_send } : {}),
        ...(body.orders_certificate ? { orders_certificate: body.orders_certificate } : {}),
      };
      if (body.orders_certificate === 'Y') {
        // A certificate is for a course that was paid for: asked with the approval, or on a finished order.
        const [current] = await work.db
          .select({ status: orders.orders_status })
          .from(orders)
          .where(eq(orders.id, order.id));
        if (current?.status !== 'finish') throw fail('CONFLICT', 'orderNotFinished');
        // The job makes each course's certificate once, however often staff tick the box.
        await ctx.jobs.enqueue(work, issueCertificate, { reason: 'order', orders_id: order.id });
      }
      if (Object.keys(marks).length > 0) {
        await work.db
          .update(orders)
          .set({ ...marks, update_at: now.toISOString() })
          .where(eq(orders.id, order.id));
        if (before) await recordOrderMarks(work, clock, actor.id, before, marks);
      }
      return viewOf(work.db, order.id);
    });
  }
  await authorize({ db, now }, actor, 'order.pay', order);
  if (
    body.orders_book_send ||
    body.orders_certificate ||
    body.orders_status === 'finish' ||
    body.cancel_note ||
    body.slip_override
  ) {
    throw forbidden();
  }
  if (body.orders_status === 'cancel') {
    await stopChargesOrRefuse(ctx, order.id);
    return transact(async (work) => {
      if (!(await cancelOrder(work, clock, order.id, 'member')) && !(await cancelledByMember(work, order.id))) {
        throw fail('CONFLICT', 'orderNotWaiting');
      }
      return viewOf(work.db, order.id);
    });
  }
  return attachSlip(ctx, actor, order, body);
}

/**
 * ordersUpdataAll (staff): approve or refuse (with the reason the members read) several orders, each in its own
 * unit of work; answers how many moved (one cancelled meanwhile by its member stays cancelled).
 */
export async function updateAll(
  ctx: OrdersContext,
  staff: SignedIn,
  ids: number[],
  status: 'finish' | 'cancel',
  note?: string,
) {
  await ctx.manage(staff);
  if (status === 'cancel' && !note) throw invalidField('cancel_note', 'required', cancelNoteRequired);
  let updated = 0;
  for (const id of [...new Set(ids)]) {
    // A paid charge finishes its order rather than be refused; a slip seen on another order needs its own look.
    if (status === 'cancel' && (await stopCharges(ctx, id)) === 'finished') continue;
    if (status === 'finish' && (await slipReused(ctx.db, id))) continue;
    const moved = await ctx.transact((work) =>
      status === 'finish'
        ? approveOrder(work, ctx.finishDeps, id, staff.id)
        : refuseOrder(work, ctx.finishDeps, id, staff.id, note!),
    );
    if (moved) updated += 1;
  }
  return { updated };
}

/** ordersUpdataListBookSend (staff): the shipping state of several book orders at once. */
export async function setBookSend(ctx: OrdersContext, actor: SignedIn, ids: number[], status: BookSendState) {
  await ctx.manage(actor);
  const rows = await ctx.transact(async (work) => {
    const before = await ordersMarks(work, ids);
    for (const order of before) await recordOrderMarks(work, ctx.clock, actor.id, order, { orders_book_send: status });
    return work.db
      .update(orders)
      .set({ orders_book_send: status, update_at: ctx.clock.now().toISOString() })
      .where(inArray(orders.id, ids))
      .returning({ id: orders.id });
  });
  return { updated: rows.length };
}

/** ordersCancelByCode: whoever holds a waiting order's payment page reference may cancel it. */
export async function cancelByCode(ctx: OrdersContext, code: string) {
  const found = await byToken(ctx.db, code);
  await stopChargesOrRefuse(ctx, found.id);
  await ctx.transact(async (work) => {
    if (!(await cancelOrder(work, ctx.clock, found.id, 'code'))) throw fail('CONFLICT', 'orderNotWaiting');
  });
}

/** The expiry job: cancels the order if it still waits and its time has come. */
export async function expire(ctx: OrdersContext, orderId: number, reason: CancelReason = 'expiry') {
  return ctx.transact(async (work) => {
    const [due] = await work.db
      .select({ id: orderPayment.orders_id })
      .from(orderPayment)
      .where(
        and(eq(orderPayment.orders_id, orderId), sql`${orderPayment.expires_at} <= ${ctx.clock.now().toISOString()}`),
      );
    if (!due || !(await cancelOrder(work, ctx.clock, orderId, reason))) return false;
    await tellCancelled(ctx, work, orderId);
    return true;
  });
}

/**
 * Stops the order's pending gateway charges before a cancel; an order a charge paid meanwhile is finished, and the
 * cancel is refused as for any order that no longer waits.
 */
async function stopChargesOrRefuse(ctx: OrdersContext, orderId: number) {
  if ((await stopCharges(ctx, orderId)) === 'finished') throw fail('CONFLICT', 'orderNotWaiting');
}

/** An order that lapsed unpaid: its member is told in the app and by e-mail that nothing was taken, and how to buy. */
async function tellCancelled(ctx: OrdersContext, work: Work, orderId: number) {
  const about = await aboutOrder(work, orderId);
  if (!about) return;
  const title = about.product_title ?? '';
  const reference = about.orders_ref ?? `#${orderId}`;
  const again = `${ctx.publicUrl}${coursePath(title)}`;
  await notify(
    work,
    {
      user_id: about.user_id,
      icon: 'schedule',
      color: 'warning',
      to: coursePath(title),
      message: `คำสั่งซื้อ ${reference} (${title}) หมดเวลาชำระเงินและถูกยกเลิก ไม่มีการเรียกเก็บเงิน`,
    },
    ctx.clock.now(),
  );
  if (about.email) {
    await ctx.jobs.enqueue(
      work,
      sendMail,
      orderCancelledMail({
        to: about.email,
        name: [about.name_th, about.lname_th].filter(Boolean).join(' ') || null,
        title,
        reference,
        why: 'เนื่องจากไม่ได้รับการชำระเงินภายในเวลาที่กำหนด',
        money: 'ไม่มีการเรียกเก็บเงินจากคุณสำหรับคำสั่งซื้อนี้',
        link: again,
      }),
      { key: `orders.expired:${orderId}` },
    );
  }
}

/**
 * A member's cancel sent again (its answer was lost on the way, or a second tap) finds the order it already
 * cancelled: it gets the same answer, not a conflict about its own earlier request.
 */
async function cancelledByMember(work: Work, orderId: number): Promise<boolean> {
  const [row] = await work.db
    .select({ status: orders.orders_status, reason: orderPayment.cancel_reason })
    .from(orders)
    .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
    .where(eq(orders.id, orderId));
  return row?.status === 'cancel' && row.reason === 'member';
}
