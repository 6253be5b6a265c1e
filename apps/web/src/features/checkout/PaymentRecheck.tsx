import { RECHECK_INTERVAL_MS } from '@sikkha/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { courseKeys, orderKeys, sessionKeys } from '../../lib/query-keys';

const RETURN_HASHES = new Set(['#gateway-success', '#gateway-fail']);

/** Coming back to the tab asks again at most this often. */
const RETURN_GAP_MS = 30_000;

/**
 * Spec 1 §4 / spec 2 §9: while a member is signed in, their waiting gateway payments are asked about again every
 * 5 minutes, and at once on return from a payment page: the gateway's page sending them back with a result, or the
 * tab shown again after paying in a banking app or the gateway's own tab. A payment that finished meanwhile
 * refreshes the member, the open course and the orders. Small and apart from the order dialog: every signed-in
 * page loads it.
 */
export function PaymentRecheck() {
  const token = useToken();
  const { hash } = useLocation();
  const queryClient = useQueryClient();
  const returned = RETURN_HASHES.has(hash);

  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let asked = 0;
    const recheck = async () => {
      asked = Date.now();
      try {
        const orders = await routeData('ordersRecheckByUser');
        if (stopped || !orders.some((order) => order.orders_status !== 'wait')) return;
        await Promise.all(
          [sessionKeys.current, courseKeys.all, orderKeys.all].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
      } catch {
        // The next round asks again; a refused token is the session check's to say.
      }
    };
    if (returned) void recheck();
    const timer = setInterval(() => void recheck(), RECHECK_INTERVAL_MS);
    const onShown = () => {
      if (document.visibilityState === 'visible' && Date.now() - asked > RETURN_GAP_MS) void recheck();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [token, returned, queryClient]);
  return null;
}
