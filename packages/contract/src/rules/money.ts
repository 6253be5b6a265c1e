declare const satangBrand: unique symbol;
declare const bahtBrand: unique symbol;

/**
 * Money inside the shop: an integer number of satang, so 0.1 + 0.2 never costs anyone a satang. Arithmetic on money
 * happens only on `Satang`; the sum of two `Satang` is a plain number again until `satang()` checks it.
 */
export type Satang = number & { readonly [satangBrand]: true };

/** Money at the edges (the API's fields and the database's numeric(12,2) columns): baht with 2 decimals. */
export type Baht = number & { readonly [bahtBrand]: true };

/** Checks that a computed amount is still whole satang (a rounding slip fails loudly instead of losing a satang). */
export function satang(value: number): Satang {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of satang: ${value}`);
  return value as Satang;
}

export function toSatang(baht: number | string): Satang {
  const value = typeof baht === 'string' ? Number(baht) : baht;
  if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${baht}`);
  return satang(Math.round(value * 100));
}

export function toBaht(amount: Satang): Baht {
  return (amount / 100) as Baht;
}

/** An amount a person wrote in baht (demo content, a test, a staff form): refused unless it is whole satang. */
export function baht(value: number | string): Baht {
  const amount = toSatang(value);
  if (Math.abs(Number(value) * 100 - amount) > 1e-6) throw new RangeError(`more than 2 decimals: ${value}`);
  return toBaht(amount);
}

/** The part of an amount that a percentage is, rounded to the nearest satang (half up). */
export function percentOf(amount: Satang, percent: number): Satang {
  return satang(Math.round((amount * percent) / 100));
}

export function sumSatang(amounts: readonly Satang[]): Satang {
  return satang(amounts.reduce((total, amount) => total + amount, 0));
}

const thb = new Intl.NumberFormat('th-TH', { style: 'currency', currency: 'THB', minimumFractionDigits: 2 });

/** "฿1,990.00" */
export function formatBaht(baht: number): string {
  return thb.format(baht);
}
