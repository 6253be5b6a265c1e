import { describe, expect, test } from 'vitest';
import { memberStatus } from './member-status.js';

describe('member status from orders', () => {
  test('no order, or only cancelled and refunded ones: New', () => {
    expect(memberStatus([])).toBe('new');
    expect(memberStatus(['cancel', 'refund', 'cancel'])).toBe('new');
  });

  test('an order awaiting payment confirmation, or money that came after a cancel: Wait', () => {
    expect(memberStatus(['cancel', 'wait'])).toBe('wait');
    expect(memberStatus(['refund', 'paid_after_cancel'])).toBe('wait');
  });

  test('one paid order makes a Premium member, whatever else waits or was cancelled', () => {
    expect(memberStatus(['wait', 'finish', 'cancel'])).toBe('premium');
    expect(memberStatus(['refund', 'finish'])).toBe('premium');
  });

  test('refunding the only paid order falls back to what is left', () => {
    expect(memberStatus(['refund', 'wait'])).toBe('wait');
    expect(memberStatus(['refund'])).toBe('new');
  });
});
