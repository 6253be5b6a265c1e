import { describe, expect, test } from 'vitest';
import { cardEntryProblems, expiryOf, formatExpiry, groupCardNumber } from './card.js';

const today = new Date(2026, 10, 27);
const good = { name: 'SOMCHAI JAIDEE', number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };

describe('the card as typed on the card page', () => {
  test('the number groups by four and the expiry reads month/year as it is typed', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/2')).toBe('12/2');
    expect(expiryOf('12/29')).toEqual({ month: 12, year: 2029 });
    expect(expiryOf('13/29')).toBeNull();
  });

  test('an empty card names each field, a mistyped one says what is wrong, a good one passes', () => {
    expect(cardEntryProblems({ name: '', number: '', expiry: '', cvc: '' }, today)).toEqual({
      name: 'cardNameRequired',
      number: 'cardNumberRequired',
      expiry: 'cardExpiryRequired',
      cvc: 'cardCvcRequired',
    });
    expect(cardEntryProblems({ ...good, number: '4242 4242 4242 4241', expiry: '13/29', cvc: '12' }, today)).toEqual({
      number: 'cardNumberInvalid',
      expiry: 'cardExpiryInvalid',
      cvc: 'cardCvcInvalid',
    });
    expect(cardEntryProblems({ ...good, expiry: '10/26' }, today)).toEqual({ expiry: 'cardExpired' });
    expect(cardEntryProblems({ ...good, expiry: '11/26' }, today)).toEqual({});
    expect(cardEntryProblems(good, today)).toEqual({});
  });
});
