import type { Satang } from './money.js';

/**
 * Coins pay for courses at a rate the spec does not give: one coin pays `bahtPerCoin` baht (the setting
 * COIN_BAHT_RATE, 1 by default). A net that is not a whole number of coins costs the next whole coin, so a coin
 * payment never pays less than the net.
 */
export function coinsToPay(net: Satang, bahtPerCoin: number): number {
  const satangPerCoin = Math.round(bahtPerCoin * 100);
  if (!(satangPerCoin >= 1)) throw new RangeError(`not a coin rate: ${bahtPerCoin}`);
  return Math.ceil(net / satangPerCoin);
}

/**
 * What moved a balance, as `logPoint.log_point_type` says it: a claimed coin coupon, a Point coupon's coins when its
 * order finished, a coin payment, coins given back for a cancelled coin order, a staff adjustment.
 */
export const coinEntryTypes = ['claim', 'coupon', 'pay', 'refund', 'staff'] as const;
export type CoinEntryType = (typeof coinEntryTypes)[number];
