import type { BookSendState, OrderStatus, reviewQuery, SlipCheck, StaffOrder } from '@sikkha/contract';
import { amountDue, toBaht } from '@sikkha/contract/rules';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import {
  coupon,
  orderPayment,
  orderSlip,
  orders,
  ordersDetail,
  paymentCharge,
  product,
  user,
} from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { type Actor, allows, authorize, ordersVisibleTo, type SignedIn } from '../../policies/index.js';
import type { OrdersContext } from './orders-context.js';
import { slipBankNames } from './slips.js';
import { staffOrdersSort, staffOrdersWhere } from './staff-orders.js';

export const DAY_MS = 86_400_000;

type Page = { page: number; pageSize: number };

const viewColumns = {
  ...getTableColumns(orders),
  product_id: ordersDetail.product_id,
  product_title: product.product_title,
  product_book: product.product_book,
  token: orderPayment.token,
  expires_at: orderPayment.expires_at,
  fee: orderPayment.fee,
  coupon_id: ordersDetail.coupon_id,
  coupon_code: coupon.coupon_code,
  cancel_reason: orderPayment.cancel_reason,
  cancel_note: orderPayment.cancel_note,
  receipt_data: orderPayment.receipt_data,
  paid_by_gateway: sql<boolean>`exists (select 1 from ${paymentCharge} where ${paymentCharge.orders_id} = ${orders.id} and ${paymentCharge.status} = 'paid')`,
  // Who placed it: the back office's lists show it (a member's own view leaves it out by its schema).
  email: user.email,
  name_th: user.name_th,
  lname_th: user.lname_th,
  phone: user.phone,
};

/** The joins every order view reads: its course, coupon, payment page and member. */
const viewed = <Q extends PgSelect>(query: Q) =>
  query
    .leftJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
    .leftJoin(product, eq(product.id, ordersDetail.product_id))
    .leftJoin(coupon, eq(coupon.id, ordersDetail.coupon_id))
    .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
    .leftJoin(user, eq(user.id, orders.user_id));

/**
 * The views of the orders a condition picks: the row, its course, coupon, member, payment page and latest slip
 * check; newest first unless the back office sorts them.
 */
export async function views(
  executor: Executor,
  where: SQL | undefined,
  page?: Page,
  orderBy: SQL[] = [desc(orders.id)],
): Promise<StaffOrder[]> {
  const query = viewed(executor.select(viewColumns).from(orders).$dynamic())
    .where(where)
    .orderBy(...orderBy);
  const rows = page ? await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : await query;
  const ids = rows.map((r) => r.id);
  const slips =
    ids.length === 0
      ? []
      : await executor.select().from(orderSlip).where(inArray(orderSlip.orders_id, ids)).orderBy(asc(orderSlip.id));
  const latest = new Map(slips.map((s) => [s.orders_id, s]));
  return rows.map(({ expires_at, fee, receipt_data, ...row }): StaffOrder => {
    const slip = latest.get(row.id);
    return {
      ...row,
      expiresAt: expires_at,
      fee: fee ?? 0,
      receipt_data: (receipt_data as Record<string, string | null> | null) ?? null,
      slipCheck: slip
        ? ({
            qr: slip.qr,
            reference: slip.reference,
            bank: slip.bank ? (slipBankNames[slip.bank] ?? slip.bank) : null,
            typed_date: slip.typed_date,
            typed_time: slip.typed_time,
            typed_amount: slip.typed_amount,
            flags: slip.flags,
          } satisfies SlipCheck)
        : null,
    };
  });
}

export async function viewOf(executor: Executor, id: number) {
  const [view] = await views(executor, eq(orders.id, id));
  if (!view) throw notFound();
  return view;
}

/** A placed order as POST /api/orders answers it: its amounts, what is due, and its payment page. */
export async function placed(executor: Executor, id: number) {
  const view = await viewOf(executor, id);
  const [pay] = await executor
    .select({ fee: orderPayment.fee, redirect_url: orderPayment.redirect_url })
    .from(orderPayment)
    .where(eq(orderPayment.orders_id, id));
  const fee = pay?.fee ?? 0;
  return {
    id: view.id,
    orders_ref: view.orders_ref,
    orders_status: view.orders_status ?? 'wait',
    orders_payment: view.orders_payment ?? 'transfer',
    orders_payment_type_id: view.orders_payment_type_id ?? 4,
    orders_total: view.orders_total ?? 0,
    orders_discount: view.orders_discount ?? 0,
    orders_net: view.orders_net ?? 0,
    fee,
    amount: toBaht(amountDue({ orders_net: view.orders_net ?? 0, fee })),
    token: view.token ?? '',
    expiresAt: view.expiresAt,
    redirect_url: pay?.redirect_url ?? null,
  };
}

/** The order behind a payment page's reference, or 404. */
export async function byToken(executor: Executor, token: string) {
  const [found] = await executor
    .select({ id: orderPayment.orders_id, user_id: orderPayment.user_id })
    .from(orderPayment)
    .where(eq(orderPayment.token, token));
  if (!found) throw notFound();
  return found;
}

async function list(ctx: OrdersContext, where: SQL | undefined, page: Page, orderBy?: SQL[]) {
  const [total] = await viewed(ctx.db.select({ n: count() }).from(orders).$dynamic()).where(where);
  return { data: await views(ctx.db, where, page, orderBy), total: total?.n ?? 0 };
}

