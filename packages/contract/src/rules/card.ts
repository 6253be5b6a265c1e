import type { MessageKey } from '../messages.js';

/** The card as the person types it on the card page, before the gateway's script turns it into a token. */
export interface CardEntry {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Card numbers run 12 to 19 digits (ISO/IEC 7812). */
const MAX_CARD_DIGITS = 19;

/** The number as it is printed, in groups of four: "4242 4242 4242 4242". */
export const groupCardNumber = (text: string) =>
  digitsOf(text)
    .slice(0, MAX_CARD_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The expiry as it is printed, month then year: "1229" reads "12/29". */
export function formatExpiry(text: string): string {
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The month and the full year of an expiry typed as MM/YY (or MMYY). */
export function expiryOf(text: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\/?(\d{2})$/.exec(text.trim());
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null;
}

/** The check digit every card number carries (Luhn), so a mistyped digit is said before the gateway is asked. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What is wrong with each field of a typed card, as a message of the catalogue; none when the card may go to the
 * gateway. A card is good through the last day of its expiry month.
 */
export function cardEntryProblems(card: CardEntry, today = new Date()): Partial<Record<keyof CardEntry, MessageKey>> {
  const problems: Partial<Record<keyof CardEntry, MessageKey>> = {};
  if (!card.name.trim()) problems.name = 'cardNameRequired';
  const digits = digitsOf(card.number);
  if (!card.number.trim()) problems.number = 'cardNumberRequired';
  else if (digits.length < 12 || digits.length > MAX_CARD_DIGITS || !luhnValid(digits))
    problems.number = 'cardNumberInvalid';
  const expiry = expiryOf(card.expiry);
  if (!card.expiry.trim()) problems.expiry = 'cardExpiryRequired';
  else if (!expiry) problems.expiry = 'cardExpiryInvalid';
  else if (expiry.year * 12 + expiry.month < today.getFullYear() * 12 + today.getMonth() + 1)
    problems.expiry = 'cardExpired';
  if (!card.cvc.trim()) problems.cvc = 'cardCvcRequired';
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'cardCvcInvalid';
  return problems;
}
