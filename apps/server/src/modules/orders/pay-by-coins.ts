import { type NewOrderBody, PAYMENT_TYPE } from '@sikkha/contract';
import { coinsToPay, orderReference, paymentProblem, satang, toSatang } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { recordCoins } from '../../db/coin-ledger.js';
import { user } from '../../db/schema/index.js';
import { AppError, fail } from '../../errors.js';
import { couponRefused } from '../../policies/coupons.policy.js';
import type { SignedIn } from '../../policies/index.js';
import { finishOrder } from './finish.js';
import { insertOrder } from './insert-order.js';
import { checkout, idempotencyKey, lockForPlacement } from './order-placement.js';
import { placed } from './order-views.js';
import type { OrdersContext } from './orders-context.js';

/**
 * ordersCoinPay: the order is placed and finished in one unit of work, the coins leave the member's balance with
 * a ledger row (the member's row locked first: a balance never goes below zero, whatever runs at once).
 * One coin pays `bahtPerCoin` baht; a net with satang costs the next whole coin. Coins take no coupon (§6).
 */
export async function payByCoins(
  ctx: OrdersContext,
  member: SignedIn,
  body: NewOrderBody,
  headerKey: string | undefined,
) {
  if (body.ordersDetail.coupon_id) throw couponRefused('couponPayment');
  const key = idempotencyKey(body.order, headerKey);
  return ctx.transact(async (work) => {
    const again = await lockForPlacement(work, member, key, { typeId: PAYMENT_TYPE.coin, body });
    if (again) return { ...again, point: await balanceOf(work.db, member.id) };
    const { course, account } = await checkout(ctx, work, member, PAYMENT_TYPE.coin, body);
    if (course.product_coin_pay !== 'Y') throw fail('UNPROCESSABLE', 'coinPayOff');
    const problem = paymentProblem({ product_book: course.product_book, send_address: account.send_address });
    if (problem) throw new AppError('UNPROCESSABLE', problem.message);

    const price = toSatang(course.product_price ?? 0);
    const coins = coinsToPay(price, ctx.bahtPerCoin);
    const { id } = await insertOrder(work, member.id, ctx.clock.now().toISOString(), {
      amounts: { price, discount: satang(0), net: price },
      order: { orders_payment_type_id: PAYMENT_TYPE.coin, orders_payment: 'coin', receipt: 'N', receipt_type: null },
      detail: { product_id: course.id, coupon_id: null, orders_detail_coin: coins },
      payment: { idempotency_key: key ?? null },
    });
    const { point } = await recordCoins(work, ctx.clock, {
      user_id: member.id,
      amount: -coins,
      type: 'pay',
      note: `ชำระคอร์ส ${course.product_title ?? ''} (${orderReference(id)})`,
      by: member.id,
    });
    await finishOrder(work, ctx.finishDeps, id, member.id);
    return { ...(await placed(work.db, id)), point };
  });
}

async function balanceOf(executor: Executor, userId: number) {
  const [row] = await executor.select({ point: user.point }).from(user).where(eq(user.id, userId));
  return row?.point ?? 0;
}
