import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { state, statesChecked, timestamp } from './columns.js';
import { orders } from './orders.js';

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
