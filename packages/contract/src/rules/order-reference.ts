const PREFIX = 'SPSK';

/** QR and union-pay order reference: SPSK plus the order id zero-padded to 10 digits. */
export function orderReference(orderId: number): string {
  if (!Number.isInteger(orderId) || orderId <= 0 || orderId >= 1e10) throw new RangeError(`bad order id: ${orderId}`);
  return PREFIX + String(orderId).padStart(10, '0');
}

export function orderIdFromReference(ref: string): number | null {
  const match = /^SPSK(\d{10})$/.exec(ref);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}
