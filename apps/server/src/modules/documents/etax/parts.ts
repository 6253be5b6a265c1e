import type { VoidCause } from '@sikkha/contract';
import { BANGKOK_OFFSET_MS, type Satang, satang, vatIncluded } from '@sikkha/contract/rules';
import type { Config } from '../../../config.js';
import { buyerOf, companyBranchOf, type IssuedOrder, type Seller } from '../receipt.js';
import { type Child, el, maybeText, text, type XmlElement } from './xml.js';

/** The seller as the e-Tax XML names it: the printed seller and its address in TISI 1099 codes. */
export type EtaxSeller = Seller & { addressCodes: Config['sellerAddressCodes'] };

/** The four ETDA documents the shop issues, by their root element's name. */
export type EtaxKind = 'TaxInvoice' | 'Receipt' | 'DebitCreditNote' | 'CancellationNote';

/** The prefixes every document uses, bound to the namespaces of its kind. */
export const namespacesOf = (kind: EtaxKind) => ({
  rsm: `urn:etda:uncefact:data:standard:${kind}_CrossIndustryInvoice:2`,
  ram: `urn:etda:uncefact:data:standard:${kind}_ReusableAggregateBusinessInformationEntity:2`,
});

/** ขมธอ. 3-2560 version 2.1: the guideline every document names first. */
export const documentContext = () =>
  el(
    'rsm:ExchangedDocumentContext',
    el(
      'ram:GuidelineSpecifiedDocumentContextParameter',
      text('ram:ID', 'ER3-2560', { schemeAgencyID: 'ETDA', schemeVersionID: 'v2.1' }),
    ),
  );

/** An instant in Bangkok time, ISO 8601 with its offset: "2026-11-27T17:15:00+07:00". */
export function bangkokDateTime(at: Date): string {
  return `${new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19)}+07:00`;
}

