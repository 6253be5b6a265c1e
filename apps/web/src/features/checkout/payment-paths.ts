import type { OrderPayment } from '@sikkha/contract';

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
