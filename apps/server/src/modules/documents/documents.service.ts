import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { toIso } from '../../db/schema/columns.js';
import {
  orderDocument,
  orderPayment,
  orders,
  ordersDetail,
  ordersPaymentType,
  product,
  user,
} from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { authorize, type SignedIn } from '../../policies/index.js';
import type { PdfRenderer } from '../../providers/pdf/pdf.js';
import type { Storage } from '../../providers/storage.js';
import {
  type IssuedOrder,
  type ReceiptFields,
  receiptData,
  receiptTemplate,
  type Seller,
  satangOf,
} from './receipt.js';

export interface DocumentsDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  pdf: PdfRenderer;
  seller: Seller;
}

/** Issued documents are stored here, and served only through their route (never as an upload kind). */
const FOLDER = 'orderDocument';

type Issued = typeof orderDocument.$inferSelect;

/** The member's name on a plain receipt: title, first and last name in Thai, else the nickname, else the e-mail. */
function memberName(u: {
  name_title: string | null;
  name_th: string | null;
  lname_th: string | null;
  nickname: string | null;
  email: string | null;
}): string {
  const full = [`${u.name_title ?? ''}${u.name_th ?? ''}`, u.lname_th ?? ''].filter(Boolean).join(' ').trim();
  return full || u.nickname || u.email || '-';
}

/** The receipt fields a tax invoice names: as the order kept them, or (an order older than that) the account's. */
function receiptFieldsOf(
  kept: unknown,
  type: string | null,
  account: typeof user.$inferSelect,
  name: string,
): ReceiptFields {
  if (kept && typeof kept === 'object' && 'type' in kept) return kept as ReceiptFields;
  return type === 'company'
    ? {
        type: 'company',
        company_id: account.company_id,
        company_name: account.company_name,
        company_address: account.company_address,
      }
    : { type: 'person', name, card_id: account.card_id, address: account.address };
}

export function documentsService({ db, clock, storage, pdf, seller }: DocumentsDeps) {
  /** A finished, numbered order as its document prints it; null when it is not (yet) one. */
  async function issuedOrder(ordersId: number): Promise<(IssuedOrder & { doc_type: Issued['doc_type'] }) | null> {
    const [row] = await db
      .select({
        order: orders,
        fee: orderPayment.fee,
        receipt_data: orderPayment.receipt_data,
        payment_title: ordersPaymentType.orders_payment_type_title,
        account: user,
      })
      .from(orders)
      .innerJoin(user, eq(user.id, orders.user_id))
      .innerJoin(ordersPaymentType, eq(ordersPaymentType.id, orders.orders_payment_type_id))
      .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
      .where(eq(orders.id, ordersId));
    const order = row?.order;
    if (!row || !order || order.orders_status !== 'finish' || !order.order_no || !order.approve_date) return null;
    const [detail] = await db
      .select({ title: product.product_title })
      .from(ordersDetail)
      .innerJoin(product, eq(product.id, ordersDetail.product_id))
      .where(eq(ordersDetail.orders_id, ordersId))
      .limit(1);
    const name = memberName(row.account);
    return {
      doc_type: order.receipt === 'Y' ? 'taxInvoice' : 'receipt',
      order_no: order.order_no,
      receipt: order.receipt === 'Y' ? receiptFieldsOf(row.receipt_data, order.receipt_type, row.account, name) : null,
      approve_date: new Date(toIso(order.approve_date)),
      orders_ref: order.orders_ref,
      payment_title: row.payment_title,
      product_title: detail?.title ?? '-',
      price: satangOf(order.orders_total),
      discount: satangOf(order.orders_discount),
      fee: satangOf(row.fee),
      member_name: name,
    };
  }

  async function stored(ordersId: number): Promise<Issued | null> {
    const [found] = await db.select().from(orderDocument).where(eq(orderDocument.orders_id, ordersId));
    return found ?? null;
  }

  /**
   * The job (and a download that comes first): makes the order's document from what the database and the seller's
   * settings say now, stores it and records it. Once per order: a document already made is returned as it is, and
   * of two runs at once the first recorded keeps its file (the primary key decides), the other's is removed.
   */
  async function issue(ordersId: number): Promise<Issued | null> {
    const existing = await stored(ordersId);
    if (existing) return existing;
    const order = await issuedOrder(ordersId);
    if (!order) return null;
    const bytes = await pdf.render(receiptTemplate, receiptData(order, seller));
    const file = `${randomUUID()}.pdf`;
    await storage.put(FOLDER, file, bytes);
    const [recorded] = await db
      .insert(orderDocument)
      .values({
        orders_id: ordersId,
        doc_type: order.doc_type,
        order_no: order.order_no,
        file,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        create_at: clock.now().toISOString(),
      })
      .onConflictDoNothing()
      .returning();
    if (recorded) return recorded;
    await storage.remove(FOLDER, file);
    return stored(ordersId);
  }

  /**
   * ordersTaxInvoiceFile: the PDF of an order's receipt or tax invoice, for the order's member and staff; 404 to
   * anyone else, and for an order that is not finished.
   */
  async function file(
    actor: SignedIn,
    ordersId: number,
  ): Promise<{ document: Issued; stream: Readable; size: number }> {
    const [order] = await db.select({ user_id: orders.user_id }).from(orders).where(eq(orders.id, ordersId));
    if (!order) throw notFound();
    await authorize({ db, now: clock.now() }, actor, 'order.read', order);
    const document = await issue(ordersId);
    const kept = document && (await storage.read(FOLDER, document.file));
    if (!document || !kept) throw notFound();
    return { document, stream: kept.stream, size: kept.size };
  }

  return { issue, file };
}

export type DocumentsService = ReturnType<typeof documentsService>;
