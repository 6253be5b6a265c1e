import { coinAdjustment } from '@sikkha/contract';
import type { WriteHooks } from '../../http/resources/engine.js';
import { invalidIssues } from '../../http/validation.js';

/**
 * A ledger row written through the resource engine is a staff coin adjustment (members cannot write the ledger;
 * orders and coupons move coins through db/coin-ledger.ts): it needs a non-zero amount and its reason, which the
 * member's history and the audit log show. Its type is always 'staff'.
 */
export const coinAdjustmentHooks: WriteHooks = {
  async beforeWrite(values) {
    const parsed = coinAdjustment.safeParse({ ...values, log_point_type: 'staff' });
    if (!parsed.success) throw invalidIssues(parsed.error.issues);
    return { ...values, ...parsed.data };
  },
};
