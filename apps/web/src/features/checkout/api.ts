import { type RouteBody, type RouteData, UPLOAD_FIELD } from '@sikkha/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, type Envelope, TOKEN_KEY } from '../../api/client';
import { retryServerErrors } from '../../api/query-retry';
import { routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { courseKeys, orderKeys, sessionKeys } from '../../lib/query-keys';

export type NewOrder = RouteBody<'orders'>;
export type PlacedOrder = RouteData<'orders'>;
export type PaymentPage = RouteData<'ordersByRef'>;
export type OrderView = RouteData<'ordersView'>;

// The payment types and the methods taken now are read by the pricing page too: they live in the shared layer.
export {
  type CheckoutSettings,
  offeredPayment,
  type PaymentType,
  useCheckoutSettings,
  usePaymentTypes,
} from '../../api/payment-methods';

/** POST /api/orders: the server decides every amount; the same idempotency key makes one order of retries. */
export const placeOrder = (body: NewOrder) => routeData('orders', { method: 'POST', body });

export const payWithCoins = (body: RouteBody<'ordersCoinPay'>) => routeData('ordersCoinPay', { method: 'POST', body });

/** The member attaches a slip to their own waiting transfer or QR order. */
export const attachSlip = (body: RouteBody<'ordersUpdate'>) => routeData('ordersUpdate', { method: 'POST', body });

export const cancelOrder = (id: number) =>
  routeData('ordersUpdate', { method: 'POST', body: { id, orders_status: 'cancel' } });

/** The member's delivery address for book courses (the spec's user Update). */
export const saveSendAddress = (send_address: string) =>
  routeData('userUpdate', { method: 'POST', body: { send_address } });

/** A payment page's order, from its opaque reference: what the page needs, nothing personal. */
export function usePaymentPage(ref: string | undefined, poll: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: orderKeys.page(ref ?? '', token),
    queryFn: () => routeData('ordersByRef', { query: { ref } }),
    enabled: Boolean(ref),
    retry: retryServerErrors,
    // A QR or 3-D Secure page waits for the gateway's notice: ask again until the order is no longer waiting.
    refetchInterval: (query) => (poll && query.state.data?.orders_status === 'wait' ? 4000 : false),
  });
}

/**
 * The member's own orders, newest first (My courses), in one request: each with its course, the amount charged (net
 * and fee), what was refunded, and a waiting one's payment page reference and expiry.
 */
export function useMyOrders() {
  const token = useToken();
  return useQuery({
    queryKey: orderKeys.mine(token),
    enabled: token !== null,
    retry: retryServerErrors,
    queryFn: () => routeData('ordersMine', { query: { pageSize: 100 } }),
  });
}
export type MyOrder = NonNullable<ReturnType<typeof useMyOrders>['data']>[number];

/**
 * The key of an order's refunds: under `orderKeys.all`, so a payment's change asks again; made here rather than in
 * lib/query-keys, which is in the storefront's first load, while only My courses' orders (a lazy chunk) reads it.
 */
const refundsKey = (orderId: number, token: string | null) => [...orderKeys.all, 'refunds', orderId, token] as const;

/** The refunds of one of the member's orders (GET /api/ordersRefunds), asked only for an order with money back. */
export function useOrderRefunds(orderId: number, enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: refundsKey(orderId, token),
    enabled: enabled && token !== null,
    retry: retryServerErrors,
    queryFn: () => routeData('ordersRefunds', { query: { id: orderId } }),
  });
}

/**
 * After a payment moved (paid, a slip sent, cancelled): the member (their lists of owned and waiting courses and
 * their coins), the open course and the orders are asked again.
 */
export function useAfterPayment() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
        queryClient.invalidateQueries({ queryKey: courseKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
    [queryClient],
  );
}

/** Asks the gateway again about the member's waiting gateway payments (spec §4: every 5 minutes, and on return). */
export const recheckPayments = () => routeData('ordersRecheckByUser');

/**
 * POST /api/uploadSlip (multipart field `images`) with upload progress, which fetch cannot report. Answers the
 * stored file name; the server checks the type by content (png, gif, jpeg).
 */
export function uploadSlip(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploadSlip');
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const envelope = request.response as Envelope<string> | null;
      if (request.status === 200 && envelope?.result) resolve(envelope.data);
      else reject(new ApiError(request.status, envelope?.message || request.statusText || 'Upload failed'));
    };
    request.onerror = () => reject(new ApiError(0, 'network'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append(UPLOAD_FIELD, file);
    request.send(form);
  });
}

/** The gateway's card form of a payment page (Omise.js-style or KBank's). */
export type CardForm = NonNullable<PaymentPage['card']>;

/**
 * ordersPay: charges a waiting card, smart-pay or union-pay order by its page's reference; `token` is the card token
 * the gateway's script made in the browser. Answers paid, failed, or the gateway's page to go to.
 */
export async function payOrder(ref: string, token?: string): Promise<RouteData<'ordersPay'>> {
  try {
    return await routeData('ordersPay', { method: 'POST', body: token ? { ref, token } : { ref } });
  } catch (error) {
    // A refused card is the gateway's answer, not a fault: the server says it with `result: false` and 200.
    if (error instanceof ApiError && error.status === 200)
      return { status: 'failed', authorizeUrl: null, redirect_url: null };
    throw error;
  }
}
