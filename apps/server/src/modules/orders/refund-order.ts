import { randomUUID } from 'node:crypto';
import {
  message,
  type OrderStatus,
  type RefundBody,
  type RefundDocumentType,
  type RefundMethod,
} from '@sikkha/contract';
import {
  amountDue,
  formatBaht,
  orderReference,
  refundMethodOf,
  type Satang,
  satang,
  toBaht,
  toSatang,
} from '@sikkha/contract/rules';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordStaffWrite } from '../../db/audit-log.js';
import type { Executor } from '../../db/client.js';
import { recordCoins } from '../../db/coin-ledger.js';
import { issueNumber } from '../../db/document-numbers.js';
import { notify } from '../../db/notify.js';
import {
  orderPayment,
  orderRefund,
  orders,
  ordersDetail,
  paymentCharge,
  product,
  upload,
  user,
} from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { AppError, fail, notFound } from '../../errors.js';
import { issueRefundDocument, REFUND_DOCUMENT_ATTACHMENT } from '../../jobs/documents.job.js';
import { sendMail } from '../../jobs/mail.job.js';
import { retryRefund } from '../../jobs/orders.job.js';
import { type Actor, authorize, type SignedIn } from '../../policies/index.js';
import { GatewayRefused } from '../../providers/payments/port.js';
import { orderRefundedMail } from './mail.js';
import { settleMemberStatus } from './member-status.js';
import { viewOf } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import { SLIP_KIND } from './slip-check.js';

/** The states a paid order may be refunded from: finished, or paid after its cancellation (staff's choice). */
const refundable: readonly OrderStatus[] = ['finish', 'paid_after_cancel'];
/** When the retry job first looks at a gateway refund that got no answer. */
const RETRY_AFTER_MS = 60_000;

const howText: Record<RefundMethod, string> = {
  gateway: 'คืนเข้าบัตรหรือบัญชีที่ใช้ชำระ',
  manual: 'โอนคืนเข้าบัญชีของคุณ',
  coins: 'คืนเป็นเหรียญเข้าบัญชีสมาชิก',
};

/** The order as a refund needs it, its row locked when `work` locks. */
async function orderToRefund(work: Work | null, executor: Executor, orderId: number) {
  const query = executor
    .select({
      id: orders.id,
      user_id: orders.user_id,
      status: orders.orders_status,
      payment: orders.orders_payment,
      orders_net: orders.orders_net,
      orders_refunded: orders.orders_refunded,
      order_no: orders.order_no,
      receipt: orders.receipt,
      orders_ref: orders.orders_ref,
      fee: orderPayment.fee,
    })
    .from(orders)
    .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
    .where(eq(orders.id, orderId));
  const [row] = work ? await query.for('update', { of: orders }) : await query;
  if (!row) throw notFound();
  const due = amountDue({ orders_net: row.orders_net, fee: row.fee ?? toBaht(satang(0)) });
  return { ...row, due, remaining: satang(due - toSatang(row.orders_refunded)) };
}
type ToRefund = Awaited<ReturnType<typeof orderToRefund>>;

/** The gateway charge that paid an order, if a gateway took the money. */
async function paidCharge(executor: Executor, orderId: number) {
  const [charge] = await executor
    .select({ gateway: paymentCharge.gateway, charge_id: paymentCharge.charge_id })
    .from(paymentCharge)
    .where(and(eq(paymentCharge.orders_id, orderId), eq(paymentCharge.status, 'paid')))
    .orderBy(desc(paymentCharge.id))
    .limit(1);
  return charge;
}

/** The refund's own slip is a file uploaded to the slips' kind (staff's upload), not any name. */
async function slipUploaded(executor: Executor, name: string) {
  const [found] = await executor
    .select({ id: upload.id })
    .from(upload)
    .where(and(eq(upload.upload_kind, SLIP_KIND.endpoint), eq(upload.upload_name, name)));
  return Boolean(found);
}

/** Checks an amount against what is left; the whole remainder when none is given. */
function amountOf(order: ToRefund, asked: number | undefined): Satang {
  if (!refundable.includes(order.status)) throw fail('CONFLICT', 'refundNotAllowed');
  const amount = asked === undefined ? order.remaining : toSatang(asked);
  if (amount <= 0 || amount > order.remaining) throw fail('UNPROCESSABLE', 'refundTooMuch');
  return amount;
}

