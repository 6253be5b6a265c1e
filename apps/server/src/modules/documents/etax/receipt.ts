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

/** ใบรับ (ใบเสร็จรับเงิน), type T01: a paid order's receipt that is not a tax invoice. */
export const RECEIPT = { typeCode: 'T01', name: 'ใบเสร็จรับเงิน' } as const;

export function receiptXml(order: IssuedOrder, seller: EtaxSeller, created: Date): string {
  const printed = receiptData(order, seller);
  return serialize(
    rootOf(
      'Receipt',
      documentContext(),
      exchangedDocument({
        id: order.order_no,
        ...RECEIPT,
        issued: order.approve_date,
        created,
        purpose: order.replaces?.reason,
        purposeCode: order.replaces && replacementPurposeCode('RCTC', order.replaces.cause),
        notes: printed.notes,
      }),
      saleTransaction(order, seller, printed),
    ),
    namespacesOf('Receipt'),
  );
}
