import { orderReference } from '@sikkha/contract/rules';
import { and, eq } from 'drizzle-orm';
import { recordStaffWrite } from '../../db/audit-log.js';
import { orderPayment, orders } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import type { SignedIn } from '../../policies/index.js';
import { finishOrder } from './finish.js';
import { viewOf } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import { refundOrder } from './refund-order.js';

/**
 * ordersResolvePaid (staff): a charge the gateway confirmed after its order was cancelled is either given back in
 * full (the refund use case, through the gateway), or turned into the course through the one finish, which numbers
 * the document and tells the member as any paid order does. Either way the audit history says who and why.
 */
export async function resolvePaidAfterCancel(
  ctx: OrdersContext,
  staff: SignedIn,
  body: { id: number; action: 'refund' | 'grant'; reason: string },
) {
  await ctx.manage(staff);
  const [order] = await ctx.db.select({ status: orders.orders_status }).from(orders).where(eq(orders.id, body.id));
  if (order?.status !== 'paid_after_cancel') throw fail('CONFLICT', 'orderNotPaidAfterCancel');
  if (body.action === 'refund') return refundOrder(ctx, staff, { id: body.id, reason: body.reason });

  await ctx.transact(async (work) => {
    // Back to waiting for one moment inside the unit of work, so the one finish (WHERE status = 'wait') moves it.
    const [moved] = await work.db
      .update(orders)
      .set({ orders_status: 'wait' })
      .where(and(eq(orders.id, body.id), eq(orders.orders_status, 'paid_after_cancel')))
      .returning({ user_id: orders.user_id, ref: orders.orders_ref });
    if (!moved) throw fail('CONFLICT', 'orderNotPaidAfterCancel');
    await work.db
      .update(orderPayment)
      .set({ cancel_reason: null, cancel_note: null })
      .where(eq(orderPayment.orders_id, body.id));
    await finishOrder(work, ctx.finishDeps, body.id, staff.id);
    await recordStaffWrite(work, ctx.clock, {
      personnelId: staff.id,
      action: 'grant',
      subject: 'orders',
      subjectId: body.id,
      memberId: moved.user_id,
      changes: { orders_status: ['paid_after_cancel', 'finish'] },
      note: `${body.reason} (${moved.ref ?? orderReference(body.id)})`,
    });
  });
  return { view: await viewOf(ctx.db, body.id), pending: false };
}
