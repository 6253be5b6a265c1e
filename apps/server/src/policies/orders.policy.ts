import { eq, type SQL, sql } from 'drizzle-orm';
import { orders } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import type { Decision } from './decision.js';

interface OwnedOrder {
  user_id: number;
}

/** An order (its detail, its slip, its receipt number) is its member's and staff's; to anyone else it does not exist. */
export const mayReadOrder = (actor: Actor, order: OwnedOrder): Decision =>
  actor.kind === 'staff' || (actor.kind === 'member' && actor.id === order.user_id) || 'hide';

/**
 * Paying, attaching a slip to and cancelling a waiting order are its member's alone: staff approve or cancel
 * through their own rule, never pay in a member's name.
 */
export const mayPayOrder = (actor: Actor, order: OwnedOrder): Decision =>
  (actor.kind === 'member' && actor.id === order.user_id) || (actor.kind === 'staff' ? false : 'hide');

/** Approving, cancelling, shipping marks and the back office's order lists: staff. */
export const mayManageOrders = (actor: Actor): Decision => actor.kind === 'staff';

/** The orders a caller may list: staff all, a member their own, a visitor none. */
export function ordersVisibleTo(actor: Actor): SQL {
  switch (actor.kind) {
    case 'staff':
      return sql`true`;
    case 'member':
      return eq(orders.user_id, actor.id);
    case 'visitor':
      return sql`false`;
    default:
      return actor satisfies never;
  }
}
