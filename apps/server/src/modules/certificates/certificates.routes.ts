import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { CertificatesService } from './certificates.service.js';

/**
 * Certificates: an order's certificate file, and the public verification of a number. The plain reads
 * (`certificate…ById`, `…ByOrderId`, `…ByUserIdAndProductId`, `…ByProductId`, `…ByUserId`) and staff's writes are the
 * engine's; the file itself is served from /api/certificate/{file} to its member and staff.
 */
export function registerCertificateRoutes(app: FastifyInstance, certificates: CertificatesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];

  api.get(
    '/api/certificateFile',
    {
      schema: {
        tags,
        summary: 'The certificate file of an order (id), for the order’s member and staff',
        querystring: routes.certificateFile.query,
        response: { 200: routes.certificateFile.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await certificates.fileOfOrder(requireSignedIn(request), request.query.id);
      return { result: true, data, message: message('ok') };
    },
  );

  api.get(
    '/api/certificateVerify',
    {
      schema: {
        tags,
        summary: 'Public: who earned the certificate of this number, for which course, and when',
        querystring: routes.certificateVerify.query,
        response: { 200: routes.certificateVerify.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await certificates.verify(request.query.certificate_no);
      return { result: true, data, message: message('ok') };
    },
  );
}
