import { message } from '@sikkha/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from './errors.js';
import { describeValidation } from './validation.js';

/** PostgreSQL error codes that mean the request, not the server, was wrong. */
function fromDatabase(error: { code?: string; cause?: unknown }, method: string): AppError | null {
  const pgCode = typeof error.code === 'string' ? error.code : undefined;
  const cause = error.cause as { code?: string } | undefined;
  const code = pgCode && /^[0-9A-Z]{5}$/.test(pgCode) ? pgCode : cause?.code;
  switch (code) {
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
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
      return new AppError('BAD_REQUEST', message('invalidInput'));
    default:
      return null;
  }
}

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

/** One handler: every failure leaves as the envelope with a real status; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let known: AppError | null = error instanceof AppError ? error : null;
    if (!known && hasZodFastifySchemaValidationErrors(error)) {
      known = new AppError('BAD_REQUEST', describeValidation(error.validation));
    }
    known ??= fromDatabase(error, request.method) ?? fromFastify(error);
    if (!known) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ result: false, data: null, message: message('serverError'), code: 'INTERNAL' });
    }
    if (known.status >= 500) request.log.error({ err: error }, known.message);
    return reply.status(known.status).send({ result: false, data: null, message: known.message, code: known.code });
  });
}

export const routeNotFound = {
  result: false,
  data: null,
  message: message('routeNotFound'),
  code: 'NOT_FOUND',
} as const;
