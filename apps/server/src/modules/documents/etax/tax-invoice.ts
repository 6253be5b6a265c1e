import { type IssuedOrder, receiptData } from '../receipt.js';
import {
  documentContext,
  type EtaxSeller,
  exchangedDocument,
  namespacesOf,
  replacementPurposeCode,
  rootOf,
} from './parts.js';
import { saleTransaction } from './sale.js';
import { serialize } from './xml.js';

/**
 * ใบเสร็จรับเงิน/ใบกำกับภาษี, type T03: the paid order's tax invoice from a VAT-registered seller. The shop issues
 * it when the money is in, so it is a receipt too; T03 is the code ETDA's list gives that one document (388 is a
 * tax invoice alone, T02 an invoice that is a tax invoice, before payment). See docs/ETAX.md.
 */
export const TAX_INVOICE = { typeCode: 'T03', name: 'ใบเสร็จรับเงิน/ใบกำกับภาษี' } as const;

export function taxInvoiceXml(order: IssuedOrder, seller: EtaxSeller, created: Date): string {
  const printed = receiptData(order, seller);
  return serialize(
    rootOf(
      'TaxInvoice',
      documentContext(),
      exchangedDocument({
        id: order.order_no,
        ...TAX_INVOICE,
        issued: order.approve_date,
        created,
        purpose: order.replaces?.reason,
        purposeCode: order.replaces && replacementPurposeCode('TIVC', order.replaces.cause),
        notes: printed.notes,
      }),
      saleTransaction(order, seller, printed),
    ),
    namespacesOf('TaxInvoice'),
  );
}
