import {
  documentContext,
  type EtaxSeller,
  exchangedDocument,
  namespacesOf,
  referencedDocument,
  rootOf,
  sellerParty,
} from './parts.js';
import { el, serialize } from './xml.js';

/** ใบแจ้งยกเลิก, type T07 (CancellationNote). */
export const CANCELLATION_NOTE = { typeCode: 'T07', name: 'ใบแจ้งยกเลิก' } as const;

/** A document staff void because it was issued in error, and the note that says so. */
export interface VoidedDocument {
  /** The cancellation note's own number. */
  number: string;
  cancelled_at: Date;
  /** Why it was voided, as staff wrote it. */
  reason: string;
  /** The document voided: its number, its date and its ETDA type code (T03, T01 or 81). */
  voided: { number: string; issued: Date; typeCode: string };
}

/**
 * The cancellation note of a document issued in error: the seller, the document it voids and why. ETDA's note names
 * no buyer and no amounts; the voided document keeps them.
 */
export function cancellationNoteXml(note: VoidedDocument, seller: EtaxSeller, created: Date): string {
  return serialize(
    rootOf(
      'CancellationNote',
      documentContext(),
      exchangedDocument({
        id: note.number,
        ...CANCELLATION_NOTE,
        issued: note.cancelled_at,
        created,
        purpose: note.reason,
      }),
      el(
        'rsm:SupplyChainTradeTransaction',
        el('ram:ApplicableHeaderTradeAgreement', sellerParty(seller), referencedDocument(note.voided)),
        el('ram:ApplicableHeaderTradeSettlement'),
      ),
    ),
    namespacesOf('CancellationNote'),
  );
}
