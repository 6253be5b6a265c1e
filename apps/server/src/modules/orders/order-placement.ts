import { message, type NewOrderBody, type OrderPayment } from '@sikkha/contract';
import type { PaymentTypeId } from '@sikkha/contract/rules';
import { and, eq } from 'drizzle-orm';
import { orderPayment, orders, ordersDetail, ordersPaymentType, product, user } from '../../db/schema/index.js';
import { lockRow, type Work } from '../../db/unit-of-work.js';
import { AppError, fail, notFound } from '../../errors.js';
import { authorize, coursesOf, type SignedIn } from '../../policies/index.js';
import { placed } from './order-views.js';
import type { OrdersContext } from './orders-context.js';

export type OrderInput = NewOrderBody['order'];

/** The member already has a waiting order for the course: it is offered instead of a second (409). */
export class WaitingOrderExists extends AppError {
  constructor(readonly order: { id: number; orders_ref: string | null; token: string; orders_payment: OrderPayment }) {
    super('CONFLICT', message('orderWaiting'));
  }
}

/** The order's idempotency key, from its body or the Idempotency-Key header. */
export const idempotencyKey = (body: OrderInput, header: string | undefined) => {
  const key = body.idempotency_key ?? header?.trim();
  if (key !== undefined && (key.length < 8 || key.length > 100)) throw fail('BAD_REQUEST', 'invalidInput');
  return key;
};

/**
 * Opens a placement in its unit of work: one member's orders are placed one at a time, so the checks that follow
 * cannot be passed twice at once. Answers the order the idempotency key already placed, answered again as it was;
 * the same key with another course, payment method or coupon is a client's mistake, refused (422) rather than
 * answered with an order the member did not ask for.
 */
export async function lockForPlacement(
  work: Work,
  member: SignedIn,
  key: string | undefined,
  asked: { typeId: PaymentTypeId; body: NewOrderBody },
) {
  await lockRow(work, user, member.id);
  if (!key) return null;
  const [found] = await work.db
    .select({
      id: orderPayment.orders_id,
      typeId: orders.orders_payment_type_id,
      product_id: ordersDetail.product_id,
      coupon_id: ordersDetail.coupon_id,
    })
    .from(orderPayment)
    .innerJoin(orders, eq(orders.id, orderPayment.orders_id))
    .leftJoin(ordersDetail, eq(ordersDetail.orders_id, orderPayment.orders_id))
    .where(and(eq(orderPayment.user_id, member.id), eq(orderPayment.idempotency_key, key)));
  if (!found) return null;
  const same =
    found.typeId === asked.typeId &&
    found.product_id === asked.body.ordersDetail.product_id &&
    (found.coupon_id ?? null) === (asked.body.ordersDetail.coupon_id ?? null);
  if (!same) throw fail('UNPROCESSABLE', 'idempotencyReused');
  return placed(work.db, found.id);
}

/**
 * What every way of buying checks before it writes an order: the payment type is on, the member may buy the course,
 * and the receipt fields the order carries are saved. Answers the course and the member's account as saved.
 */
export async function checkout(
  ctx: OrdersContext,
  work: Work,
  member: SignedIn,
  typeId: PaymentTypeId,
  body: NewOrderBody,
) {
  const [type] = await work.db.select().from(ordersPaymentType).where(eq(ordersPaymentType.id, typeId));
  if (!type || type.orders_payment_type_disable === 'Y' || type.remove_by === 'Y') {
    throw fail('UNPROCESSABLE', 'paymentTypeOff');
  }
  const course = await buyable(ctx, work, member, body.ordersDetail.product_id);
  const account = await saveReceiptFields(ctx, work, member, body.order);
  return { course, account };
}

/**
 * Checks that the member may buy the course now: it is on sale and visible, not owned within its window, and not
 * already waiting (then that order is offered). Called with the member's row locked, so two tabs cannot both pass.
 */
async function buyable(ctx: OrdersContext, work: Work, member: SignedIn, productId: number) {
  const now = ctx.clock.now();
  const [course] = await work.db.select().from(product).where(eq(product.id, productId));
  if (!course) throw notFound();
  await authorize({ db: work.db, now }, member, 'product.read', course);
  if (course.product_disable === 'Y') throw fail('UNPROCESSABLE', 'notForSale');
  const courses = await coursesOf(work.db, member.id, now);
  if (courses.finished.some((c) => c.product_id === productId)) throw fail('CONFLICT', 'courseOwned');
  const [waiting] = await work.db
    .select({
      id: orders.id,
      orders_ref: orders.orders_ref,
      orders_payment: orders.orders_payment,
      token: orderPayment.token,
    })
    .from(orders)
    .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
    .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
    .where(and(eq(orders.user_id, member.id), eq(orders.orders_status, 'wait'), eq(ordersDetail.product_id, productId)))
    .limit(1);
  if (waiting) {
    throw new WaitingOrderExists({
      id: waiting.id,
      orders_ref: waiting.orders_ref,
      token: waiting.token ?? '',
      orders_payment: waiting.orders_payment ?? 'transfer',
    });
  }
  return course;
}

/** Saves the receipt fields the order carries to the member's account (as the spec's user Update does). */
async function saveReceiptFields(ctx: OrdersContext, work: Work, member: SignedIn, order: OrderInput) {
  const fields = {
    card_id: order.card_id,
    address: order.address,
    company_id: order.company_id,
    company_name: order.company_name,
    company_address: order.company_address,
    company_address_send: order.company_address_send,
  };
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
  if (Object.keys(given).length > 0) {
    await work.db
      .update(user)
      .set({ ...given, update_at: ctx.clock.now().toISOString() })
      .where(eq(user.id, member.id));
  }
  const [account] = await work.db.select().from(user).where(eq(user.id, member.id));
  return account!;
}
