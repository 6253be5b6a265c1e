import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { adminRoute } from './admin-request';

/**
 * The count of orders waiting for staff (status wait, `ordersTotalStatus`), asked again on every route change of
 * the back office (spec 2 §9), for the sidebar's badge.
 */
export function useWaitingOrders() {
  const { pathname } = useLocation();
  const { data } = useQuery({
    queryKey: ['admin', 'waitingOrders', pathname],
    queryFn: async () => (await adminRoute('ordersTotalStatus', { query: { orders_status: 'wait' } })).data.total,
    staleTime: 0,
  });
  return data;
}
