import { type Satang, toBaht, toSatang } from '@sikkha/contract/rules';
import { and, eq, ne } from 'drizzle-orm';
import { notify } from '../../db/notify.js';
import { orders, paymentCharge, reconcileMismatch } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';
import { gatewayUnavailable } from '../../providers/payments/http.js';
import type { ChargeInfo, ChargeMethod } from '../../providers/payments/port.js';
import { finishOrder } from './finish.js';
import { settleMemberStatus } from './member-status.js';
import type { OrdersContext } from './orders-context.js';

/**
 * The shop's record of the charges it made at the gateway, and the gateway's word on them: the only way a gateway
 * payment moves an order. Every charge the gateway says is paid ends somewhere staff or the member see: the order it
 * finishes, a cancelled order turned `paid_after_cancel` for staff to refund or grant, or (an order already paid
 * by another charge) a reconciliation line.
 */

export async function keepCharge(
  ctx: OrdersContext,
  orderId: number,
  chargeId: string,
  method: ChargeMethod,
  amount: Satang,
) {
  const at = ctx.clock.now().toISOString();
  // Two retries of one attempt at once are both answered the charge the attempt made: it is kept once.
  await ctx.db
    .insert(paymentCharge)
    .values({
      orders_id: orderId,
      gateway: ctx.gateway!.name,
      charge_id: chargeId,
      method,
      amount: toBaht(amount),
      create_at: at,
      update_at: at,
    })
    .onConflictDoNothing();
}

/**
 * A paid charge whose order is no longer waiting: a cancelled order takes `paid_after_cancel` (the top of staff's
 * orders screen, a count in its badge), its member's status is Wait again and they are told the money arrived and
 * staff will answer; an order a second charge already paid is listed for staff by reconciliation's table.
 */
async function paidElsewhere(ctx: OrdersContext, work: Work, known: typeof paymentCharge.$inferSelect) {
  const now = ctx.clock.now();
  const [moved] = await work.db
    .update(orders)
    .set({ orders_status: 'paid_after_cancel', update_at: now.toISOString() })
    .where(and(eq(orders.id, known.orders_id), eq(orders.orders_status, 'cancel')))
    .returning({ user_id: orders.user_id, ref: orders.orders_ref });
  if (moved) {
    await settleMemberStatus(work, moved.user_id);
    await notify(
      work,
      {
        user_id: moved.user_id,
        icon: 'info',
        color: 'warning',
        to: '/courses/onlyOrder',
        message: `ได้รับเงินสำหรับคำสั่งซื้อ ${moved.ref ?? ''} หลังจากยกเลิกแล้ว ทีมงานจะคืนเงินหรือเปิดสิทธิ์เรียนให้โดยเร็ว`,
      },
      now,
    );
    return;
  }
  const [order] = await work.db
    .select({ status: orders.orders_status })
    .from(orders)
    .where(eq(orders.id, known.orders_id));
  if (order?.status === 'paid_after_cancel') return;
  await work.db
    .insert(reconcileMismatch)
    .values({
      kind: 'paidNotFinished',
      gateway: known.gateway,
      charge_id: known.charge_id,
      orders_id: known.orders_id,
      gateway_record: { status: 'paid', amount: known.amount },
      shop_record: { orders_status: order?.status ?? null, note: 'order already paid or refunded' },
      create_at: now.toISOString(),
    })
    .onConflictDoNothing();
}

/**
 * Settles one charge by the gateway's word: records its state and, when paid for the order's full amount under the
 * order's reference, finishes the order (once, however many ask at the same time) or, when the order no longer
 * waits, keeps the money visible (`paidElsewhere`). Answers the charge's state.
 */
