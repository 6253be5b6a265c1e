import type { IssuedDocumentType } from '@sikkha/contract';
import { type Satang, satang, toBaht } from '@sikkha/contract/rules';
import { issuedDocument } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { creditNoteAmounts, type IssuedRefund } from './credit-note.js';
import { buyerIdOf, type EtaxSeller } from './etax/parts.js';
import { type IssuedOrder, receiptAmounts } from './receipt.js';
import type { Kept } from './stored-files.js';

/** What the register says of a document besides where it is kept: the facts its summary and verification need. */
export interface RegisterFacts {
  doc_no: string;
  doc_type: IssuedDocumentType;
  orders_id: number;
  refund_id?: number | null;
  issued_at: Date;
  buyer: ReturnType<typeof buyerIdOf>;
  basis: Satang;
  vat: Satang;
  total: Satang;
  refers_to?: string | null;
}

/** A paid order's receipt or tax invoice: the amounts its PDF and XML print (`receiptAmounts`). */
export function orderFacts(
  ordersId: number,
  order: IssuedOrder & { doc_type: 'receipt' | 'taxInvoice' },
  seller: EtaxSeller,
): RegisterFacts {
  const amounts = receiptAmounts(order, seller);
  return {
    doc_no: order.order_no,
    doc_type: order.doc_type,
    orders_id: ordersId,
    issued_at: order.approve_date,
    buyer: buyerIdOf(order),
    basis: amounts.vat?.beforeVat ?? amounts.gross,
    vat: amounts.vat?.vat ?? satang(0),
    total: amounts.gross,
  };
}

/** A refund's credit note or refund note: the difference its PDF and XML print (`creditNoteAmounts`). */
export function refundFacts(
  ordersId: number,
  refundId: number,
  refund: IssuedRefund,
  order: Parameters<typeof creditNoteAmounts>[1] & Pick<IssuedOrder, 'member_name'> & { order_no: string | null },
  seller: EtaxSeller,
): RegisterFacts {
  const amounts = creditNoteAmounts(refund, order, seller);
  return {
    doc_no: refund.doc_no,
    doc_type: refund.doc_type,
    orders_id: ordersId,
    refund_id: refundId,
    issued_at: refund.issued_at,
    buyer: buyerIdOf(order),
    basis: amounts.vat?.beforeVat ?? amounts.difference,
    vat: amounts.vat?.vat ?? satang(0),
    total: amounts.difference,
    refers_to: order.order_no,
  };
}

/**
 * Records an issued document in the register, in the unit of work that records its PDF, with where its PDF and its
 * e-Tax XML are kept and whether it was signed. Answers false when the number is recorded already (another run made
 * it first): the caller's files are then not the document's.
 */
export async function register(work: Work, facts: RegisterFacts, kept: Kept): Promise<boolean> {
  const recorded = await work.db
    .insert(issuedDocument)
    .values({
      doc_no: facts.doc_no,
      doc_type: facts.doc_type,
      type_code: kept.issued.etax?.typeCode ?? null,
      orders_id: facts.orders_id,
      refund_id: facts.refund_id ?? null,
      issued_at: facts.issued_at.toISOString(),
      buyer_scheme: facts.buyer.scheme === 'OTHR' ? null : facts.buyer.scheme,
      buyer_id: facts.buyer.id,
      basis: toBaht(facts.basis),
      vat: toBaht(facts.vat),
      total: toBaht(facts.total),
      signed: kept.issued.signed,
      folder: kept.folder,
      file: kept.file,
      sha256: kept.sha256,
      xml_file: kept.xmlFile,
      refers_to: facts.refers_to ?? null,
    })
    .onConflictDoNothing()
    .returning({ doc_no: issuedDocument.doc_no });
  return recorded.length > 0;
}
