import type { NewOrderBody } from '@sikkha/contract';
import {
  amountDue,
  couponEffect,
  feeOf,
  HEAD_OFFICE,
  isPaymentTypeId,
  normalisePaymentDate,
  paymentOfType,
  paymentProblem,
  receiptTypeOf,
  toBaht,
  toSatang,
} from '@sikkha/contract/rules';
import { notify } from '../../db/notify.js';
import { AppError, fail } from '../../errors.js';
import { expireOrder } from '../../jobs/orders.job.js';
import type { SignedIn } from '../../policies/index.js';
import { insertOrder } from './insert-order.js';
import { checkout, idempotencyKey, lockForPlacement } from './order-placement.js';
import { placed } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import { payByCoins } from './pay-by-coins.js';
import { redeemCoupon } from './redeem-coupon.js';
import { inspectSlip, recordSlip } from './slip-check.js';

/**
 * Places an order (POST /api/orders): every amount from the database, the rules of "before any payment" on the
 * member's saved fields, one waiting order per course, one order per idempotency key, its expiry on the queue.
 * A coin order is paid at once (`payByCoins`).
 */
export async function placeOrder(
  ctx: OrdersContext,
  member: SignedIn,
  body: NewOrderBody,
  headerKey: string | undefined,
) {
  const { clock, shop } = ctx;
  const typeId = body.order.orders_payment_type_id ?? 4;
  if (!isPaymentTypeId(typeId)) throw fail('UNPROCESSABLE', 'paymentTypeOff');
  const payment = paymentOfType[typeId];
  if (payment === 'coin') return payByCoins(ctx, member, body, headerKey);
  if (!ctx.offered(payment)) throw fail('UNPROCESSABLE', 'paymentTypeOff');
  const key = idempotencyKey(body.order, headerKey);
  const slipName = payment === 'transfer' ? body.order.orders_payment_slip : undefined;
  const slip = slipName ? await inspectSlip(ctx, member, slipName) : null;

  return ctx.transact(async (work) => {
    const again = await lockForPlacement(work, member, key, { typeId: typeId, body });
    if (again) return again;

    const { course, account } = await checkout(ctx, work, member, typeId, body);
    const receipt = body.order.receipt === 'Y' ? 'Y' : 'N';
    const receiptType = receiptTypeOf(receipt, body.order.receipt_type);
    const problem = paymentProblem({
      product_book: course.product_book,
      ...account,
      receipt,
      receipt_type: receiptType,
      transfer:
        payment === 'transfer'
          ? {
              slip: body.order.orders_payment_slip,
              date: body.order.orders_payment_date,
              time: body.order.orders_payment_time,
            }
          : null,
    });
    if (problem) throw new AppError('UNPROCESSABLE', problem.message);

    const price = toSatang(course.product_price ?? 0);
    // The coupon is checked again here, its row locked, with the payment method: its limit holds under races.
    const couponId = body.ordersDetail.coupon_id ?? null;
    const {
      discount,
      net,
      coins: couponCoins,
    } = couponId
      ? (await redeemCoupon(work, member, { coupon_id: couponId, product_id: course.id, price, payment }, clock.now()))
          .effect
      : couponEffect(price, null);
    const fee = toBaht(feeOf(net, shop.feeFactor, payment));
    const now = clock.now();
    const at = now.toISOString();
    const paymentDate =
      payment === 'transfer' && body.order.orders_payment_date
        ? normalisePaymentDate(body.order.orders_payment_date)
        : null;
    // A transfer proved by its slip waits for staff, however long they take (as a slip attached later does).
    const expiresAt = slip
      ? null
      : new Date(now.getTime() + (ctx.viaGateway(payment) ? shop.gatewayOrderExpiryMs : shop.orderExpiryMs));
    const order = await insertOrder(work, member.id, at, {
      amounts: { price, discount, net },
      order: {
        orders_payment_type_id: typeId,
        orders_payment: payment,
        orders_payment_date: paymentDate,
        orders_payment_time: payment === 'transfer' ? (body.order.orders_payment_time ?? null) : null,
        orders_payment_bank: payment === 'transfer' ? (body.order.orders_payment_bank ?? null) : null,
        orders_payment_slip: slip?.name ?? null,
        orders_payment_account: payment === 'transfer' ? (shop.account?.number ?? null) : null,
        receipt,
        receipt_type: receiptType,
      },
      detail: { product_id: course.id, coupon_id: couponId },
      payment: {
        idempotency_key: key ?? null,
        fee,
        coupon_coins: couponCoins,
        expires_at: expiresAt?.toISOString() ?? null,
        receipt_data:
          receipt === 'Y'
            ? receiptType === 'company'
              ? {
                  type: 'company',
                  company_id: account.company_id,
                  company_name: account.company_name,
                  company_address: account.company_address,
                  company_address_send: account.company_address_send,
                  company_branch: body.order.company_branch ?? HEAD_OFFICE,
                }
              : {
                  type: 'person',
                  name: [account.name_th, account.lname_th].filter(Boolean).join(' '),
                  card_id: account.card_id,
                  address: account.address,
                }
            : null,
      },
    });
    const id = order.id;
    if (slip) {
      const amount = amountDue({ orders_net: toBaht(net), fee });
      await recordSlip(ctx, work, { id, create_at: order.create_at, amount }, slip, body.order);
    }
    if (expiresAt) {
      await ctx.jobs.enqueue(work, expireOrder, { orders_id: id }, { runAt: expiresAt, key: `orders.expire:${id}` });
    }
    await notify(
      work,
      {
        user_id: member.id,
        icon: 'hourglass_top',
        to: '/courses/onlyOrder',
        message: `คำสั่งซื้อ ${course.product_title ?? ''} รอการชำระเงิน`,
      },
      now,
    );
    return placed(work.db, id);
  });
}
