import { type Satang, storefrontPages, toBaht } from '@sikkha/contract/rules';

/**
 * The line a PDF prints under its notes: where a reader checks it, the public verification page with the document's
 * number and total filled in (both are printed on it already, so the link tells no one anything new).
 */
export function verifyNote(publicUrl: string, number: string, total: Satang): string {
  const query = new URLSearchParams({ no: number, amount: toBaht(total).toFixed(2) });
  return `ตรวจสอบเอกสารนี้ได้ที่ ${publicUrl}/${storefrontPages.documentVerify}?${query}`;
}