/**
 * Ends a refund in the caller's unit of work once the money is on its way back: numbers its document (a credit note
 * when the order had a tax invoice, else a refund note; none for a charge that never made a document), moves a fully
 * refunded order to `refund` (the course and the coupon use go with it, and the crown when no other order is paid),
 * tells the member in the app and by e-mail, and writes the audit history.
 */
async function completeRefund(ctx: OrdersContext, work: Work, refundId: number, staffId: number) {
  const now = ctx.clock.now();
  const [refund] = await work.db.select().from(orderRefund).where(eq(orderRefund.id, refundId));
  if (!refund) throw notFound();
  const order = await orderToRefund(work, work.db, refund.orders_id);
  const docType: RefundDocumentType | null = order.order_no
    ? order.receipt === 'Y'
      ? 'creditNote'
      : 'refundNote'
    : null;
  const docNo = docType ? await issueNumber(work, docType, now) : null;
  await work.db
    .update(orderRefund)
    .set({ status: 'done', doc_type: docType, doc_no: docNo })
    .where(eq(orderRefund.id, refundId));
  // Full once what came back is the whole payment; a reservation still at the gateway is not back yet (it may be
  // refused and undone), so only finished refunds count.
  const [back] = await work.db
    .select({ sum: sql<string>`coalesce(sum(${orderRefund.amount}), 0)` })
    .from(orderRefund)
    .where(and(eq(orderRefund.orders_id, order.id), eq(orderRefund.status, 'done')));
  const full = toSatang(Number(back?.sum ?? 0)) >= order.due;
  if (full) {
    await work.db
      .update(orders)
      .set({ orders_status: 'refund', update_at: now.toISOString() })
      .where(and(eq(orders.id, order.id), inArray(orders.orders_status, [...refundable])));
    await settleMemberStatus(work, order.user_id);
  }
  if (docNo) {
    await ctx.jobs.enqueue(work, issueRefundDocument, { refund_id: refundId }, { key: `documents.refund:${refundId}` });
  }
  const [about] = await work.db
    .select({
      title: product.product_title,
      email: user.email,
      name: sql<string | null>`nullif(trim(concat_ws(' ', ${user.name_th}, ${user.lname_th})), '')`,
    })
    .from(ordersDetail)
    .innerJoin(product, eq(product.id, ordersDetail.product_id))
    .innerJoin(user, eq(user.id, order.user_id))
    .where(eq(ordersDetail.orders_id, order.id))
    .limit(1);
  const title = about?.title ?? '';
  const reference = order.orders_ref ?? orderReference(order.id);
  const amount = formatBaht(refund.amount);
  await notify(
    work,
    {
      user_id: order.user_id,
      icon: 'currency_exchange',
      color: 'info',
      to: '/courses/onlyOrder',
      message: `คืนเงิน ${amount}: ${title} (${reference})`,
    },
    now,
  );
  if (about?.email) {
    await ctx.jobs.enqueue(
      work,
      sendMail,
      orderRefundedMail({
        to: about.email,
        name: about.name,
        title,
        reference,
        amount,
        how: howText[refund.method],
        full,
        reason: refund.reason,
        link: `${ctx.publicUrl}/courses/onlyOrder`,
        document: docNo ? { number: docNo, source: REFUND_DOCUMENT_ATTACHMENT, id: refundId } : null,
      }),
      { key: `orders.refunded:${refundId}` },
    );
  }
  await recordStaffWrite(work, ctx.clock, {
    personnelId: staffId,
    action: 'refund',
    subject: 'orders',
    subjectId: order.id,
    memberId: order.user_id,
    changes: {
      orders_refunded: [
        toBaht(satang(toSatang(order.orders_refunded) - toSatang(refund.amount))),
        order.orders_refunded,
      ],
      ...(full ? { orders_status: [order.status, 'refund'] } : {}),
      refund: { id: refundId, amount: refund.amount, method: refund.method, doc_no: docNo },
    },
    note: refund.reason,
  });
  return { full, docNo };
}

