import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseStaleToken } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { MediaFile, MediaRequest, PlaybackService } from './playback.service.js';

const PLAYLIST = 'application/vnd.apple.mpegurl';
const SEGMENT = 'video/mp2t';

const ticketParams = z.object({ ticket: z.string().max(200) });
const fileParams = ticketParams.extend({ rendition: z.string().max(10), file: z.string().max(20) });
const signedQuery = z.object({ e: z.string().max(20).optional(), s: z.string().max(64).optional() });

/** What the service needs of a request under a ticket. */
type TicketRequest = Pick<FastifyRequest, 'actor' | 'tokenProblem'> & {
  params: { ticket: string };
  query: z.infer<typeof signedQuery>;
};

function mediaRequest(request: TicketRequest) {
  return {
    ticket: request.params.ticket,
    actor: request.actor,
    tokenProblem: request.tokenProblem,
    query: request.query,
  } satisfies MediaRequest;
}

/** Playlists and segments are the viewer's own: never kept by a shared cache. */
const playlist = (reply: FastifyReply, text: string) =>
  reply.type(PLAYLIST).header('cache-control', 'private, no-store').send(text);
const segment = (reply: FastifyReply, file: MediaFile) =>
  reply
    .type(SEGMENT)
    .header('content-length', file.size)
    .header('cache-control', 'private, max-age=3600')
    .send(file.stream);

/**
 * GET /api/playback hands out a lesson's source; the HLS routes under /api/hls/{ticket}/ serve what a signed ticket
 * opens. They answer media, not the envelope, so they stay out of the OpenAPI document (docs/ARCHITECTURE.md).
 */
export function registerPlaybackRoutes(app: FastifyInstance, playback: PlaybackService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/playback',
    {
      schema: {
        tags: ['playback'],
        summary:
          'How to play a lesson the caller may watch: a signed, expiring HLS playlist URL, or an external source',
        querystring: routes.playback.query,
        response: { 200: routes.playback.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      refuseStaleToken(request);
      const { productId, videoId, native } = request.query;
      const data = await playback.source(request.actor, { productId, videoId }, native === '1');
      reply.header('cache-control', 'private, no-store');
      return { result: true, data, message: message('ok') };
    },
  );

  const media = { schema: { hide: true, params: ticketParams, querystring: signedQuery } };

  api.get('/api/hls/:ticket/master.m3u8', media, async (request, reply) =>
    playlist(reply, await playback.master(mediaRequest(request))),
  );

  api.get('/api/hls/:ticket/key', media, async (request, reply) => {
    const key = await playback.key(mediaRequest(request));
    return reply.type('application/octet-stream').header('cache-control', 'no-store').send(key);
  });

  api.get(
    '/api/hls/:ticket/:rendition/:file',
    { schema: { hide: true, params: fileParams, querystring: signedQuery } },
    async (request, reply) => {
      const { rendition, file } = request.params;
      const answer = await playback.rendition(mediaRequest(request), rendition, file);
      return typeof answer === 'string' ? playlist(reply, answer) : segment(reply, answer);
    },
  );
}