export async function settle(ctx: OrdersContext, chargeId: string): Promise<ChargeInfo['status'] | null> {
  const { db, gateway } = ctx;
  if (!gateway) return null;
  const [known] = await db
    .select()
    .from(paymentCharge)
    .where(and(eq(paymentCharge.gateway, gateway.name), eq(paymentCharge.charge_id, chargeId)));
  if (!known) return null;
  const info = await gateway.getCharge(chargeId);
  const [order] = await db.select({ ref: orders.orders_ref }).from(orders).where(eq(orders.id, known.orders_id));
  const paidInFull =
    info.status === 'paid' && info.amount === toSatang(known.amount) && info.orderRef === (order?.ref ?? '');
  const next = info.status === 'paid' && !paidInFull ? 'failed' : info.status;
  return ctx.transact(async (work) => {
    // A charge only moves forward, once. An answer read before another settle or a cancel's stop recorded a later
    // state (pending over expired or paid) changes nothing; of several settles of one paid charge at once (the
    // notification, the person's return, a cancel stopping it, the expiry job) the first to record it paid moves the
    // order, the others wait on the row's lock and find it paid.
    const [moved] = await work.db
      .update(paymentCharge)
      .set({
        status: next,
        failure_message: paidInFull ? null : (info.failureMessage ?? null),
        update_at: ctx.clock.now().toISOString(),
      })
      .where(
        and(
          eq(paymentCharge.id, known.id),
          ne(paymentCharge.status, 'paid'),
          next === 'pending' ? eq(paymentCharge.status, 'pending') : undefined,
        ),
      )
      .returning({ id: paymentCharge.id });
    if (!moved) {
      const [kept] = await work.db
        .select({ status: paymentCharge.status })
        .from(paymentCharge)
        .where(eq(paymentCharge.id, known.id));
      return kept?.status ?? next;
    }
    if (paidInFull && !(await finishOrder(work, ctx.finishDeps, known.orders_id, null))) {
      await paidElsewhere(ctx, work, known);
    }
    return next;
  });
}

/** The pending charges of an order, asked again; true when the order finished. */
export async function settleOrder(ctx: OrdersContext, orderId: number) {
  const pending = await ctx.db
    .select({ charge_id: paymentCharge.charge_id })
    .from(paymentCharge)
    .where(and(eq(paymentCharge.orders_id, orderId), eq(paymentCharge.status, 'pending')));
  let paid = false;
  for (const charge of pending) if ((await settle(ctx, charge.charge_id)) === 'paid') paid = true;
  return paid;
}

/**
 * Before a gateway order is cancelled, by anyone: each pending charge is stopped at the gateway (expired, voided or
 * reversed), so nothing can be paid for an order that gives no course. A charge the gateway says was paid
 * meanwhile finishes the order instead ('finished'). A gateway that cannot be reached stops the cancel with a 503
 * (the expiry job tries again later): never a blind cancel.
 */
export async function stopCharges(ctx: OrdersContext, orderId: number): Promise<'finished' | 'stopped'> {
  const { db, gateway } = ctx;
  const pending = await db
    .select({ id: paymentCharge.id, charge_id: paymentCharge.charge_id, gateway: paymentCharge.gateway })
    .from(paymentCharge)
    .where(and(eq(paymentCharge.orders_id, orderId), eq(paymentCharge.status, 'pending')));
  if (pending.length === 0) return 'stopped';
  if (!gateway || pending.some((c) => c.gateway !== gateway.name)) throw gatewayUnavailable();
  for (const charge of pending) {
    const info = await gateway.cancelCharge(charge.charge_id).catch((error: unknown) => {
      throw error instanceof AppError ? error : gatewayUnavailable(error);
    });
    if (info.status === 'paid') {
      await settle(ctx, charge.charge_id);
      const [order] = await db.select({ status: orders.orders_status }).from(orders).where(eq(orders.id, orderId));
      if (order?.status === 'finish') return 'finished';
      continue;
    }
    // A charge the gateway could not stop may still be paid: the order keeps waiting rather than cancel blind.
    if (info.status === 'pending') throw gatewayUnavailable();
    await db
      .update(paymentCharge)
      .set({
        status: info.status,
        update_at: ctx.clock.now().toISOString(),
      })
      .where(and(eq(paymentCharge.id, charge.id), eq(paymentCharge.status, 'pending')));
  }
  return 'stopped';
}