/** One order for its member or staff (ordersView). */
export async function view(ctx: OrdersContext, actor: Actor, id: number) {
  const found = await viewOf(ctx.db, id);
  await authorize(ctx.policy(), actor, 'order.read', { user_id: found.user_id ?? 0 });
  return found;
}

/**
 * ordersMine: the signed-in member's own orders as views, newest first, in one request: what "my orders" shows,
 * each with the amount charged (net + fee), what was refunded and the waiting ones' payment page.
 */
export async function mine(ctx: OrdersContext, member: SignedIn, page: Page) {
  return list(ctx, eq(orders.user_id, member.id), page);
}

/**
 * The back office's order lists (ordersReview): the confirm screen's waiting orders with their slip checks, every
 * order, the cancelled ones; filtered, searched, sorted and paged on the server.
 */
export async function review(ctx: OrdersContext, actor: Actor, query: z.output<typeof reviewQuery>) {
  await ctx.manage(actor);
  return list(ctx, staffOrdersWhere(query), query, staffOrdersSort(query));
}

/** Orders cancelled because nobody paid in time (/admin/ordersExpire). */
export async function expired(ctx: OrdersContext, actor: Actor, page: Page) {
  await ctx.manage(actor);
  return list(ctx, and(eq(orders.orders_status, 'cancel'), eq(orderPayment.cancel_reason, 'expiry')), page);
}

/** Finished orders of book courses, with where to post them. */
export async function bookOrders(ctx: OrdersContext, actor: Actor, state: BookSendState | undefined) {
  await ctx.manage(actor);
  const where = and(
    eq(orders.orders_status, 'finish'),
    eq(product.product_book, 'Y'),
    state ? eq(orders.orders_book_send, state) : undefined,
  );
  const rows = await views(ctx.db, where);
  if (rows.length === 0) return [];
  const people = await ctx.db
    .select({
      id: user.id,
      email: user.email,
      name_th: user.name_th,
      lname_th: user.lname_th,
      phone: user.phone,
      send_address: user.send_address,
    })
    .from(user)
    .where(inArray(user.id, [...new Set(rows.map((r) => r.user_id!))]));
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => {
    const { id: _id, ...person } = byId.get(r.user_id!)!;
    return { ...r, ...person };
  });
}

/** Orders placed on Bangkok days from..to (inclusive), and the members who placed them. */
export async function byDate(
  ctx: OrdersContext,
  actor: Actor,
  query: { from: string; to: string; orders_status?: OrderStatus | undefined },
) {
  await ctx.manage(actor);
  const start = new Date(`${query.from}T00:00:00+07:00`).toISOString();
  const end = new Date(new Date(`${query.to}T00:00:00+07:00`).getTime() + DAY_MS).toISOString();
  const data = await views(
    ctx.db,
    and(
      gte(orders.create_at, start),
      lt(orders.create_at, end),
      query.orders_status ? eq(orders.orders_status, query.orders_status) : undefined,
    ),
  );
  const ids = [...new Set(data.map((o) => o.user_id!))];
  const userIn =
    ids.length === 0
      ? []
      : await ctx.db
          // Never the hash: the column is replaced by null, which the answer's schema leaves out.
          .select({ ...getTableColumns(user), password: sql<null>`null` })
          .from(user)
          .where(inArray(user.id, ids));
  return { data, userIn };
}

/** How many orders have a status: the back office's badge. */
export async function totalStatus(ctx: OrdersContext, actor: Actor, status: OrderStatus) {
  await ctx.manage(actor);
  const [row] = await ctx.db.select({ n: count() }).from(orders).where(eq(orders.orders_status, status));
  return { total: row?.n ?? 0 };
}

/** fileTaxInvoice: the document number of a finished order (the receipt's PDF comes with its own issue). */
export async function taxInvoiceNumber(ctx: OrdersContext, actor: Actor, id: number) {
  const found = await view(ctx, actor, id);
  return { order_no: found.order_no };
}

/** Detail rows of finished orders: a member's own, or any member's for staff (by user_id), by course. */
export async function finishedDetails(
  ctx: OrdersContext,
  actor: SignedIn,
  query: { product_id?: number | undefined; user_id?: number | undefined },
) {
  const staff = await allows(ctx.policy(), actor, 'order.manage', null);
  if (!staff && query.user_id !== undefined && query.user_id !== actor.id) throw forbidden();
  const userId = staff ? query.user_id : actor.id;
  return ctx.db
    .select({
      ...getTableColumns(ordersDetail),
      user_id: orders.user_id,
      approve_date: orders.approve_date,
      product_title: product.product_title,
    })
    .from(ordersDetail)
    .innerJoin(orders, eq(orders.id, ordersDetail.orders_id))
    .innerJoin(product, eq(product.id, ordersDetail.product_id))
    .where(
      and(
        eq(orders.orders_status, 'finish'),
        userId !== undefined ? eq(orders.user_id, userId) : undefined,
        query.product_id !== undefined ? eq(ordersDetail.product_id, query.product_id) : undefined,
        ordersVisibleTo(actor),
      ),
    )
    .orderBy(desc(ordersDetail.id));
}
