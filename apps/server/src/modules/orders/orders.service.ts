import {
  bookOrders,
  byDate,
  byToken,
  expired,
  finishedDetails,
  mine,
  review,
  taxInvoiceNumber,
  totalStatus,
  view,
} from './order-views.js';
import { type OrdersContext, type OrdersDeps, ordersContext } from './orders-context.js';
import { payByCoins } from './pay-by-coins.js';
import { placeOrder } from './place-order.js';
import { refundOrder, refundsOf, retryGatewayRefund } from './refund-order.js';
import { resolvePaidAfterCancel } from './resolve-paid.js';
import { cancelByCode, expire, setBookSend, updateAll, updateOrder } from './update-order.js';

/**
 * The orders module's use cases, one file each, over one context built here: what the routes, the gateway's side
 * and the expiry job call.
 */
export function ordersService(deps: OrdersDeps) {
  const ctx = ordersContext(deps);
  const bound =
    <A extends unknown[], R>(useCase: (ctx: OrdersContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  return {
    place: bound(placeOrder),
    coinPay: bound(payByCoins),
    update: bound(updateOrder),
    updateAll: bound(updateAll),
    setBookSend: bound(setBookSend),
    view: bound(view),
    mine: bound(mine),
    byToken,
    cancelByCode: bound(cancelByCode),
    review: bound(review),
    expired: bound(expired),
    bookOrders: bound(bookOrders),
    byDate: bound(byDate),
    totalStatus: bound(totalStatus),
    taxInvoiceNumber: bound(taxInvoiceNumber),
    finishedDetails: bound(finishedDetails),
    expire: bound(expire),
    refund: bound(refundOrder),
    refunds: bound(refundsOf),
    retryRefund: bound(retryGatewayRefund),
    resolvePaid: bound(resolvePaidAfterCancel),
    offered: ctx.offered,
    viaGateway: ctx.viaGateway,
    personalQr: ctx.personalQr,
    finishDeps: ctx.finishDeps,
    manage: ctx.manage,
    ctx,
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
