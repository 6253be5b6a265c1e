import { expect, test } from 'vitest';
import { INSTALLMENT_TERMS } from '../constants.js';
import { payBody } from './orders.js';

test('an instalment plan is one of the terms KBank documents (3, 4, 6, 10 months), never passed on otherwise', () => {
  for (const term of INSTALLMENT_TERMS)
    expect(payBody.safeParse({ ref: 'r', installmentTerm: term }).success).toBe(true);
  for (const term of [1, 2, 5, 12, 24, 36]) {
    expect(payBody.safeParse({ ref: 'r', installmentTerm: term }).success, String(term)).toBe(false);
  }
  expect(payBody.safeParse({ ref: 'r' }).success).toBe(true);
});
