import { type OrderPayment, orderPayments, type PaymentGap } from '@sikkha/contract';
import type { PaymentGateway } from '../../providers/payments/port.js';

/**
 * What the shop's settings leave out, each with the payment methods that stay off until it is set: the shop's own
 * account (transfers) and a card gateway (card, smart-pay, union-pay, and the QR when no PROMPTPAY_ID makes one).
 * Read from the methods taken now, so it cannot disagree with what the order dialog offers.
 */
export function paymentGaps(offered: (payment: OrderPayment) => boolean, gateway: PaymentGateway | undefined) {
  const gaps: PaymentGap[] = [];
  if (!offered('transfer')) gaps.push({ setting: 'SHOP_ACCOUNT_NUMBER', off: ['transfer'] });
  if (!gateway) {
    const off = orderPayments.filter((p) => p !== 'transfer' && !offered(p));
    gaps.push({ setting: 'PAYMENT_GATEWAY', off });
  }
  return gaps;
}

/** The start log's line for a gap: what is off and which settings turn it on. */
export function gapLine(gap: PaymentGap, offered: readonly OrderPayment[]): string {
  switch (gap.setting) {
    case 'SHOP_ACCOUNT_NUMBER':
      return (
        'PAYMENTS: bank transfer is not offered: the shop has no account set (SHOP_BANK, SHOP_ACCOUNT_NAME, ' +
        'SHOP_ACCOUNT_NUMBER).'
      );
    case 'PAYMENT_GATEWAY':
      return (
        `PAYMENTS: no payment gateway (PAYMENT_GATEWAY with its keys): ${gap.off.join(', ')} not offered; ` +
        `offered: ${offered.join(', ') || 'none'}.` +
        (gap.off.includes('qrcode') ? ' PROMPTPAY_ID alone offers the PromptPay QR.' : '')
      );
    default:
      return gap.setting satisfies never;
  }
}
