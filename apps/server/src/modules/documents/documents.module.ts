import {
  CANCELLATION_NOTE_ATTACHMENT,
  issueCancellationNote,
  issueOrderDocument,
  issueRefundDocument,
  ORDER_DOCUMENT_ATTACHMENT,
  REFUND_DOCUMENT_ATTACHMENT,
} from '../../jobs/documents.job.js';
import { signingStatus } from '../../lib/shop-signer.js';
import type { AttachmentSource } from '../../providers/mail.js';
import type { AppModule } from '../module.js';
import { registerDocumentRoutes } from './documents.routes.js';
import { documentsService } from './documents.service.js';
import { registerEtaxExportRoutes } from './etax-export.routes.js';
import { monthlyExport } from './monthly-export.js';
import { registerDocumentVerifyRoutes } from './verify.routes.js';
import { registerDocumentVoidRoutes } from './void.routes.js';
import { documentVoids } from './void-document.js';

/** An attachment source asked by a row id, as the order's and the refund's are; anything else is a programming error. */
const byRowId =
  (make: (id: number) => ReturnType<AttachmentSource>): AttachmentSource =>
  (id) => {
    if (typeof id !== 'number') throw new Error(`attachment asked by ${JSON.stringify(id)}, not a row id`);
    return make(id);
  };

/**
 * Receipts and tax invoices: the `documents.issue` job makes a finished order's PDF once (the orders module
 * enqueues it with the number, at finish), and its member and staff download it. Credit notes and refund notes the
 * same way: the `documents.refund` job makes a refund's PDF once (the refund's unit of work enqueues it with the
 * note's number). Staff void a document issued in error: its cancellation note (`documents.cancel`) and a replacement.
 * Every issued document is in the register, which the monthly export and the public verification read.
 */
export const documentsModule: AppModule = {
  name: 'documents',
  register(app, ctx) {
    const deps = {
      db: ctx.db,
      transact: ctx.transact,
      clock: ctx.clock,
      storage: ctx.providers.storage,
      pdf: ctx.providers.pdf,
      seller: { ...ctx.config.seller, addressCodes: ctx.config.sellerAddressCodes },
      signer: ctx.config.etaxSigner,
      publicUrl: ctx.config.publicUrl,
    };
    const documents = documentsService(deps);
    ctx.jobs.handle(issueOrderDocument, async ({ orders_id }) => {
      await documents.issue(orders_id);
    });
    ctx.jobs.handle(issueRefundDocument, async ({ refund_id }) => {
      await documents.issueRefundDocument(refund_id);
    });
    const voids = documentVoids({ ...deps, jobs: ctx.jobs, documents });
    ctx.jobs.handle(issueCancellationNote, async ({ cancellation_no }) => {
      await voids.issueCancellation(cancellation_no);
    });
    ctx.providers.mailer.attachFrom(ORDER_DOCUMENT_ATTACHMENT, byRowId(documents.orderPdf));
    ctx.providers.mailer.attachFrom(REFUND_DOCUMENT_ATTACHMENT, byRowId(documents.refundPdf));
    ctx.providers.mailer.attachFrom(CANCELLATION_NOTE_ATTACHMENT, (number) => voids.cancellationPdf(String(number)));
    registerDocumentRoutes(app, documents, signingStatus(ctx.config.etaxSigner));
    registerDocumentVoidRoutes(app, voids);
    registerEtaxExportRoutes(app, monthlyExport({ db: ctx.db, clock: ctx.clock, storage: ctx.providers.storage }));
    registerDocumentVerifyRoutes(app, { db: ctx.db, clock: ctx.clock, seller: ctx.config.seller });
  },
};
