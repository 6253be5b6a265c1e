import { bangkokDate } from '@sikkha/contract/rules';
import { sql } from 'drizzle-orm';
import { documentCounter } from './schema/index.js';
import type { Work } from './unit-of-work.js';

/**
 * Documents numbered at finish (a receipt, or a full tax invoice when the buyer asked for one), at a refund (a credit
 * note against a tax invoice, else a refund note) and when staff void a document issued in error (its cancellation
 * note): each type its own gap-free series per year.
 */
export const documentPrefixes = {
  receipt: 'RC',
  taxInvoice: 'INV',
  creditNote: 'CN',
  refundNote: 'RN',
  cancellationNote: 'CA',
} as const;
export type DocumentType = keyof typeof documentPrefixes;

/**
 * The next number of a document type in a Bangkok year, in the caller's unit of work: the counter row is taken with
 * an upsert that locks it until the commit, so numbers are issued in order, a rolled-back unit of work gives its
 * number back (no gap), and two never share one. "RC2026-000001".
 */
export async function issueNumber(work: Work, type: DocumentType, at: Date): Promise<string> {
  const year = Number(bangkokDate(at).slice(0, 4));
  const [row] = await work.db
    .insert(documentCounter)
    .values({ doc_type: type, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounter.doc_type, documentCounter.year],
      set: { last: sql`${documentCounter.last} + 1` },
    })
    .returning({ last: documentCounter.last });
  return `${documentPrefixes[type]}${year}-${String(row!.last).padStart(6, '0')}`;
}
