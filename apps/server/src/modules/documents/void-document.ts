import { type DocumentVoidBody, type DocumentVoided, message } from '@sikkha/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordStaffWrite } from '../../db/audit-log.js';
import { issueNumber } from '../../db/document-numbers.js';
import { toIso } from '../../db/schema/columns.js';
import {
  documentVoid,
  issuedDocument,
  orderDocument,
  orderPayment,
  orderRefund,
  orders,
  user,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import {
  CANCELLATION_NOTE_ATTACHMENT,
  issueCancellationNote,
  issueOrderDocument,
  ORDER_DOCUMENT_ATTACHMENT,
} from '../../jobs/documents.job.js';
import type { Jobs } from '../../jobs/jobs.js';
import { sendMail } from '../../jobs/mail.job.js';
import { authorize, type SignedIn } from '../../policies/index.js';
import { cancellationNoteData, cancellationNoteTemplate, voidedLabels } from './cancellation-note.js';
import type { DocumentsDeps, DocumentsService } from './documents.service.js';
import { CANCELLATION_NOTE, cancellationNoteXml } from './etax/index.js';
import { issuedPdf } from './etax-pdf.js';
import { satangOf } from './receipt.js';
import { register } from './register.js';
import { documentFiles } from './stored-files.js';
import { verifyNote } from './verify-link.js';
import { replacementMail, voidedMail } from './void-mails.js';

/** Cancellation notes are stored here, and served only through issuedDocumentFile. */
const FOLDER = 'documentCancellation';

export interface VoidDeps extends DocumentsDeps {
  jobs: Jobs;
  documents: DocumentsService;
}

/**
 * Voiding a receipt or tax invoice issued in error (docs/ETAX.md): the voided document stays issued and kept, marked
 * voided by its cancellation note (ETDA T07); the order gets a replacement under a new number, dated now and naming
 * the voided one, with the buyer's details corrected when staff gave them.
 */
export function documentVoids({
  db,
  transact,
  clock,
  storage,
  pdf,
  seller,
  signer,
  jobs,
  publicUrl,
  documents,
}: VoidDeps) {
  const { keep, discard } = documentFiles(storage);

  /**
   * The job `documents.cancel` (and a download or mail that comes first): makes a cancellation note's PDF from its
   * `documentVoid` row and the voided document's register entry, stores it and records it in the register, once.
   */
  async function issueCancellation(number: string): Promise<boolean> {
    const [made] = await db.select().from(issuedDocument).where(eq(issuedDocument.doc_no, number));
    if (made) return true;
    const [row] = await db
      .select({ voiding: documentVoid, voided: issuedDocument, reference: orders.orders_ref })
      .from(documentVoid)
      .innerJoin(issuedDocument, eq(issuedDocument.doc_no, documentVoid.voided_no))
      .innerJoin(orders, eq(orders.id, documentVoid.orders_id))
      .where(eq(documentVoid.cancellation_no, number));
    if (!row) return false;
    const { voiding, voided } = row;
    const typeCode = voided.type_code ?? '';
    const cancelledAt = new Date(toIso(voiding.create_at));
    const voidedIssued = new Date(toIso(voided.issued_at));
    const now = clock.now();
    const printed = cancellationNoteData(
      {
        number,
        cancelled_at: cancelledAt,
        reason: voiding.reason,
        voided: {
          number: voided.doc_no,
          typeCode,
          label: voidedLabels[typeCode] ?? voided.doc_no,
          issued: voidedIssued,
          total: satangOf(voided.total),
        },
        replacement: voiding.replacement_no,
        reference: row.reference ?? '-',
      },
      seller,
    );
    const kept = await keep(
      FOLDER,
      await issuedPdf(pdf, signer, {
        template: cancellationNoteTemplate,
        data: { ...printed, notes: [...printed.notes, verifyNote(publicUrl, number, satangOf(voided.total))] },
        number,
        etax: {
          kind: 'CancellationNote',
          typeCode: CANCELLATION_NOTE.typeCode,
          xml: cancellationNoteXml(
            {
              number,
              cancelled_at: cancelledAt,
              reason: voiding.reason,
              voided: { number: voided.doc_no, issued: voidedIssued, typeCode },
            },
            seller,
            now,
          ),
        },
        at: now,
      }),
    );
    const recorded = await transact((work) =>
      register(
        work,
        {
          doc_no: number,
          doc_type: 'cancellationNote',
          orders_id: voiding.orders_id,
          issued_at: cancelledAt,
          // ETDA's cancellation note names no buyer; its amounts are the voided document's, which a reader checks.
          buyer: { scheme: 'OTHR', id: null },
          basis: satangOf(voided.basis),
          vat: satangOf(voided.vat),
          total: satangOf(voided.total),
          refers_to: voided.doc_no,
        },
        kept,
      ),
    );
    if (!recorded) await discard(kept);
    return true;
  }

  /** A cancellation note's stored PDF, made now if it was not yet (the void mail's attachment). */
  async function cancellationPdf(number: string) {
    if (!(await issueCancellation(number))) return null;
    return documents.registeredPdf(number);
  }

  /**
   * ordersDocumentVoid (staff): in one unit of work under the order's row lock, numbers the cancellation note and
   * the replacement, records the void, moves the order to the replacement's number (with the corrected details),
   * marks the voided entry, and enqueues both documents and the member's two mails. `doc_no` must be the order's
   * current document: a second void of the same number, at once or later, is refused (409) rather than voiding the
   * replacement. An order with a refund is refused: its credit note refers to the document.
   */
  async function voidDocument(actor: SignedIn, body: DocumentVoidBody): Promise<DocumentVoided> {
    await authorize({ db, now: clock.now() }, actor, 'order.manage', null);
    // What is voided is issued and registered first (its job may not have run yet).
    const issued = await documents.issue(body.id);
    if (!issued) throw notFound();

    return transact(async (work) => {
      const [order] = await work.db.select().from(orders).where(eq(orders.id, body.id)).for('update');
      if (!order) throw notFound();
      if (order.orders_status !== 'finish' || order.order_no !== body.doc_no) {
        throw new AppError('CONFLICT', message('documentVoidStale'));
      }
      const [refund] = await work.db
        .select({ id: orderRefund.id })
        .from(orderRefund)
        .where(eq(orderRefund.orders_id, order.id))
        .limit(1);
      if (refund) throw new AppError('CONFLICT', message('documentVoidRefunded'));
      const [entry] = await work.db
        .select({ voided_by: issuedDocument.voided_by })
        .from(issuedDocument)
        .where(eq(issuedDocument.doc_no, body.doc_no));
      if (!entry || entry.voided_by) throw new AppError('CONFLICT', message('documentVoidStale'));

      const now = clock.now();
      const at = now.toISOString();
      const cancellationNo = await issueNumber(work, 'cancellationNote', now);
      const taxInvoice = body.receipt !== undefined || order.receipt === 'Y';
      const replacementNo = await issueNumber(work, taxInvoice ? 'taxInvoice' : 'receipt', now);
      await work.db
        .update(orders)
        .set({
          order_no: replacementNo,
          ...(body.receipt ? { receipt: 'Y' as const, receipt_type: body.receipt.type } : {}),
          update_at: at,
        })
        .where(eq(orders.id, order.id));
      if (body.receipt) {
        await work.db
          .update(orderPayment)
          .set({ receipt_data: body.receipt })
          .where(eq(orderPayment.orders_id, order.id));
      }
      // The order's document is now the replacement's; the voided one stays in the register with its files.
      await work.db.delete(orderDocument).where(eq(orderDocument.orders_id, order.id));
      await work.db
        .update(issuedDocument)
        .set({ voided_by: cancellationNo })
        .where(and(eq(issuedDocument.doc_no, body.doc_no), sql`${issuedDocument.voided_by} is null`));
      await work.db.insert(documentVoid).values({
        cancellation_no: cancellationNo,
        orders_id: order.id,
        voided_no: body.doc_no,
        replacement_no: replacementNo,
        cause: body.cause,
        reason: body.reason,
        create_by: actor.id,
        create_at: at,
      });
      await jobs.enqueue(
        work,
        issueCancellationNote,
        { cancellation_no: cancellationNo },
        { key: `documents.cancel:${cancellationNo}` },
      );
      await jobs.enqueue(
        work,
        issueOrderDocument,
        { orders_id: order.id },
        { key: `documents.issue:${order.id}:${replacementNo}` },
      );

      const [member] = await work.db
        .select({
          email: user.email,
          name: sql<string | null>`nullif(trim(concat_ws(' ', ${user.name_th}, ${user.lname_th})), '')`,
        })
        .from(user)
        .where(eq(user.id, order.user_id));
      if (member?.email) {
        const mail = {
          to: member.email,
          name: member.name,
          voided: body.doc_no,
          cancellation: cancellationNo,
          replacement: replacementNo,
          reference: order.orders_ref ?? String(order.id),
          reason: body.reason,
          link: `${publicUrl}/courses/onlyOrder`,
        };
        await jobs.enqueue(work, sendMail, voidedMail(mail, { source: CANCELLATION_NOTE_ATTACHMENT }), {
          key: `documents.voided:${cancellationNo}`,
        });
        await jobs.enqueue(
          work,
          sendMail,
          replacementMail(mail, { source: ORDER_DOCUMENT_ATTACHMENT, orderId: order.id }),
          { key: `documents.replacement:${replacementNo}` },
        );
      }
      await recordStaffWrite(work, clock, {
        personnelId: actor.id,
        action: 'voidDocument',
        subject: 'orders',
        subjectId: order.id,
        memberId: order.user_id,
        changes: { order_no: [body.doc_no, replacementNo] },
        note: `${cancellationNo}: ${body.reason}`,
      });
      return { cancellation_no: cancellationNo, voided_no: body.doc_no, replacement_no: replacementNo };
    });
  }

  /**
   * issuedDocumentFile: any issued document's PDF by its number, a voided one and a cancellation note included (made
   * now if its job has not run yet), for its order's member and staff; 404 to anyone else and for an unknown number.
   */
  async function issuedFile(actor: SignedIn, number: string) {
    await issueCancellation(number);
    const [entry] = await db
      .select({ document: issuedDocument, user_id: orders.user_id })
      .from(issuedDocument)
      .innerJoin(orders, eq(orders.id, issuedDocument.orders_id))
      .where(eq(issuedDocument.doc_no, number));
    if (!entry) throw notFound();
    await authorize({ db, now: clock.now() }, actor, 'order.read', { user_id: entry.user_id });
    const kept = await storage.read(entry.document.folder, entry.document.file);
    if (!kept) throw notFound();
    return { document: entry.document, stream: kept.stream, size: kept.size };
  }

  return { voidDocument, issueCancellation, cancellationPdf, issuedFile };
}

export type DocumentVoids = ReturnType<typeof documentVoids>;
