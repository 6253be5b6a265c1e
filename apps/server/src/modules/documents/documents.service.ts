import type { Readable } from 'node:stream';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { toIso } from '../../db/schema/columns.js';
import {
  documentVoid,
  issuedDocument,
  orderDocument,
  orderPayment,
  orderRefund,
  orders,
  ordersDetail,
  ordersPaymentType,
  product,
  user,
} from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { notFound } from '../../errors.js';
import type { ShopSigner } from '../../lib/shop-signer.js';
import { authorize, type SignedIn } from '../../policies/index.js';
import type { PdfRenderer } from '../../providers/pdf/pdf.js';
import type { Storage } from '../../providers/storage.js';
import { creditNoteData, creditNoteTemplate, type IssuedRefund, type RefundedOrder } from './credit-note.js';
import { type EtaxDocument, type EtaxSeller, orderEtax, refundEtax } from './etax/index.js';
import { issuedPdf } from './etax-pdf.js';
import {
  type IssuedOrder,
  type ReceiptFields,
  type Replaced,
  receiptData,
  receiptTemplate,
  satangOf,
} from './receipt.js';
import { orderFacts, refundFacts, register } from './register.js';
import { documentFiles } from './stored-files.js';
import { verifyNote } from './verify-link.js';

export interface DocumentsDeps {
  db: Db;
  transact: Transact;
  clock: Clock;
  storage: Storage;
  pdf: PdfRenderer;
  /** The seller printed on the documents, with its address codes for the e-Tax XML. */
  seller: EtaxSeller;
  /** The shop's address: each PDF prints where it is verified (`verify-link.ts`). */
  publicUrl: string;
  /** The shop's certificate: documents with an e-Tax XML are signed with it; without one they are issued unsigned. */
  signer?: ShopSigner | undefined;
}

/** Issued documents are stored here, and served only through their route (never as an upload kind). */
const FOLDER = 'orderDocument';
/** Refunds' credit notes and refund notes, the same way. */
const REFUND_FOLDER = 'orderRefund';

type Issued = typeof orderDocument.$inferSelect;
type Refund = typeof orderRefund.$inferSelect;
/** A refund whose document is made: numbered, its PDF stored. */
export type IssuedRefundRow = Refund & {
  doc_type: NonNullable<Refund['doc_type']>;
  doc_no: string;
  file: string;
  sha256: string;
};

const documentMade = (refund: Refund): refund is IssuedRefundRow =>
  refund.doc_type !== null && refund.doc_no !== null && refund.file !== null && refund.sha256 !== null;

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

