import type { Socket } from 'node:net';
import { message } from '@sikkha/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER, isConnectionLost } from '../db/connection-lost.js';
import { AppError, type ErrorCode, invalidField, pgCodeOf } from '../errors.js';
import { invalidRequest } from './validation.js';

/** PostgreSQL error codes that mean the request, not the server, was wrong. */
function fromDatabase(error: unknown, method: string): AppError | null {
  switch (pgCodeOf(error)) {
    case '23505':
      return new AppError('CONFLICT', message('duplicate'));
    case '23001':
      return new AppError('CONFLICT', message('inUse'));
    case '23503':
      return method === 'DELETE'
        ? new AppError('CONFLICT', message('inUse'))
        : new AppError('UNPROCESSABLE', message('badReference'));
    case '23502':
      return new AppError('BAD_REQUEST', message('required'));
    // Values the database cannot take: bad text for a type, a number or date out of its range, a time zone
    // offset past ±15:59 (which ISO 8601 allows), a character the encoding has no place for.
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22009':
    case '22001':
    case '22021':
      return new AppError('BAD_REQUEST', message('invalidInput'));
    default:
      return null;
  }
}

/** The database out of reach (restarting, failing over, a network cut): a 503 to retry, never a 500. */
const databaseLost = (error: unknown) =>
  isConnectionLost(error) ? new AppError('UNAVAILABLE', message('databaseUnavailable'), DATABASE_RETRY_AFTER) : null;

function fromFastify(error: FastifyError): AppError | null {
  const map: Record<string, [ErrorCode, string]> = {
    FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', message('invalidJson')],
    FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', message('invalidJson')],
    FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', message('tooLarge')],
    FST_REQ_FILE_TOO_LARGE: ['PAYLOAD_TOO_LARGE', message('tooLarge')],
    FST_FILES_LIMIT: ['PAYLOAD_TOO_LARGE', message('tooLarge')],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', message('invalidInput')],
    FST_INVALID_MULTIPART_CONTENT_TYPE: ['UNSUPPORTED_MEDIA_TYPE', message('fileMissing')],
  };
  const hit = error.code ? map[error.code] : undefined;
  if (hit) return new AppError(hit[0], hit[1]);
  if (error instanceof SyntaxError) return new AppError('BAD_REQUEST', message('invalidJson'));
  if (error.statusCode === 429) return new AppError('TOO_MANY_REQUESTS', message('tooManyRequests'));
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message);
  }
  return null;
}

/**
 * What the log keeps of an unexpected error. A failed query's message carries its parameter values (a member's
 * e-mail, an address): only the query text, the database's error code and the stack are kept.
 */
function forLog(error: Error & { query?: unknown; params?: unknown; cause?: unknown }) {
  if (typeof error.query !== 'string' || !('params' in error)) return error;
  const code = pgCodeOf(error);
  // The stack starts with the message, which spans several lines (the query, then its parameters): keep the frames.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return { type: error.name, query: error.query, code, stack: frames?.join('\n') };
}

const envelopeOf = (code: string, text: string) => JSON.stringify({ result: false, data: null, message: text, code });

/** NUL (and the database cannot store it) or another control character but tab and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const forbiddenCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** No request of the shop nests deeper than this; a deeper one is refused before anything walks it. */
export const MAX_NESTING = 32;

interface Place {
  value: unknown;
  key?: string;
  parent?: Place;
  depth: number;
}
const pathOf = (place: Place): string[] => {
  const path: string[] = [];
  for (let p: Place | undefined = place; p?.key !== undefined; p = p.parent) path.unshift(p.key);
  return path;
};

/**
 * Where a request part first holds a forbidden character (in a string or a key), or nests too deep. Walked with a
 * stack of its own, in linear time, so a body of a million brackets costs one pass and never the call stack.
 */
function badPlaceIn(part: unknown): { path: string[]; tooDeep: boolean } | undefined {
  const stack: Place[] = [{ value: part, depth: 0 }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const { value, depth } = place;
    if (typeof value === 'string') {
      if (forbiddenCharacter.test(value)) return { path: pathOf(place), tooDeep: false };
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_NESTING) return { path: [], tooDeep: true };
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const child: Place = { value: inner, key, parent: place, depth: depth + 1 };
        if (forbiddenCharacter.test(key)) return { path: pathOf(child), tooDeep: false };
        stack.push(child);
      }
    }
  }
  return undefined;
}

/**
 * Refuses control characters in any text a request carries (query, path, JSON body) before a route sees it:
 * PostgreSQL cannot store NUL, and no field of the shop means one. Refuses bodies nested deeper than any form.
 */
function refuseControlCharacters(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const bad = badPlaceIn(part);
    if (!bad) continue;
    throw bad.path.length > 0
      ? invalidField(bad.path.join('.'), 'invalid', message('invalidInput'))
      : new AppError('BAD_REQUEST', message('invalidInput'));
  }
}

/** A path no route has: pages that cannot be decoded are sent there, so the web app shows its Not Found page. */
const UNREADABLE_PAGE = '/not-found';

/**
 * A page link cut mid-character (`/product/%E0%B8`) is a page that does not exist, not a client error: before
 * routing, such a page path becomes one no route has. API paths stay as they are, for `frameworkErrors`.
 */
export function rewriteUrl(request: { url?: string }): string {
  const url = request.url ?? '/';
  if (url.startsWith('/api/')) return url;
  const path = url.split('?')[0]!;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return UNREADABLE_PAGE;
  }
}

/** Errors of the router, before any route: a malformed or over-long API URL. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply
    .status(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(envelopeOf(tooLong ? 'URI_TOO_LONG' : 'BAD_REQUEST', message(tooLong ? 'tooLarge' : 'invalidInput')));
}

/** Errors of the HTTP parser, before Fastify has a request: headers too large, a timeout, garbage. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', message('tooLarge')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'TIMEOUT', message('invalidInput')]
        : [400, 'Bad Request', 'BAD_REQUEST', message('invalidInput')];
  const body = envelopeOf(code, text);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One handler: every failure leaves as the envelope with a real status; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => refuseControlCharacters(request));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let known: AppError | null = error instanceof AppError ? error : null;
    if (!known && hasZodFastifySchemaValidationErrors(error)) {
      known = invalidRequest(error.validation);
    }
    known ??= fromDatabase(error, request.method) ?? databaseLost(error) ?? fromFastify(error);
    if (!known) {
      request.log.error({ err: forLog(error) }, 'unhandled error');
      return reply.status(500).send({ result: false, data: null, message: message('serverError'), code: 'INTERNAL' });
    }
    if (known.status >= 500)
      request.log[known.code === 'UNAVAILABLE' ? 'warn' : 'error']({ err: forLog(error) }, known.message);
    if (known.retryAfter !== undefined) reply.header('retry-after', String(known.retryAfter));
    const { message: text, code, fields } = known;
    return reply
      .status(known.status)
      .send({ result: false, data: null, message: text, code, ...(fields && { fields }) });
  });
}

export const routeNotFound = {
  result: false,
  data: null,
  message: message('routeNotFound'),
  code: 'NOT_FOUND',
} as const;
