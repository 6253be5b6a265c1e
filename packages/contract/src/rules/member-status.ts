import type { UserStatus } from '../entities/accounts.js';
import type { OrderStatus } from '../entities/orders.js';
import { unreachable } from './exhaustive.js';

const rank = { new: 0, wait: 1, premium: 2 } as const satisfies Record<UserStatus, number>;

/** What one order says of its member: a course paid for, money awaiting a decision, or nothing. */
function statusOf(order: OrderStatus): UserStatus {
  switch (order) {
    case 'finish':
      return 'premium';
    // A charge that arrived after its cancel waits on staff (refund or grant) as a slip does.
    case 'wait':
    case 'paid_after_cancel':
      return 'wait';
    // A cancelled order never paid, and a full refund took the course back: neither keeps the member anything.
    case 'cancel':
    case 'refund':
      return 'new';
    default:
      return unreachable(order);
  }
}

/**
 * A member's status (spec §4 "User status": New, Wait, Premium with the crown) from the states of all their orders:
 * Premium while one order is paid (a partial refund keeps it, the course stays), else Wait while one awaits payment
 * confirmation, else New. So cancelling or fully refunding the only paid order takes the crown back. Derived rather
 * than moved step by step, so any order's change, in any order, leaves the same answer.
 */
export function memberStatus(orders: Iterable<OrderStatus>): UserStatus {
  let best: UserStatus = 'new';
  for (const order of orders) {
    const status = statusOf(order);
    if (rank[status] > rank[best]) best = status;
  }
  return best;
}
