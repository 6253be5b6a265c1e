import { type Satang, satang } from '@sikkha/contract/rules';
import { type IssuedOrder, type ReceiptData, receiptAmounts } from '../receipt.js';
import {
  amount,
  buyerParty,
  currency,
  type EtaxSeller,
  lineItem,
  referencedDocument,
  sellerParty,
  tradeTax,
  vatOfEach,
} from './parts.js';
import { el, text, type XmlElement } from './xml.js';

/**
 * What an order's receipt or tax invoice says of the sale, from the same amounts and words as its PDF
 * (`receiptAmounts`; `printed` is the PDF's `receiptData`): the seller and the buyer, the course and the card fee as
 * lines, the coupon's discount as an allowance on the whole, and the totals.
 *
 * ETDA's amounts are before VAT while the shop's prices include it. The total before VAT and the VAT are the PDF's
 * (VAT on what was paid); the lines split the VAT of their own sum (`vatOfEach`), and the discount before VAT is the
 * lines' sum less the total before VAT, so LineTotal − Allowance = TaxBasis and TaxBasis + Tax = GrandTotal hold to
 * the satang.
 */
export function saleTransaction(order: IssuedOrder, seller: EtaxSeller, printed: ReceiptData): XmlElement {
  const amounts = receiptAmounts(order, seller);
  const course = printed.lines[0]!;
  const fee = amounts.fee > 0 ? printed.lines.at(-1)! : null;
  const grosses: Satang[] = fee ? [amounts.price, amounts.fee] : [amounts.price];
  const vats = amounts.vat ? vatOfEach(grosses, seller.vatPercent) : null;
  const net = (i: number) => vats?.[i]?.beforeVat ?? grosses[i]!;
  const lineTotal = satang(grosses.reduce<number>((sum, _, i) => sum + net(i), 0));
  const taxBasis = amounts.vat ? amounts.vat.beforeVat : amounts.gross;
  const allowance = satang(lineTotal - taxBasis);
  const lines = [
    { gross: amounts.price, name: course.description, description: course.detail },
    ...(fee ? [{ gross: amounts.fee, name: fee.description, description: fee.detail }] : []),
  ];

  return el(
    'rsm:SupplyChainTradeTransaction',
    el(
      'ram:ApplicableHeaderTradeAgreement',
      sellerParty(seller),
      buyerParty(order),
      // A replacement names the document it replaces (TIV-/RCT-AdditionalReferencedDocument-001).
      order.replaces && referencedDocument(order.replaces),
    ),
    el('ram:ApplicableHeaderTradeDelivery'),
    el(
      'ram:ApplicableHeaderTradeSettlement',
      currency(),
      amounts.vat && tradeTax(seller.vatPercent, amounts.vat.beforeVat, amounts.vat.vat),
      amounts.discount > 0 &&
        el(
          'ram:SpecifiedTradeAllowanceCharge',
          text('ram:ChargeIndicator', 'false'),
          text('ram:ActualAmount', amount(allowance)),
          // UN/EDIFACT 5189 code 95: Discount.
          text('ram:ReasonCode', '95'),
          text('ram:Reason', 'ส่วนลด'),
        ),
      el(
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
        text('ram:LineTotalAmount', amount(lineTotal)),
        amounts.discount > 0 && text('ram:AllowanceTotalAmount', amount(allowance)),
        text('ram:TaxBasisTotalAmount', amount(taxBasis)),
        text('ram:TaxTotalAmount', amount(amounts.vat?.vat ?? satang(0))),
        text('ram:GrandTotalAmount', amount(amounts.gross)),
      ),
    ),
    lines.map((line, i) =>
      lineItem({
        no: i + 1,
        name: line.name,
        description: line.description,
        quantity: 1,
        unitPrice: net(i),
        vat: vats ? { ...vats[i]!, percent: seller.vatPercent } : null,
        gross: line.gross,
      }),
    ),
  );
}
