import { RECHECK_INTERVAL_MS } from '@sikkha/contract/rules';

/**
 * A token is renewed this long before it ends, so an active member is never cut off: long enough for a background
 * tab, whose timers Chromium may hold back by a minute, to still renew in time.
 */
export const RENEW_BEFORE_MS = 10 * 60 * 1000;

/**
 * How long before its end to renew a token first seen with `firstLeft` ms to live: RENEW_BEFORE_MS, or half the
 * life of a shorter-lived token (so each new one lasts a while). A token that already looks ended to this
 * browser's clock (a skewed clock) is left to the server, which says when it is refused.
 */
export const renewalLead = (firstLeft: number) => (firstLeft > 0 ? Math.min(RENEW_BEFORE_MS, firstLeft / 2) : 0);

/**
 * What a session check does with a token that has `left` ms to live: renew it now, or check again in a while: at
 * the spec's 5-minute pace, or sooner when the token is due for renewal before then.
 */
export function nextTokenStep(left: number, lead: number): { renew: true } | { renew: false; checkInMs: number } {
  if (lead > 0 && left <= lead) return { renew: true };
  return { renew: false, checkInMs: lead > 0 ? Math.min(RECHECK_INTERVAL_MS, left - lead) : RECHECK_INTERVAL_MS };
}
