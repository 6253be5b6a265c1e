import { issuedDocumentTypes, voidCauses } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { money, state, statesChecked, timestamp } from './columns.js';
import { orders } from './orders.js';
import { orderRefund } from './refunds.js';

/** The documents issued for a finished order: a receipt, or a tax invoice when the buyer asked for one. */
export const documentTypes = ['receipt', 'taxInvoice'] as const;

/**
 * An order's receipt or tax invoice as it was issued: one per order, its PDF stored once and never made again (a
 * later change of the seller's settings or the member's name leaves it as it is). The SHA-256 of the stored bytes
 * lets anyone check a copy. An order with a document cannot be deleted: the Revenue Code keeps it for five years.
 */
export const orderDocument = pgTable(
  'orderDocument',
  {
    orders_id: integer('orders_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    doc_type: state('doc_type', documentTypes, 20).notNull(),
    order_no: varchar('order_no', { length: 50 }).notNull(),
    file: varchar('file', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('orderDocument_order_no_key').on(t.order_no),
    ...statesChecked('orderDocument', { doc_type: documentTypes }),
  ],
);

/**
 * The register of every document the shop issued, one row per number, written in the unit of work that stores its
 * PDF: what the document is (its type and ETDA type code), its date, the buyer's tax id as the XML gives it, its
 * amounts (before VAT, VAT, total), whether it was signed, where its PDF and its e-Tax XML are kept, the document it
 * refers to (a credit note's tax invoice, a cancellation note's voided document) and, once voided, the cancellation
 * note that voided it. The monthly export for the Revenue Department and the public verification page read it; a
 * voided document's PDF is kept here after its order gets the replacement.
 */
export const issuedDocument = pgTable(
  'issuedDocument',
  {
    doc_no: varchar('doc_no', { length: 50 }).primaryKey(),
    doc_type: state('doc_type', issuedDocumentTypes, 20).notNull(),
    /** ETDA's type code (T01, T03, 81, T07); null for a document ETDA has no kind for (a refund note). */
    type_code: varchar('type_code', { length: 3 }),
    orders_id: integer('orders_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    refund_id: integer('refund_id').references(() => orderRefund.id, { onDelete: 'restrict' }),
    issued_at: timestamp('issued_at').notNull(),
    /** The buyer's id as the XML names it: TXID (13 + 5 digits), NIDN (13), or null for none. */
    buyer_scheme: varchar('buyer_scheme', { length: 4 }),
    buyer_id: varchar('buyer_id', { length: 18 }),
    basis: money('basis').notNull(),
    vat: money('vat').notNull(),
    total: money('total').notNull(),
    signed: boolean('signed').notNull(),
    folder: varchar('folder', { length: 30 }).notNull(),
    file: varchar('file', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** The e-Tax XML as attached to the PDF (signed when the PDF is), in `folder`; null without one. */
    xml_file: varchar('xml_file', { length: 255 }),
    refers_to: varchar('refers_to', { length: 50 }),
    voided_by: varchar('voided_by', { length: 50 }),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('issuedDocument_issued_at_idx').on(t.issued_at),
    index('issuedDocument_orders_id_idx').on(t.orders_id),
    ...statesChecked('issuedDocument', { doc_type: issuedDocumentTypes }),
  ],
);

/**
 * A receipt or tax invoice staff voided because it was issued in error: the cancellation note's number (ETDA T07),
 * the voided document, the one issued in its place, why (the cause's ETDA purpose code and staff's words) and who.
 * The cancellation note's PDF is made from this row, and the replacement names the voided document from it.
 */
export const documentVoid = pgTable(
  'documentVoid',
  {
    cancellation_no: varchar('cancellation_no', { length: 50 }).primaryKey(),
    orders_id: integer('orders_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    voided_no: varchar('voided_no', { length: 50 }).notNull(),
    replacement_no: varchar('replacement_no', { length: 50 }).notNull(),
    cause: state('cause', voidCauses, 10).notNull(),
    reason: text('reason').notNull(),
    create_by: integer('create_by').notNull(),
    create_at: timestamp('create_at').notNull(),
  },
  (t) => [
    uniqueIndex('documentVoid_voided_no_key').on(t.voided_no),
    uniqueIndex('documentVoid_replacement_no_key').on(t.replacement_no),
    ...statesChecked('documentVoid', { cause: voidCauses }),
  ],
);