/** Records a refund row and moves `orders_refunded`, under the order's row lock taken by `orderToRefund`. */
async function recordRefund(
  ctx: OrdersContext,
  work: Work,
  order: ToRefund,
  values: Omit<typeof orderRefund.$inferInsert, 'orders_id' | 'create_at'>,
) {
  const [row] = await work.db
    .insert(orderRefund)
    .values({ ...values, orders_id: order.id, create_at: ctx.clock.now().toISOString() })
    .returning({ id: orderRefund.id });
  await work.db
    .update(orders)
    .set({ orders_refunded: sql`${orders.orders_refunded} + ${values.amount.toFixed(2)}::numeric` })
    .where(eq(orders.id, order.id));
  return row!.id;
}

/**
 * ordersRefund (staff): gives back all or part of what an order was paid, by the way it came. A gateway refund is
 * reserved first (its row and the refunded sum, under the order's lock: two refunds at once cannot pass what was
 * paid), then asked of the gateway with a key of its own; a refusal undoes the reservation and says why, an outage
 * leaves it for the retry job with the same key, so the money goes back once. A transfer or personal-QR order is
 * refunded by staff at the bank, who record what they did; a coin order goes back into the coin ledger.
 */
export async function refundOrder(
  ctx: OrdersContext,
  staff: SignedIn,
  body: RefundBody,
): Promise<{ view: Awaited<ReturnType<typeof viewOf>>; pending: boolean }> {
  await ctx.manage(staff);
  const { transact, gateway } = ctx;
  const first = await orderToRefund(null, ctx.db, body.id);
  const charge = await paidCharge(ctx.db, first.id);
  const method = refundMethodOf({ orders_payment: first.payment, paid_by_gateway: Boolean(charge) });
  amountOf(first, body.amount);
  if (method === 'manual' && !body.manual) throw fail('UNPROCESSABLE', 'refundManualRequired');
  if (method === 'manual' && !(await slipUploaded(ctx.db, body.manual!.slip)))
    throw fail('UNPROCESSABLE', 'fileMissing');

  if (method !== 'gateway') {
    await transact(async (work) => {
      const order = await orderToRefund(work, work.db, body.id);
      const amount = amountOf(order, body.amount);
      let coins = 0;
      if (method === 'coins') {
        const [detail] = await work.db
          .select({ coin: ordersDetail.orders_detail_coin })
          .from(ordersDetail)
          .where(eq(ordersDetail.orders_id, order.id));
        const [back] = await work.db
          .select({ coins: sql<string>`coalesce(sum(${orderRefund.coins}), 0)` })
          .from(orderRefund)
          .where(eq(orderRefund.orders_id, order.id));
        const paid = detail?.coin ?? 0;
        // The last refund gives back every coin left, so partial refunds never lose a coin to rounding.
        coins = amount === order.remaining ? paid - Number(back?.coins ?? 0) : Math.floor((paid * amount) / order.due);
        // Before the notification: the ledger locks the member's row first (db/coin-ledger.ts).
        await recordCoins(work, ctx.clock, {
          user_id: order.user_id,
          amount: coins,
          type: 'refund',
          note: `คืนเหรียญ คำสั่งซื้อ ${order.orders_ref ?? order.id}`,
          by: staff.id,
        });
      }
      const id = await recordRefund(ctx, work, order, {
        amount: toBaht(amount),
        reason: body.reason,
        method,
        status: 'done',
        coins,
        bank: body.manual?.bank ?? null,
        account: body.manual?.account ?? null,
        refund_date: body.manual?.date ?? null,
        slip: body.manual?.slip ?? null,
        create_by: staff.id,
      });
      await completeRefund(ctx, work, id, staff.id);
    });
    return { view: await viewOf(ctx.db, body.id), pending: false };
  }

  if (!gateway || gateway.name !== charge!.gateway) throw fail('UNAVAILABLE', 'gatewayUnreachable');
  const key = `refund-${body.id}-${randomUUID()}`;
  const reserved = await transact(async (work) => {
    const order = await orderToRefund(work, work.db, body.id);
    const amount = amountOf(order, body.amount);
    const id = await recordRefund(ctx, work, order, {
      amount: toBaht(amount),
      reason: body.reason,
      method,
      status: 'pending',
      gateway: charge!.gateway,
      charge_id: charge!.charge_id,
      idempotency_key: key,
      create_by: staff.id,
    });
    // With the reservation: should this process stop before the gateway answers, the job asks again, same key.
    await ctx.jobs.enqueue(
      work,
      retryRefund,
      { refund_id: id },
      { key: `orders.refund:${id}`, runAt: new Date(ctx.clock.now().getTime() + RETRY_AFTER_MS) },
    );
    return { id, amount };
  });
  const outcome = await askGateway(ctx, reserved.id);
  return { view: await viewOf(ctx.db, body.id), pending: outcome === 'retry' };
}

