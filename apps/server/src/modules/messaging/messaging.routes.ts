import { message, apiRoutes as routes, type SendChannel } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../errors.js';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { facebookSignatureValid } from '../../providers/facebook-messenger.js';
import { lineSignatureValid } from '../../providers/line.js';
import type { LinksService } from './links.service.js';
import type { SendService } from './send.service.js';
import type { lineEvents, PageWebhook, pageEvents } from './webhooks.js';

export interface MessagingRouteDeps {
  send: SendService;
  links: LinksService;
  /** The LINE webhook, when the official account is set up. */
  line?: { channelSecret: string; handle: ReturnType<typeof lineEvents> } | undefined;
  /** The Page webhook, when the Page is set up. */
  page?: { appSecret: string; verifyToken: string; handle: ReturnType<typeof pageEvents> } | undefined;
}

/** The spec's messaging calls, each one channel; the Send screen's `send` takes several. */
const singleChannel = {
  noti: 'noti',
  notiImage: 'noti',
  notiLine: 'line',
  notiFacebook: 'facebook',
} as const satisfies Record<string, SendChannel>;

const parseJson = (raw: Buffer): unknown => {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', message('invalidJson'));
  }
};

export function registerMessagingRoutes(app: FastifyInstance, { send, links, line, page }: MessagingRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messaging'];
  const ok = message('ok');

  for (const [name, channel] of Object.entries(singleChannel) as [keyof typeof singleChannel, SendChannel][]) {
    api.post(
      `/api/${name}`,
      {
        schema: {
          tags,
          summary: `Sends a message over ${channel === 'noti' ? 'the in-app notification' : channel} to all members, a course's buyers or chosen members (staff)`,
          body: routes[name].body,
          response: { 200: routes[name].response, ...errorResponses },
        },
      },
      async (request) => ({
        result: true,
        data: await send.send(requireSignedIn(request), [channel], request.body),
        message: ok,
      }),
    );
  }

  api.post(
    '/api/send',
    {
      schema: {
        tags,
        summary: 'The Send screen: one message over the chosen channels, queued in batches with a delivery log (staff)',
        body: routes.send.body,
        response: { 200: routes.send.response, ...errorResponses },
      },
    },
    async (request) => {
      const { channels, ...input } = request.body;
      return { result: true, data: await send.send(requireSignedIn(request), channels, input), message: ok };
    },
  );

  api.post(
    '/api/sendAudience',
    {
      schema: {
        tags,
        summary: 'How many members the chosen recipients are, and how many each channel reaches (staff)',
        body: routes.sendAudience.body,
        response: { 200: routes.sendAudience.response, ...errorResponses },
      },
    },
    async (request) => ({
      result: true,
      data: await send.audience(requireSignedIn(request), request.body),
      message: ok,
    }),
  );

  api.get(
    '/api/sendList',
    {
      schema: {
        tags,
        summary: 'Messages sent, newest first, with their progress per channel (staff)',
        querystring: routes.sendList.query,
        response: { 200: routes.sendList.response, ...errorResponses },
      },
    },
    async (request) => {
      const { rows, total } = await send.list(requireSignedIn(request), request.query);
      return { result: true, data: rows, total, message: ok };
    },
  );

  api.get(
    '/api/sendById',
    {
      schema: {
        tags,
        summary: 'One message sent, with its progress per channel (staff)',
        querystring: routes.sendById.query,
        response: { 200: routes.sendById.response, ...errorResponses },
      },
    },
    async (request) => ({
      result: true,
      data: await send.byId(requireSignedIn(request), request.query.id),
      message: ok,
    }),
  );

  api.get(
    '/api/sendDelivery',
    {
      schema: {
        tags,
        summary:
          'The delivery log of one message: each member and channel, sent, failed or skipped with the reason (staff)',
        querystring: routes.sendDelivery.query,
        response: { 200: routes.sendDelivery.response, ...errorResponses },
      },
    },
    async (request) => {
      const { rows, total } = await send.deliveries(requireSignedIn(request), request.query);
      return { result: true, data: rows, total, message: ok };
    },
  );

  api.post(
    '/api/messagingLinkCode',
    {
      schema: {
        tags,
        summary: 'A new code that links the member’s LINE or Messenger account when sent to the shop there (member)',
        response: { 200: routes.messagingLinkCode.response, ...errorResponses },
      },
    },
    async (request) => ({ result: true, data: await links.code(requireSignedIn(request)), message: ok }),
  );

  api.get(
    '/api/messagingLinks',
    {
      schema: {
        tags,
        summary: 'The member’s linked LINE and Messenger accounts, and which the shop offers (member)',
        response: { 200: routes.messagingLinks.response, ...errorResponses },
      },
    },
    async (request) => ({ result: true, data: await links.links(requireSignedIn(request)), message: ok }),
  );

  api.post(
    '/api/messagingUnlink',
    {
      schema: {
        tags,
        summary: 'Stops messages to the member’s LINE or Messenger account (member)',
        body: routes.messagingUnlink.body,
        response: { 200: routes.messagingUnlink.response, ...errorResponses },
      },
    },
    async (request) => ({
      result: true,
      data: await links.unlink(requireSignedIn(request), request.body.channel),
      message: ok,
    }),
  );

  // The platforms' webhooks speak their protocol, not the shop's API: raw bytes for the signature, and out of the
  // OpenAPI document. An unsigned or wrongly signed request changes nothing.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    const refused = () => new AppError('UNAUTHORIZED', message('unauthorized'));

    scope.post('/api/webhookLine', { schema: { hide: true } }, async (request) => {
      if (!line) throw notFound();
      const body = raw(request.body);
      const signature = request.headers['x-line-signature'];
      if (!lineSignatureValid(line.channelSecret, body, typeof signature === 'string' ? signature : undefined)) {
        throw refused();
      }
      const events = (parseJson(body) as { events?: unknown }).events;
      await line.handle(Array.isArray(events) ? events : []);
      return { result: true, data: null, message: ok };
    });

    // Meta's subscription check: echo hub.challenge when hub.verify_token is the shop's.
    scope.get('/api/webhookFacebook', { schema: { hide: true } }, async (request, reply) => {
      if (!page) throw notFound();
      const query = request.query as Record<string, string | undefined>;
      if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== page.verifyToken) {
        throw new AppError('FORBIDDEN', message('forbidden'));
      }
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    });

    scope.post('/api/webhookFacebook', { schema: { hide: true } }, async (request) => {
      if (!page) throw notFound();
      const body = raw(request.body);
      const signature = request.headers['x-hub-signature-256'];
      if (!facebookSignatureValid(page.appSecret, body, typeof signature === 'string' ? signature : undefined)) {
        throw refused();
      }
      await page.handle(parseJson(body) as PageWebhook);
      return { result: true, data: null, message: ok };
    });
  });
}
