import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { DocumentVoids } from './void-document.js';

/** Staff void a document issued in error; anyone with the right downloads any issued document by its number. */
export function registerDocumentVoidRoutes(app: FastifyInstance, voids: DocumentVoids) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/ordersDocumentVoid',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'Staff: void a finished order’s receipt or tax invoice issued in error: a cancellation note (ETDA T07) and a replacement under a new number',
        body: routes.ordersDocumentVoid.body,
        response: { 200: routes.ordersDocumentVoid.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await voids.voidDocument(requireSignedIn(request), request.body);
      return { result: true, data, message: message('documentVoided') };
    },
  );

  api.get(
    '/api/issuedDocumentFile',
    {
      schema: {
        tags: ['orders-payments'],
        summary:
          'Any issued document’s PDF by its number, voided ones and cancellation notes included (its order’s member, staff); the same bytes every time',
        querystring: routes.issuedDocumentFile.query,
        produces: [...routes.issuedDocumentFile.produces],
        response: { 200: routes.issuedDocumentFile.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { document, stream, size } = await voids.issuedFile(requireSignedIn(request), request.query.doc_no);
      return reply
        .type('application/pdf')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${document.doc_no}.pdf"`)
        .header('etag', `"${document.sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
