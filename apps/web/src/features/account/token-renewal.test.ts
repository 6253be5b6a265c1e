import { RECHECK_INTERVAL_MS, TOKEN_MAX_AGE_SECONDS } from '@sikkha/contract/rules';
import { describe, expect, test } from 'vitest';
import { nextTokenStep, RENEW_BEFORE_MS, renewalLead } from './token-renewal';

const minutes = (n: number) => n * 60_000;

describe('renewing the session token before it ends', () => {
  test('a fresh 6-hour token is checked every 5 minutes, then renewed 10 minutes before its end', () => {
    const lead = renewalLead(TOKEN_MAX_AGE_SECONDS * 1000);
    expect(lead).toBe(RENEW_BEFORE_MS);
    expect(nextTokenStep(minutes(360), lead)).toEqual({ renew: false, checkInMs: RECHECK_INTERVAL_MS });
    // The last check before the end is timed to land exactly when renewal is due, not up to 5 minutes late.
    expect(nextTokenStep(minutes(13), lead)).toEqual({ renew: false, checkInMs: minutes(3) });
    expect(nextTokenStep(minutes(10), lead)).toEqual({ renew: true });
    expect(nextTokenStep(minutes(2), lead)).toEqual({ renew: true });
  });

  test('a short-lived token is renewed at half its life, so each new one lasts a while', () => {
    const lead = renewalLead(20_000);
    expect(lead).toBe(10_000);
    expect(nextTokenStep(20_000, lead)).toEqual({ renew: false, checkInMs: 10_000 });
    expect(nextTokenStep(9_000, lead)).toEqual({ renew: true });
  });

  test('a token that looks ended to a skewed clock is never renewed in a loop: the server decides', () => {
    const lead = renewalLead(-5_000);
    expect(lead).toBe(0);
    expect(nextTokenStep(-5_000, lead)).toEqual({ renew: false, checkInMs: RECHECK_INTERVAL_MS });
  });
});
