import { memberStatus } from '@sikkha/contract/rules';
import { and, eq, ne } from 'drizzle-orm';
import { orders, user } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';

/**
 * Sets a member's status (new, wait, premium) from all their orders, in the unit of work that has just changed one
 * of them, so the status commits or rolls back with the order. The member's row is locked before the orders are
 * read: two units of work changing two orders of one member take turns here, and the second reads the first's
 * committed order, so the last to commit writes the status of both. `no key update` is the lock the update itself
 * takes; unlike `for update` it does not wait on the share lock a foreign key to the member holds (a notification).
 */
export async function settleMemberStatus(work: Work, userId: number): Promise<void> {
  await work.db.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
  const rows = await work.db
    .selectDistinct({ status: orders.orders_status })
    .from(orders)
    .where(eq(orders.user_id, userId));
  const status = memberStatus(rows.map((r) => r.status));
  await work.db
    .update(user)
    .set({ status })
    .where(and(eq(user.id, userId), ne(user.status, status)));
}
