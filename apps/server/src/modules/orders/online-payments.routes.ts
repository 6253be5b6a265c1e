import { message } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import { gatewayPaths } from '../../providers/payments/port.js';
import type { OnlinePayments } from './online-payments.js';

/**
 * The gateway's side: its notification (raw bytes, for the signature) and the person's return. These speak the
 * gateway's protocol, not the shop's API, so they stay out of the OpenAPI document.
 */
export function registerOnlinePaymentRoutes(app: FastifyInstance, online: OnlinePayments) {
  const ok = message('ok');
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(gatewayPaths.notify, { schema: { hide: true } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const status = await online.notify(request.headers, raw);
      return { result: true, data: { status }, message: ok };
    });

    // Opn and the sandbox come back with `?ref=` (the payment page's reference); KPGW posts a form with `objectId`.
    const back = async (
      request: { query: unknown; body: unknown },
      reply: { redirect(url: string, code: number): unknown },
    ) => {
      const query = request.query as { ref?: unknown; objectId?: unknown };
      const form = Buffer.isBuffer(request.body)
        ? new URLSearchParams(request.body.subarray(0, 4096).toString('utf8'))
        : new URLSearchParams();
      const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);
      const token = text(query.ref);
      const chargeId = text(form.get('objectId') ?? query.objectId);
      return reply.redirect(await online.callback({ token, chargeId }), 303);
    };
    scope.get(gatewayPaths.callback, { schema: { hide: true } }, back);
    scope.post(gatewayPaths.callback, { schema: { hide: true } }, back);
  });
}