/**
 * Asks the gateway for a reserved refund with its own key and ends it: done (completed here), refused (the
 * reservation undone, the gateway's reason thrown as a 422), or no answer ('retry': the reservation stays).
 */
async function askGateway(ctx: OrdersContext, refundId: number): Promise<'done' | 'retry'> {
  const [refund] = await ctx.db.select().from(orderRefund).where(eq(orderRefund.id, refundId));
  if (refund?.status !== 'pending') return 'done';
  try {
    const result = await ctx.gateway!.refund({
      chargeId: refund.charge_id!,
      amount: toSatang(refund.amount),
      idempotencyKey: refund.idempotency_key!,
    });
    await ctx.transact(async (work) => {
      // Taken again under the lock: a retry job and a staff request may both have the answer.
      const [still] = await work.db
        .update(orderRefund)
        .set({ gateway_refund_id: result.refundId })
        .where(and(eq(orderRefund.id, refundId), eq(orderRefund.status, 'pending')))
        .returning({ id: orderRefund.id });
      if (still) await completeRefund(ctx, work, refundId, refund.create_by ?? 0);
    });
    return 'done';
  } catch (error) {
    if (!(error instanceof GatewayRefused)) return 'retry';
    await ctx.transact(async (work) => {
      await orderToRefund(work, work.db, refund.orders_id);
      const [gone] = await work.db
        .delete(orderRefund)
        .where(and(eq(orderRefund.id, refundId), eq(orderRefund.status, 'pending')))
        .returning({ amount: orderRefund.amount });
      if (gone) {
        await work.db
          .update(orders)
          .set({ orders_refunded: sql`${orders.orders_refunded} - ${gone.amount.toFixed(2)}::numeric` })
          .where(eq(orders.id, refund.orders_id));
      }
    });
    throw new AppError('UNPROCESSABLE', `${message('refundRejected')}: ${error.message}`);
  }
}

/** The retry job's step: the same key asked again until the gateway answers. */
export async function retryGatewayRefund(ctx: OrdersContext, refundId: number) {
  const outcome = await askGateway(ctx, refundId).catch((error: unknown) => {
    // A refusal on a retry has undone the reservation: nothing is left to try.
    if (error instanceof AppError) return 'done' as const;
    throw error;
  });
  if (outcome === 'retry') throw new Error(`refund ${refundId}: the gateway did not answer`);
}

/** ordersRefunds: an order's refunds, for its member and staff. */
export async function refundsOf(ctx: OrdersContext, actor: Actor, orderId: number) {
  const [order] = await ctx.db.select({ user_id: orders.user_id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  await authorize(ctx.policy(), actor, 'order.read', order);
  const rows = await ctx.db
    .select({
      id: orderRefund.id,
      orders_id: orderRefund.orders_id,
      amount: orderRefund.amount,
      reason: orderRefund.reason,
      method: orderRefund.method,
      status: orderRefund.status,
      coins: orderRefund.coins,
      bank: orderRefund.bank,
      account: orderRefund.account,
      refund_date: orderRefund.refund_date,
      doc_type: orderRefund.doc_type,
      doc_no: orderRefund.doc_no,
      create_at: orderRefund.create_at,
    })
    .from(orderRefund)
    .where(eq(orderRefund.orders_id, orderId))
    .orderBy(desc(orderRefund.id));
  return rows;
}
