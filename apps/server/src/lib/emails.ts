/**
 * An e-mail address as the shop stores and compares it: trimmed, in lower case. Every address that is saved or looked
 * up (sign-up, sign-in, codes, social sign-in, staff edits, coupon lists) goes through this one rule.
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