export function documentsService({ db, transact, clock, storage, pdf, seller, signer, publicUrl }: DocumentsDeps) {
  const { keep, discard } = documentFiles(storage);

  /**
   * The document a number replaces, when staff voided that one: a replacement is dated when the voided one was
   * voided, and names it (docs/ETAX.md).
   */
  async function replaced(number: string): Promise<(Replaced & { voided_at: Date }) | null> {
    const [row] = await db
      .select({ voiding: documentVoid, voided: issuedDocument })
      .from(documentVoid)
      .innerJoin(issuedDocument, eq(issuedDocument.doc_no, documentVoid.voided_no))
      .where(eq(documentVoid.replacement_no, number));
    if (!row) return null;
    return {
      number: row.voided.doc_no,
      issued: new Date(toIso(row.voided.issued_at)),
      typeCode: row.voided.type_code ?? '',
      cause: row.voiding.cause,
      reason: row.voiding.reason,
      voided_at: new Date(toIso(row.voiding.create_at)),
    };
  }

  /**
   * An order as its document prints (or printed) it, whatever its state now: a refunded order keeps the document it
   * was finished with. Null when there is no such order.
   */
  async function orderAsPrinted(
    ordersId: number,
  ): Promise<(RefundedOrder & { status: string; doc_type: Issued['doc_type'] }) | null> {
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
    if (!row || !order) return null;
    const [detail] = await db
      .select({ title: product.product_title })
      .from(ordersDetail)
      .innerJoin(product, eq(product.id, ordersDetail.product_id))
      .where(eq(ordersDetail.orders_id, ordersId))
      .limit(1);
    const name = memberName(row.account);
    const replaces = order.order_no ? await replaced(order.order_no) : null;
    return {
      status: order.orders_status,
      doc_type: order.receipt === 'Y' ? 'taxInvoice' : 'receipt',
      order_no: order.order_no,
      receipt: order.receipt === 'Y' ? receiptFieldsOf(row.receipt_data, order.receipt_type, row.account, name) : null,
      approve_date: replaces ? replaces.voided_at : order.approve_date ? new Date(toIso(order.approve_date)) : null,
      replaces,
      orders_ref: order.orders_ref,
      payment_title: row.payment_title,
      product_title: detail?.title ?? '-',
      price: satangOf(order.orders_total),
      discount: satangOf(order.orders_discount),
      fee: satangOf(row.fee),
      member_name: name,
    };
  }

  /** A finished, numbered order as its document prints it; null when it is not (yet) one. */
  async function issuedOrder(ordersId: number): Promise<(IssuedOrder & { doc_type: Issued['doc_type'] }) | null> {
    const order = await orderAsPrinted(ordersId);
    if (order?.status !== 'finish' || !order.order_no || !order.approve_date) return null;
    return { ...order, order_no: order.order_no, approve_date: order.approve_date };
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
    const now = clock.now();
    const facts = orderFacts(ordersId, order, seller);
    const printed = receiptData(order, seller);
    const kept = await keep(
      FOLDER,
      await issuedPdf(pdf, signer, {
        template: receiptTemplate,
        data: { ...printed, notes: [...printed.notes, verifyNote(publicUrl, facts.doc_no, facts.total)] },
        number: order.order_no,
        etax: orderEtax(order, seller, now),
        at: now,
      }),
    );
    const recorded = await transact(async (work) => {
      const [row] = await work.db
        .insert(orderDocument)
        .values({
          orders_id: ordersId,
          doc_type: order.doc_type,
          order_no: order.order_no,
          file: kept.file,
          sha256: kept.sha256,
          create_at: clock.now().toISOString(),
        })
        .onConflictDoNothing()
        .returning();
      if (row) await register(work, facts, kept);
      return row;
    });
    if (recorded) return recorded;
    await discard(kept);
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

  /**
   * A stored PDF as a mail attachment, and whether it is an e-Tax document (the register kept its XML): the copy to
   * ETDA's time-stamp mailbox goes only with those.
   */
  async function attachment(folder: string, file: string, number: string) {
    const kept = await storage.read(folder, file);
    if (!kept) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of kept.stream) chunks.push(Buffer.from(chunk));
    const [entry] = await db
      .select({ xml_file: issuedDocument.xml_file })
      .from(issuedDocument)
      .where(eq(issuedDocument.doc_no, number));
    return { content: Buffer.concat(chunks), etax: Boolean(entry?.xml_file) };
  }

  /** The order's stored PDF, issued now if it was not yet (the paid mail's attachment); null for no document. */
  async function orderPdf(ordersId: number) {
    const document = await issue(ordersId);
    return document && attachment(FOLDER, document.file, document.order_no);
  }

  /** A registered document's stored PDF, by its number, as a mail attachment; null for a number not registered. */
  async function registeredPdf(number: string) {
    const [entry] = await db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, number));
    return entry ? attachment(entry.folder, entry.file, number) : null;
  }

  /** A refund's stored credit note or refund note, made now if it was not yet (the refund mail's attachment). */
  async function refundPdf(refundId: number) {
    const refund = await issueRefundDocument(refundId);
    return refund && attachment(REFUND_FOLDER, refund.file, refund.doc_no);
  }

  async function refundRow(refundId: number): Promise<Refund | null> {
    const [found] = await db.select().from(orderRefund).where(eq(orderRefund.id, refundId));
    return found ?? null;
  }

  /**
   * The job `documents.refund` (and a download that comes first): makes a refund's credit note or refund note from
   * the refund, the order as its document printed it and the seller's settings now, stores it and writes its file
   * and hash on the row. Once per refund: a note already made is returned as it is, and of two runs at once the
   * first to write its file keeps it (`WHERE file IS NULL`), the other's is removed. Null for a refund that does not
   * exist or was not numbered.
   */
  async function issueRefundDocument(refundId: number): Promise<IssuedRefundRow | null> {
    const refund = await refundRow(refundId);
    if (!refund?.doc_type || !refund.doc_no) return null;
    if (documentMade(refund)) return refund;
    const order = await orderAsPrinted(refund.orders_id);
    if (!order) return null;
    // What the order's earlier notes gave back: those numbered before this one (a refund is numbered when it is
    // done, under the order's row lock; the numbers are of one width, so they sort as they were issued). A refund
    // still pending at the gateway, or refused and removed, has no number and changed no value yet.
    const [earlier] = await db
      .select({ total: sql<string>`coalesce(sum(${orderRefund.amount}), 0)` })
      .from(orderRefund)
      .where(and(eq(orderRefund.orders_id, refund.orders_id), lt(orderRefund.doc_no, refund.doc_no)));
    const issued: IssuedRefund = {
      doc_type: refund.doc_type,
      doc_no: refund.doc_no,
      amount: satangOf(refund.amount),
      reason: refund.reason,
      method: refund.method,
      bank: refund.bank,
      account: refund.account,
      coins: refund.coins,
      issued_at: new Date(toIso(refund.create_at)),
      refunded_before: satangOf(earlier?.total ?? 0),
    };
    const now = clock.now();
    const { order_no, approve_date } = order;
    const facts = refundFacts(refund.orders_id, refundId, issued, order, seller);
    const printed = creditNoteData(issued, order, seller);
    const kept = await keep(
      REFUND_FOLDER,
      await issuedPdf(pdf, signer, {
        template: creditNoteTemplate,
        data: { ...printed, notes: [...printed.notes, verifyNote(publicUrl, facts.doc_no, facts.total)] },
        number: refund.doc_no,
        // ETDA's credit note refers to the tax invoice it corrects, which a refunded order without one lacks.
        etax: order_no && approve_date ? refundEtax(issued, { ...order, order_no, approve_date }, seller, now) : null,
        at: now,
      }),
    );
    const recorded = await transact(async (work) => {
      const [row] = await work.db
        .update(orderRefund)
        .set({ file: kept.file, sha256: kept.sha256 })
        .where(and(eq(orderRefund.id, refundId), isNull(orderRefund.file)))
        .returning();
      if (row) await register(work, facts, kept);
      return row;
    });
    if (recorded && documentMade(recorded)) return recorded;
    await discard(kept);
    const again = await refundRow(refundId);
    return again && documentMade(again) ? again : null;
  }

  /**
   * ordersRefundFile: a refund's credit note or refund note PDF, for the order's member and staff (the receipt's
   * rule: 404 to anyone else), made now if the job has not run yet; 404 for a refund without a document.
   */
  async function refundFile(
    actor: SignedIn,
    refundId: number,
  ): Promise<{ refund: IssuedRefundRow; stream: Readable; size: number }> {
    const [owner] = await db
      .select({ user_id: orders.user_id })
      .from(orderRefund)
      .innerJoin(orders, eq(orders.id, orderRefund.orders_id))
      .where(eq(orderRefund.id, refundId));
    if (!owner) throw notFound();
    await authorize({ db, now: clock.now() }, actor, 'order.read', owner);
    const refund = await issueRefundDocument(refundId);
    const kept = refund && (await storage.read(REFUND_FOLDER, refund.file));
    if (!refund || !kept) throw notFound();
    return { refund, stream: kept.stream, size: kept.size };
  }

  /**
   * ordersTaxInvoiceXml (staff): a finished order's receipt or tax invoice as ETDA's XML, made now from what its PDF
   * was made from (docs/ETAX.md); 404 for an order that is not finished.
   */
  async function etaxXml(actor: SignedIn, ordersId: number): Promise<EtaxDocument & { order_no: string }> {
    await authorize({ db, now: clock.now() }, actor, 'order.manage', null);
    const order = await issuedOrder(ordersId);
    if (!order) throw notFound();
    return { ...orderEtax(order, seller, clock.now()), order_no: order.order_no };
  }

  return { issue, file, orderPdf, registeredPdf, issueRefundDocument, refundFile, refundPdf, etaxXml };
}

export type DocumentsService = ReturnType<typeof documentsService>;
