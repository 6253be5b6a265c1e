import type { OrderPayment } from '@sikkha/contract';
import type { PlacedOrder } from './api';

/**
 * The payment page that continues a waiting order by its opaque reference (spec 2 §4 "Payment references"), or
 * null for the methods that have none: a transfer is proved by its slip, coins pay at once. Union-pay is charged
 * from the card page, which sends the member on to the gateway's page.
 */
export function paymentPagePath(payment: OrderPayment, token: string): string | null {
  const ref = encodeURIComponent(token);
  switch (payment) {
    case 'qrcode':
      return `/qrPlayment/${ref}`;
    case 'credit':
    case 'unionpay':
      return `/creditCard/${ref}`;
    case 'smatrpay':
      return `/creditCardSmatrPay/${ref}`;
    case 'transfer':
    case 'coin':
      return null;
    default:
      return payment satisfies never;
  }
}

type NextStep = { kind: 'redirect'; url: string } | { kind: 'page'; path: string } | { kind: 'placed' };

/** Where a placed order goes on (spec 2 §4 "Payment references"): the gateway's page, its payment page, or it waits. */
export function nextStep(order: PlacedOrder): NextStep {
  if (order.redirect_url && (order.orders_payment === 'smatrpay' || order.orders_payment === 'unionpay')) {
    return { kind: 'redirect', url: order.redirect_url };
  }
  const path = paymentPagePath(order.orders_payment, order.token);
  return path ? { kind: 'page', path } : { kind: 'placed' };
}