/** An amount in baht with two decimals and no grouping, from whole satang: "1990.00", "-0.07". */
export function amount(value: Satang): string {
  const whole = Math.abs(satang(value));
  return `${value < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * The VAT inside each of several VAT-inclusive amounts, so that the parts add up to exactly the VAT of their sum
 * (`vatIncluded` of the total, the rule the PDF prints): each but the last by its own rounding, the last the rest.
 */
export function vatOfEach(grosses: readonly Satang[], percent: number): { beforeVat: Satang; vat: Satang }[] {
  const total = vatIncluded(satang(grosses.reduce((sum, g) => sum + g, 0)), percent);
  const parts = grosses.slice(0, -1).map((gross) => vatIncluded(gross, percent));
  const vatSoFar = parts.reduce((sum, part) => sum + part.vat, 0);
  const last = grosses.at(-1);
  if (last === undefined) return [];
  const lastVat = satang(total.vat - vatSoFar);
  return [...parts, { beforeVat: satang(last - lastVat), vat: lastVat }];
}

/** A tax registration: TXID is the 13-digit tax id and the 5-digit branch, NIDN a person's 13-digit national id. */
function taxRegistration(scheme: 'TXID' | 'NIDN' | 'OTHR', id: string): XmlElement {
  return el(
    'ram:SpecifiedTaxRegistration',
    scheme === 'OTHR'
      ? text('ram:ID', 'N/A', { schemeID: 'OTHR' })
      : text('ram:ID', id, { schemeID: scheme, schemeAgencyID: 'RD' }),
  );
}

const LINE_LENGTH = 256;

/** An address written as text, in lines of at most 256 characters (LineOne, LineTwo), broken between words. */
function addressLines(address: string): XmlElement[] {
  const words = address.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= LINE_LENGTH) line = next;
    else {
      if (line) lines.push(line);
      line = [...word].slice(0, LINE_LENGTH).join('');
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 2).map((value, i) => text(i === 0 ? 'ram:LineOne' : 'ram:LineTwo', value));
}

/** The postcode a Thai address ends with: its last group of exactly five digits. */
export function postcodeIn(address: string): string | null {
  return address.match(/(?<!\d)\d{5}(?!\d)/g)?.at(-1) ?? null;
}

/**
 * The seller: its name, TXID, and its address as printed (LineOne/LineTwo) together with the codes ETDA's rules ask
 * of a seller (house number, sub-district, district and province by TISI 1099, postcode, TH).
 */
export function sellerParty(seller: EtaxSeller): XmlElement {
  const codes = seller.addressCodes;
  return el(
    'ram:SellerTradeParty',
    text('ram:Name', seller.name),
    taxRegistration('TXID', `${seller.taxId}${seller.branch}`),
    el(
      'ram:PostalTradeAddress',
      text('ram:PostcodeCode', codes.postcode),
      addressLines(seller.address),
      text('ram:CityName', codes.subdistrict.slice(0, 4)),
      text('ram:CitySubDivisionName', codes.subdistrict),
      text('ram:CountryID', 'TH', { schemeID: '3166-1 alpha-2' }),
      text('ram:CountrySubDivisionID', codes.subdistrict.slice(0, 2)),
      text('ram:BuildingNumber', codes.buildingNumber),
    ),
  );
}

const THAI_ID = /^\d{13}$/;

/** The buyer's tax registration as ETDA names it: TXID (tax id and branch), NIDN (national id), or OTHR for none. */
export type BuyerId = { scheme: 'TXID' | 'NIDN'; id: string } | { scheme: 'OTHR'; id: null };

/** A company's 13-digit tax id with its branch, a person's 13-digit national id, or none (a plain receipt's member). */
export function buyerIdOf(order: Pick<IssuedOrder, 'receipt' | 'member_name'>): BuyerId {
  const fields = order.receipt;
  const id = buyerOf(order).tax_id?.replace(/\s|-/g, '') ?? '';
  if (fields?.type === 'company' && THAI_ID.test(id)) return { scheme: 'TXID', id: `${id}${companyBranchOf(fields)}` };
  if (fields?.type === 'person' && THAI_ID.test(id)) return { scheme: 'NIDN', id };
  return { scheme: 'OTHR', id: null };
}

/**
 * The buyer as the PDF names them (`buyerOf`) with their id (`buyerIdOf`). The shop keeps a buyer's address as one
 * text, so it is sent as text lines with the postcode read from its end; an address without a postcode is left out,
 * as ETDA's rules refuse a Thai address without one.
 */
export function buyerParty(order: Pick<IssuedOrder, 'receipt' | 'member_name'>): XmlElement {
  const buyer = buyerOf(order);
  const registered = buyerIdOf(order);
  const registration =
    registered.scheme === 'OTHR' ? taxRegistration('OTHR', 'N/A') : taxRegistration(registered.scheme, registered.id);
  const postcode = buyer.address ? postcodeIn(buyer.address) : null;
  return el(
    'ram:BuyerTradeParty',
    text('ram:Name', buyer.name),
    registration,
    buyer.address !== null &&
      postcode !== null &&
      el(
        'ram:PostalTradeAddress',
        text('ram:PostcodeCode', postcode),
        addressLines(buyer.address),
        text('ram:CountryID', 'TH', { schemeID: '3166-1 alpha-2' }),
      ),
  );
}

/**
 * A text cut to what an element may hold (ETDA's Purpose holds 256 characters, a refund's reason up to 500), between
 * words where it can, with "…" where it was cut.
 */
export function upTo(value: string, max: number): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

const PURPOSE_LENGTH = 256;

/** The document's own header: number, name, type code, date, why it was issued, and notes. */
export function exchangedDocument(fields: {
  id: string;
  name: string;
  typeCode: string;
  issued: Date;
  created: Date;
  purpose?: string | null;
  purposeCode?: string | null;
  notes?: readonly string[];
}): XmlElement {
  return el(
    'rsm:ExchangedDocument',
    text('ram:ID', fields.id),
    text('ram:Name', fields.name),
    text('ram:TypeCode', fields.typeCode),
    text('ram:IssueDateTime', bangkokDateTime(fields.issued)),
    maybeText('ram:Purpose', fields.purpose && upTo(fields.purpose, PURPOSE_LENGTH)),
    maybeText('ram:PurposeCode', fields.purposeCode),
    text('ram:CreationDateTime', bangkokDateTime(fields.created)),
    // A purpose too long for its element is given whole in a note (500 characters, as long as a refund's reason).
    [
      ...(fields.notes ?? []),
      ...(fields.purpose && [...fields.purpose].length > PURPOSE_LENGTH ? [fields.purpose] : []),
    ].map((note) => el('ram:IncludedNote', text('ram:Subject', 'หมายเหตุ'), text('ram:Content', note))),
  );
}

/**
 * A replacement's purpose, by ETDA's codes for a document issued again after the first was voided: the buyer's name
 * was wrong (01), their address (02), another reason (99, with the reason as the Purpose). `prefix` is the kind's:
 * TIVC for a tax invoice, RCTC for a receipt.
 */
export const replacementPurposeCode = (prefix: 'TIVC' | 'RCTC', cause: VoidCause) =>
  `${prefix}${cause === 'name' ? '01' : cause === 'address' ? '02' : '99'}`;

/** A document this one refers to: its number, date and type code. */
export const referencedDocument = (reference: { number: string; issued: Date; typeCode: string }) =>
  el(
    'ram:AdditionalReferencedDocument',
    text('ram:IssuerAssignedID', reference.number),
    text('ram:IssueDateTime', bangkokDateTime(reference.issued)),
    text('ram:ReferenceTypeCode', reference.typeCode),
  );

/** VAT at a rate on a basis: the header's or a line's ApplicableTradeTax. */
export const tradeTax = (percent: number, basis: Satang, vat: Satang) =>
  el(
    'ram:ApplicableTradeTax',
    text('ram:TypeCode', 'VAT'),
    text('ram:CalculatedRate', String(percent)),
    text('ram:BasisAmount', amount(basis)),
    text('ram:CalculatedAmount', amount(vat)),
  );

/** THB, the only currency the shop sells in. */
export const currency = () => text('ram:InvoiceCurrencyCode', 'THB', { listID: 'ISO 4217 3A' });

/** One line of what is sold: a name and description, the unit price and quantity, the line's VAT and totals. */
export function lineItem(line: {
  no: number;
  name: string;
  description: string | null;
  quantity: number;
  /** The unit price, before VAT when the seller charges VAT. */
  unitPrice: Satang;
  /** The line's value before VAT, its VAT and the VAT rate; null for a seller not registered for VAT. */
  vat: { beforeVat: Satang; vat: Satang; percent: number } | null;
  /** What the line comes to, VAT included: the amount the PDF prints on it. */
  gross: Satang;
}): XmlElement {
  const net = line.vat ? line.vat.beforeVat : line.gross;
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(line.no))),
    el('ram:SpecifiedTradeProduct', text('ram:Name', line.name), maybeText('ram:Description', line.description)),
    el(
      'ram:SpecifiedLineTradeAgreement',
      el('ram:GrossPriceProductTradePrice', text('ram:ChargeAmount', amount(line.unitPrice))),
    ),
    // C62 is UN/ECE Recommendation 20's "one": a course is sold as a unit, not by weight or time.
    el('ram:SpecifiedLineTradeDelivery', text('ram:BilledQuantity', String(line.quantity), { unitCode: 'C62' })),
    el(
      'ram:SpecifiedLineTradeSettlement',
      line.vat && tradeTax(line.vat.percent, line.vat.beforeVat, line.vat.vat),
      el(
        'ram:SpecifiedTradeSettlementLineMonetarySummation',
        line.vat && text('ram:TaxTotalAmount', amount(line.vat.vat)),
        text('ram:NetLineTotalAmount', amount(net), { currencyID: 'THB' }),
        text('ram:NetIncludingTaxesLineTotalAmount', amount(line.gross), { currencyID: 'THB' }),
      ),
    ),
  );
}

/** The document's root: its kind's element holding the context, the header and the transaction. */
export const rootOf = (kind: EtaxKind, ...children: Child[]) => el(`rsm:${kind}_CrossIndustryInvoice`, ...children);
