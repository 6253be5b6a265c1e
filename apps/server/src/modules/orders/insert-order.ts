import { randomBytes } from 'node:crypto';
import { orderReference, type Satang, toBaht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { orderPayment, orders, ordersDetail } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { settleMemberStatus } from './member-status.js';

type Stamped = 'id' | 'user_id' | 'orders_status' | 'orders_ref' | 'create_by' | 'create_at' | 'update_at';
type Amounts = 'orders_total' | 'orders_discount' | 'orders_net';
type DetailAmounts = 'orders_detail_price' | 'orders_detail_discount' | 'orders_detail_net';
type OrderValues = Omit<typeof orders.$inferInsert, Stamped | Amounts>;
type DetailValues = Omit<typeof ordersDetail.$inferInsert, 'id' | 'orders_id' | Stamped | DetailAmounts>;
type PaymentValues = Omit<typeof orderPayment.$inferInsert, 'id' | 'orders_id' | 'user_id' | 'create_at' | 'token'>;

/** The payment page's reference: 32 random bytes, so it can be neither guessed nor derived from the order. */
const paymentToken = () => randomBytes(32).toString('base64url');

/**
 * A new waiting order with its one course line and its payment record, inside the caller's unit of work: the rows
 * every way of buying writes alike, the order and its line at the same price, discount and net. The reference
 * (`SPSK` + id) is known only once the row has its id. The member now waits on a payment (unless already Premium).
 */
export async function insertOrder(
  work: Work,
  memberId: number,
  at: string,
  values: {
    amounts: { price: Satang; discount: Satang; net: Satang };
    order: OrderValues;
    detail: DetailValues;
    payment: PaymentValues;
  },
) {
  const stamp = { create_by: memberId, create_at: at, update_at: at };
  const price = toBaht(values.amounts.price);
  const discount = toBaht(values.amounts.discount);
  const net = toBaht(values.amounts.net);
  const [order] = await work.db
    .insert(orders)
    .values({
      ...values.order,
      orders_total: price,
      orders_discount: discount,
      orders_net: net,
      user_id: memberId,
      orders_status: 'wait',
      ...stamp,
    })
    .returning({ id: orders.id, create_at: orders.create_at });
  const { id, create_at } = order!;
  await work.db
    .update(orders)
    .set({ orders_ref: orderReference(id) })
    .where(eq(orders.id, id));
  await work.db.insert(ordersDetail).values({
    ...values.detail,
    orders_detail_price: price,
    orders_detail_discount: discount,
    orders_detail_net: net,
    orders_id: id,
    ...stamp,
  });
  await work.db
    .insert(orderPayment)
    .values({ ...values.payment, token: paymentToken(), orders_id: id, user_id: memberId, create_at: at });
  await settleMemberStatus(work, memberId);
  return { id, create_at };
}
