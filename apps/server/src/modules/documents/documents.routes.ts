import { message, apiRoutes as routes, type SigningStatus } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn, requireStaff } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { DocumentsService } from './documents.service.js';

/**
 * The receipt or tax invoice of a finished order, as the PDF that was issued at finish; a refund's credit note or
 * refund note, as the PDF issued with the refund. Staff: whether those are signed.
 */
export function registerDocumentRoutes(app: FastifyInstance, documents: DocumentsService, signing: SigningStatus) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/signingStatus',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'Staff: whether e-Tax documents are signed (the certificate’s signer, issuer and expiry) or issued unsigned',
        response: { 200: routes.signingStatus.response, ...errorResponses },
      },
    },
    (request) => {
      requireStaff(request);
      return { result: true, data: signing, message: message('ok') };
    },
  );

  api.get(
    '/api/ordersTaxInvoiceFile',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'The PDF receipt, or tax invoice when the order asked for one, of a finished order (its member, staff); the same bytes every time',
        querystring: routes.ordersTaxInvoiceFile.query,
        produces: [...routes.ordersTaxInvoiceFile.produces],
        response: { 200: routes.ordersTaxInvoiceFile.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { document, stream, size } = await documents.file(requireSignedIn(request), request.query.id);
      return reply
        .type('application/pdf')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${document.order_no}.pdf"`)
        .header('etag', `"${document.sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  api.get(
    '/api/ordersTaxInvoiceXml',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'A finished order’s receipt (T01) or tax invoice (T03) as ETDA’s e-Tax XML, ขมธอ. 3-2560 v2.1, unsigned (staff)',
        querystring: routes.ordersTaxInvoiceXml.query,
        produces: [...routes.ordersTaxInvoiceXml.produces],
        response: { 200: routes.ordersTaxInvoiceXml.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const document = await documents.etaxXml(requireSignedIn(request), request.query.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${document.order_no}.xml"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(document.xml);
    },
  );

  api.get(
    '/api/ordersRefundFile',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'The PDF credit note (against a tax invoice) or refund note of a refund (the order’s member, staff); the same bytes every time',
        querystring: routes.ordersRefundFile.query,
        produces: [...routes.ordersRefundFile.produces],
        response: { 200: routes.ordersRefundFile.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { refund, stream, size } = await documents.refundFile(requireSignedIn(request), request.query.id);
      return reply
        .type('application/pdf')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${refund.doc_no}.pdf"`)
        .header('etag', `"${refund.sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
