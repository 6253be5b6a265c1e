import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from './client.js';
import { orders, ordersDetail } from './schema/index.js';

/**
 * A purchase: a finished order joined to the course it bought (an order's course is its ordersDetail row). A refunded
 * or cancelled order is no purchase. Viewing rights add the 2-year window on top (policies/courses.policy.ts).
 */
const isPurchaseOf = (productId: number) =>
  and(eq(orders.orders_status, 'finish'), eq(ordersDetail.product_id, productId));

/** The member's latest purchase of the course, at any time: its order's id, or null when they never bought it. */
export async function latestPurchase(db: Executor, userId: number, productId: number): Promise<number | null> {
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
    .where(and(eq(orders.user_id, userId), isPurchaseOf(productId)))
    .orderBy(desc(orders.id))
    .limit(1);
  return found?.id ?? null;
}

/** Everyone who ever bought the course, as a subquery of user ids (`inArray(user.id, buyersOf(db, id))`). */
export function buyersOf(db: Executor, productId: number) {
  return db
    .selectDistinct({ id: orders.user_id })
    .from(orders)
    .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
    .where(isPurchaseOf(productId));
}
