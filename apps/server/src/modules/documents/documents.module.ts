import {
  issueOrderDocument,
  issueRefundDocument,
  ORDER_DOCUMENT_ATTACHMENT,
  REFUND_DOCUMENT_ATTACHMENT,
} from '../../jobs/documents.job.js';
import { signingStatus } from '../../providers/signing/certificate.js';
import type { AppModule } from '../module.js';
import { registerDocumentRoutes } from './documents.routes.js';
import { documentsService } from './documents.service.js';
import { registerEtaxExportRoutes } from './etax-export.routes.js';
import { monthlyExport } from './monthly-export.js';
import { registerDocumentVerifyRoutes } from './verify.routes.js';

/**
 * Receipts and tax invoices: the `documents.issue` job makes a finished order's PDF once (the orders module
 * enqueues it with the number, at finish), and its member and staff download it. Credit notes and refund notes the
 * same way: the `documents.refund` job makes a refund's PDF once (the refund's unit of work enqueues it with the
 * note's number).
 */
export const documentsModule: AppModule = {
  name: 'documents',
  register(app, ctx) {
    const documents = documentsService({
      db: ctx.db,
      transact: ctx.transact,
      clock: ctx.clock,
      storage: ctx.providers.storage,
      pdf: ctx.providers.pdf,
      seller: { ...ctx.config.seller, addressCodes: ctx.config.sellerAddressCodes },
      signer: ctx.config.etaxSigner,
    });
    ctx.jobs.handle(issueOrderDocument, async ({ orders_id }) => {
      await documents.issue(orders_id);
    });
    ctx.jobs.handle(issueRefundDocument, async ({ refund_id }) => {
      await documents.issueRefundDocument(refund_id);
    });
    ctx.providers.mailer.attachFrom(ORDER_DOCUMENT_ATTACHMENT, documents.orderPdf);
    ctx.providers.mailer.attachFrom(REFUND_DOCUMENT_ATTACHMENT, documents.refundPdf);
    registerDocumentRoutes(app, documents, signingStatus(ctx.config.etaxSigner));
    registerEtaxExportRoutes(app, monthlyExport({ db: ctx.db, clock: ctx.clock, storage: ctx.providers.storage }));
    registerDocumentVerifyRoutes(app, { db: ctx.db, clock: ctx.clock, seller: ctx.config.seller });
  },
};
