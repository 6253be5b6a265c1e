import type { CancelReason } from '@sikkha/contract';
import { amountDue, formatBaht, toBaht } from '@sikkha/contract/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { recordCoins } from '../../db/coin-ledger.js';
import { issueNumber } from '../../db/document-numbers.js';
import { notify } from '../../db/notify.js';
import { orderPayment, orders, ordersDetail, product, user } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { issueOrderDocument, ORDER_DOCUMENT_ATTACHMENT } from '../../jobs/documents.job.js';
import type { Jobs } from '../../jobs/jobs.js';
import { sendMail } from '../../jobs/mail.job.js';
import { orderPaidMail } from './mail.js';
import { settleMemberStatus } from './member-status.js';

export interface FinishDeps {
  clock: Clock;
  jobs: Jobs;
  publicUrl: string;
}

/**
 * Finishes a waiting order: the one way an order is paid, whoever says so (staff approving a slip, a coin payment,
 * the gateway's confirmed charge). A conditional update (`WHERE orders_status = 'wait'`) in the caller's unit of
 * work, so of any number of finishes at once exactly one moves the order, and only that one numbers the document,
 * notifies the member and mails them; the course unlocks with the commit (access is the finished order). A Point
 * coupon's coins reach the member's balance here, through the ledger, and the member becomes Premium. Answers
 * whether this call finished it.
 */
export async function finishOrder(
  work: Work,
  deps: FinishDeps,
  orderId: number,
  approveBy: number | null,
): Promise<boolean> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const [done] = await work.db
    .update(orders)
    .set({ orders_status: 'finish', approve_by: approveBy, approve_date: at, update_at: at })
    .where(and(eq(orders.id, orderId), eq(orders.orders_status, 'wait')))
    .returning({
      user_id: orders.user_id,
      receipt: orders.receipt,
      orders_net: orders.orders_net,
      orders_ref: orders.orders_ref,
    });
  if (!done) return false;

  const orderNo = await issueNumber(work, done.receipt === 'Y' ? 'taxInvoice' : 'receipt', now);
  await work.db.update(orders).set({ order_no: orderNo }).where(eq(orders.id, orderId));
  await deps.jobs.enqueue(work, issueOrderDocument, { orders_id: orderId }, { key: `documents.issue:${orderId}` });
  const [payment] = await work.db
    .update(orderPayment)
    .set({ expires_at: null })
    .where(eq(orderPayment.orders_id, orderId))
    .returning({ coupon_coins: orderPayment.coupon_coins, fee: orderPayment.fee });
  // Before the notification below: its foreign key would take a share lock on the member's row, which the ledger
  // must lock first (db/coin-ledger.ts).
  if (payment && payment.coupon_coins > 0) {
    await recordCoins(work, deps.clock, {
      user_id: done.user_id,
      amount: payment.coupon_coins,
      type: 'coupon',
      note: `เหรียญจากคูปอง คำสั่งซื้อ ${done.orders_ref ?? orderId}`,
      by: approveBy ?? done.user_id,
    });
  }

  const [about] = await work.db
    .select({
      product_title: product.product_title,
      email: user.email,
      name: sql<string | null>`nullif(trim(concat_ws(' ', ${user.name_th}, ${user.lname_th})), '')`,
    })
    .from(ordersDetail)
    .innerJoin(product, eq(product.id, ordersDetail.product_id))
    .innerJoin(user, eq(user.id, done.user_id))
    .where(eq(ordersDetail.orders_id, orderId))
    .limit(1);
  const title = about?.product_title ?? '';
  await notify(
    work,
    {
      user_id: done.user_id,
      icon: 'check_circle',
      color: 'success',
      to: '/courses/onlyOrder',
      message: `ชำระเงินสำเร็จ: ${title}`,
    },
    now,
  );
  // After the ledger's lock on the member's row (see settleMemberStatus).
  await settleMemberStatus(work, done.user_id);
  if (about?.email) {
    await deps.jobs.enqueue(
      work,
      sendMail,
      orderPaidMail({
        to: about.email,
        name: about.name,
        title,
        orderNo,
        // What was charged: the net and the card fee line, as the receipt and the payment page say.
        amount: formatBaht(toBaht(amountDue({ orders_net: done.orders_net, fee: payment?.fee ?? 0 }))),
        link: `${deps.publicUrl}/courses/onlyOrder`,
        // The document this unit of work numbered, attached when the mail goes (made then if its job has not run).
        document: { filename: `${orderNo}.pdf`, source: ORDER_DOCUMENT_ATTACHMENT, id: orderId },
      }),
      { key: `orders.paid:${orderId}` },
    );
  }
  return true;
}

/** Cancels a waiting order and says why, and its member's status follows; false when it was no longer waiting. */
export async function cancelOrder(work: Work, clock: Clock, orderId: number, reason: CancelReason): Promise<boolean> {
  const at = clock.now().toISOString();
  const [done] = await work.db
    .update(orders)
    .set({ orders_status: 'cancel', update_at: at })
    .where(and(eq(orders.id, orderId), eq(orders.orders_status, 'wait')))
    .returning({ user_id: orders.user_id });
  if (!done) return false;
  await work.db
    .update(orderPayment)
    .set({ cancel_reason: reason, expires_at: null })
    .where(eq(orderPayment.orders_id, orderId));
  await settleMemberStatus(work, done.user_id);
  return true;
}
