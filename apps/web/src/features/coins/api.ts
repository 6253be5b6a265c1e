import type { RouteData, RouteResponse } from '@sikkha/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { retryServerErrors } from '../../api/query-retry';
import { callRoute, routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { coinKeys, sessionKeys } from '../../lib/query-keys';

export type CoinCoupon = RouteData<'couponPointByUser'>[number];
export type CoinHistory = RouteResponse<'logPointByUser'>;
export type CoinHistoryLine = CoinHistory['data'][number];

export const HISTORY_PAGE_SIZE = 20;

/** The coin coupons the member may see in the coin coupon dialog, each with its button state (op, cl, us). */
export function useCoinCoupons(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: coinKeys.coupons(token),
    queryFn: () => routeData('couponPointByUser'),
    enabled: enabled && token !== null,
    retry: retryServerErrors,
  });
}

/** One page of the member's coin history, newest first, with the balance after each line. */
export function useCoinHistory(page: number) {
  const token = useToken();
  return useQuery({
    queryKey: coinKeys.history(page, token),
    queryFn: () => callRoute('logPointByUser', { query: { page, pageSize: HISTORY_PAGE_SIZE } }),
    enabled: token !== null,
    retry: retryServerErrors,
    placeholderData: keepPreviousData,
  });
}

/**
 * Claims a coin coupon by its code: a public one, or one made for this member (spec 2 §7 UseCouponCoinPublic and
 * UseCouponCoinOnly). A typed code's kind is asked first; an unknown code answers the server's message.
 */
export async function claimCoinCoupon(code: string, kind?: CoinCoupon['coupon_point_type']) {
  const type = kind ?? (await routeData('couponPointByCode', { query: { code } })).coupon_point_type;
  const route = type === 'only' ? 'couponPointUseCouponCoinOnly' : 'couponPointUseCouponCoinPublic';
  return routeData(route, { method: 'POST', body: { code } });
}

/** After a claim: the member (the profile and the coin badge), the dialog's list and the history are asked again. */
export function useAfterClaim() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
        queryClient.invalidateQueries({ queryKey: coinKeys.all }),
      ]),
    [queryClient],
  );
}
