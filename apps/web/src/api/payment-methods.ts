import type { OrderPayment, ordersPaymentType } from '@sikkha/contract';
import { isPaymentTypeId, paymentOfType } from '@sikkha/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { orderKeys } from '../lib/query-keys';
import { apiGet } from './client';
import { retryServerErrors } from './query-retry';
import { routeData } from './routes';

export type PaymentType = ReturnType<typeof ordersPaymentType.row.parse>;

/** The payment types of the order dialog's left column (public); a removed one (remove_by Y) is not shown at all. */
export const usePaymentTypes = () =>
  useQuery({
    queryKey: orderKeys.paymentTypes(),
    queryFn: async () => (await apiGet<PaymentType[]>('ordersPaymentType')).filter((t) => t.remove_by !== 'Y'),
    retry: retryServerErrors,
    staleTime: 5 * 60 * 1000,
  });

/** The shop's account, the card fee factor, the coin rate and the methods taken now (the order dialog's). */
export const useCheckoutSettings = () =>
  useQuery({
    queryKey: orderKeys.settings(),
    queryFn: () => routeData('checkoutSettings'),
    retry: retryServerErrors,
    staleTime: 5 * 60 * 1000,
  });
export type CheckoutSettings = NonNullable<ReturnType<typeof useCheckoutSettings>['data']>;

/**
 * The method a payment type pays by, when staff have it on and the shop takes it now (a card method needs a
 * gateway, a transfer the shop's account); null otherwise. The order dialog and the pricing page both ask this.
 */
export function offeredPayment(type: PaymentType, settings: CheckoutSettings): OrderPayment | null {
  if (type.orders_payment_type_disable === 'Y' || !isPaymentTypeId(type.id)) return null;
  const payment = paymentOfType[type.id];
  return settings.offered.includes(payment) ? payment : null;
}

/** The methods a member can pay by now, in the order of the payment types. */
export const offeredPayments = (types: readonly PaymentType[], settings: CheckoutSettings): OrderPayment[] =>
  types.flatMap((type) => offeredPayment(type, settings) ?? []);
