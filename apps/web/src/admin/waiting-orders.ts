import type { OrderStatus } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { adminKeys } from '../lib/query-keys';
import { adminRoute } from './admin-request';

/** The states of orders that wait for staff: a payment to confirm, and a charge confirmed after cancellation. */
const WAITING_FOR_STAFF = ['wait', 'paid_after_cancel'] as const satisfies readonly OrderStatus[];

/**
 * The count of orders waiting for staff (status wait, `ordersTotalStatus`, spec 2 §9; and the payments confirmed
 * after their order was cancelled, which staff must refund or turn into the course), asked again on every route
 * change of the back office, for the sidebar's badge.
 */
export function useWaitingOrders() {
  const { pathname } = useLocation();
  const { data } = useQuery({
    queryKey: adminKeys.waitingOrders(pathname),
    queryFn: async () => {
      const totals = await Promise.all(
        WAITING_FOR_STAFF.map((orders_status) =>
          adminRoute('ordersTotalStatus', { query: { orders_status } }).then(
            (r) => r.data.total,
            // One count the server cannot give yet does not hide the other.
            () => 0,
          ),
        ),
      );
      return totals.reduce((sum, total) => sum + total, 0);
    },
    staleTime: 0,
  });
  return data;
}
