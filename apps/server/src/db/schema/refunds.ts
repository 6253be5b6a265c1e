import { banks, mismatchKinds, refundDocumentTypes, refundMethods, refundStatuses } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { money, state, statesChecked, timestamp } from './columns.js';
import { orders } from './orders.js';

/**
 * Money given back on an order: through the gateway's charge, by staff at the bank, or into the coin ledger. The
 * order's `orders_refunded` is the sum of these rows, moved in the same unit of work under the order's row lock, so
 * refunds never exceed what was paid. The gateway's idempotency key is unique: a retried call cannot refund twice.
 * Each refund issues its own document (a credit note against a tax invoice, else a refund note), numbered without
 * gaps per year like the invoices, its PDF stored once.
 */
export const orderRefund = pgTable(
  'orderRefund',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orders_id: integer('orders_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    method: state('method', refundMethods, 10).notNull(),
    status: state('status', refundStatuses, 10).notNull().default('done'),
    gateway: varchar('gateway', { length: 10 }),
    charge_id: varchar('charge_id', { length: 100 }),
    gateway_refund_id: varchar('gateway_refund_id', { length: 100 }),
    idempotency_key: varchar('idempotency_key', { length: 100 }),
    coins: integer('coins').notNull().default(0),
    bank: state('bank', banks, 10),
    account: varchar('account', { length: 100 }),
    refund_date: date('refund_date', { mode: 'string' }),
    slip: varchar('slip', { length: 255 }),
    doc_type: state('doc_type', refundDocumentTypes, 20),
    doc_no: varchar('doc_no', { length: 50 }),
    file: varchar('file', { length: 255 }),
    sha256: varchar('sha256', { length: 64 }),
    create_by: integer('create_by'),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('orderRefund_orders_id_idx').on(t.orders_id),
    uniqueIndex('orderRefund_idempotency_key').on(t.idempotency_key),
    uniqueIndex('orderRefund_doc_no_key').on(t.doc_no),
    ...statesChecked('orderRefund', {
      method: refundMethods,
      status: refundStatuses,
      bank: banks,
      doc_type: refundDocumentTypes,
    }),
  ],
);

/**
 * What reconciliation found where the gateway's records and the shop's disagree, one row per charge and kind (a
 * second run finds the same one, not a new row), kept until staff resolve it.
 */
export const reconcileMismatch = pgTable(
  'reconcileMismatch',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: state('kind', mismatchKinds, 20).notNull(),
    gateway: varchar('gateway', { length: 10 }).notNull(),
    charge_id: varchar('charge_id', { length: 100 }).notNull(),
    orders_id: integer('orders_id').references(() => orders.id, { onDelete: 'set null' }),
    gateway_record: jsonb('gateway_record').notNull(),
    shop_record: jsonb('shop_record').notNull(),
    fixed: varchar('fixed', { length: 1, enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    resolved_at: timestamp('resolved_at'),
    resolved_by: integer('resolved_by'),
    note: varchar('note', { length: 500 }),
    create_at: timestamp('create_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('reconcileMismatch_charge_kind_key').on(t.gateway, t.charge_id, t.kind),
    index('reconcileMismatch_resolved_idx').on(t.resolved_at),
    ...statesChecked('reconcileMismatch', { kind: mismatchKinds }),
  ],
);
