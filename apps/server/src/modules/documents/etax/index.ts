import type { IssuedRefund } from '../credit-note.js';
import { creditNoteAmounts } from '../credit-note.js';
import { type IssuedOrder, issuesTaxInvoice } from '../receipt.js';
import { CREDIT_NOTE, creditNoteXml } from './credit-note.js';
import type { EtaxKind, EtaxSeller } from './parts.js';
import { RECEIPT, receiptXml } from './receipt.js';
import { TAX_INVOICE, taxInvoiceXml } from './tax-invoice.js';

export { CANCELLATION_NOTE, cancellationNoteXml, type VoidedDocument } from './cancellation-note.js';
export type { EtaxKind, EtaxSeller } from './parts.js';

/** An e-Tax document: its ETDA kind (the root element), its type code and its XML. */
export interface EtaxDocument {
  kind: EtaxKind;
  typeCode: string;
  xml: string;
}

/** A paid order's document as ETDA XML: a tax invoice (T03) when its PDF is one, otherwise a receipt (T01). */
export function orderEtax(order: IssuedOrder, seller: EtaxSeller, created: Date): EtaxDocument {
  return issuesTaxInvoice(order, seller)
    ? { kind: 'TaxInvoice', typeCode: TAX_INVOICE.typeCode, xml: taxInvoiceXml(order, seller, created) }
    : { kind: 'Receipt', typeCode: RECEIPT.typeCode, xml: receiptXml(order, seller, created) };
}

/**
 * A refund's document as ETDA XML: the credit note (81) of a refund on a tax invoice. Null for the others: ETDA's
 * standard has no refund note, and a credit note must refer to a tax invoice (DCN-AdditionalReferencedDocument-001).
 */
export function refundEtax(
  refund: IssuedRefund,
  order: IssuedOrder,
  seller: EtaxSeller,
  created: Date,
): EtaxDocument | null {
  if (!creditNoteAmounts(refund, order, seller).againstTaxInvoice) return null;
  return {
    kind: 'DebitCreditNote',
    typeCode: CREDIT_NOTE.typeCode,
    xml: creditNoteXml(refund, order, seller, created),
  };
}
