import { orderReference } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { orderPayment, orders, ordersDetail } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';

type Stamped = 'id' | 'user_id' | 'orders_status' | 'orders_ref' | 'create_by' | 'create_at' | 'update_at';
type OrderValues = Omit<typeof orders.$inferInsert, Stamped>;
type DetailValues = Omit<typeof ordersDetail.$inferInsert, 'id' | 'orders_id' | Stamped>;
type PaymentValues = Omit<typeof orderPayment.$inferInsert, 'id' | 'orders_id' | 'user_id' | 'create_at'>;

/**
 * A new waiting order with its one course line and its payment record, inside the caller's unit of work: the rows
 * every way of buying writes alike. The reference (`SPSK` + id) is known only once the row has its id.
 */
export async function insertOrder(
  work: Work,
  memberId: number,
  at: string,
  values: { order: OrderValues; detail: DetailValues; payment: PaymentValues },
) {
  const stamp = { create_by: memberId, create_at: at, update_at: at };
  const [order] = await work.db
    .insert(orders)
    .values({ ...values.order, user_id: memberId, orders_status: 'wait', ...stamp })
    .returning({ id: orders.id, create_at: orders.create_at });
  const { id, create_at } = order!;
  await work.db
    .update(orders)
    .set({ orders_ref: orderReference(id) })
    .where(eq(orders.id, id));
  await work.db.insert(ordersDetail).values({ ...values.detail, orders_id: id, ...stamp });
  await work.db.insert(orderPayment).values({ ...values.payment, orders_id: id, user_id: memberId, create_at: at });
  return { id, create_at };
}
