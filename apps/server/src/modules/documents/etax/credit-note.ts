import { satang, vatIncluded } from '@sikkha/contract/rules';
import { creditNoteAmounts, creditNoteData, type IssuedRefund } from '../credit-note.js';
import type { IssuedOrder } from '../receipt.js';
import {
  amount,
  buyerParty,
  currency,
  documentContext,
  type EtaxSeller,
  exchangedDocument,
  lineItem,
  namespacesOf,
  referencedDocument,
  rootOf,
  sellerParty,
  tradeTax,
} from './parts.js';
import { TAX_INVOICE } from './tax-invoice.js';
import { el, serialize, text } from './xml.js';

/** ใบลดหนี้, type 81 (DebitCreditNote): a refund's credit note on the order's tax invoice. */
export const CREDIT_NOTE = { typeCode: '81', name: 'ใบลดหนี้' } as const;

/**
 * Why a credit note is issued, by the Revenue Department's codes for services: a refund of everything ends the
 * course (the order goes to `refund`, the course with it), CDNS04 บอกเลิกสัญญาบริการ; a part given back is a
 * reason staff write, CDNS99 เหตุอื่น with that reason as the purpose. Both carry the reason.
 */
export const creditNotePurposeCode = (after: number) => (after === 0 ? 'CDNS04' : 'CDNS99');

/**
 * The credit note of a refund on a tax invoice, from the same amounts and words as its PDF (`creditNoteAmounts`,
 * `creditNoteData`). ETDA's values are before VAT: the original value is the VAT-exclusive part of what stood before
 * this refund, the difference before VAT, its VAT and the total credited are the PDF's own, and the correct value is
 * the original less the difference. Only a tax invoice has a credit note in ETDA's standard: asked for another
 * refund (a refund note, or a seller not registered for VAT), it throws.
 */
export function creditNoteXml(refund: IssuedRefund, order: IssuedOrder, seller: EtaxSeller, created: Date): string {
  const amounts = creditNoteAmounts(refund, order, seller);
  if (!amounts.againstTaxInvoice || !amounts.vat) {
    throw new Error(`refund ${refund.doc_no} is not a credit note on a tax invoice`);
  }
  const printed = creditNoteData(refund, order, seller);
  const original = vatIncluded(amounts.before, seller.vatPercent).beforeVat;
  const difference = amounts.vat.beforeVat;
  const reason = printed.reason || printed.item.detail;

  return serialize(
    rootOf(
      'DebitCreditNote',
      documentContext(),
      exchangedDocument({
        id: refund.doc_no,
        ...CREDIT_NOTE,
        issued: refund.issued_at,
        created,
        purpose: reason,
        purposeCode: creditNotePurposeCode(amounts.after),
        notes: printed.notes,
      }),
      el(
        'rsm:SupplyChainTradeTransaction',
        el(
          'ram:ApplicableHeaderTradeAgreement',
          sellerParty(seller),
          buyerParty(order),
          referencedDocument({ number: order.order_no, issued: order.approve_date, typeCode: TAX_INVOICE.typeCode }),
        ),
        el('ram:ApplicableHeaderTradeDelivery'),
        el(
          'ram:ApplicableHeaderTradeSettlement',
          currency(),
          tradeTax(seller.vatPercent, difference, amounts.vat.vat),
          el(
            'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
            text('ram:OriginalInformationAmount', amount(original)),
            text('ram:LineTotalAmount', amount(satang(original - difference))),
            text('ram:DifferenceInformationAmount', amount(difference)),
            text('ram:TaxBasisTotalAmount', amount(difference)),
            text('ram:TaxTotalAmount', amount(amounts.vat.vat)),
            text('ram:GrandTotalAmount', amount(amounts.difference)),
          ),
        ),
        lineItem({
          no: 1,
          name: printed.item.description,
          description: printed.item.detail,
          quantity: 1,
          unitPrice: difference,
          vat: { ...amounts.vat, percent: seller.vatPercent },
          gross: amounts.difference,
        }),
      ),
    ),
    namespacesOf('DebitCreditNote'),
  );
}
