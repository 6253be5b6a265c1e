/** Money is computed in integer satang so that 0.1 + 0.2 never costs anyone a satang. */
export function toSatang(baht: number | string): number {
  const value = typeof baht === 'string' ? Number(baht) : baht;
  if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${baht}`);
  return Math.round(value * 100);
}

export function toBaht(satang: number): number {
  return satang / 100;
}

const thb = new Intl.NumberFormat('th-TH', { style: 'currency', currency: 'THB', minimumFractionDigits: 2 });

/** "฿1,990.00" */
export function formatBaht(baht: number): string {
  return thb.format(baht);
}
