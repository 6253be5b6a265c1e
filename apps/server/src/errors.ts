import { type FieldError, type FieldErrorCode, fieldsSummary, type MessageKey, message } from '@sikkha/contract';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'TOKEN_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL'
  | 'UNAVAILABLE';

const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** An error whose message is meant for the person using the shop. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    text: string,
    /** Seconds the client should wait before asking again (sent as Retry-After). */
    readonly retryAfter?: number,
    /** The fields a refused request got wrong, each with its own message (sent as the envelope's `fields`). */
    readonly fields?: readonly FieldError[],
  ) {
    super(text);
    this.status = statusOf[code];
  }
}

export const fail = (code: ErrorCode, key: MessageKey) => new AppError(code, message(key));

export const notFound = () => fail('NOT_FOUND', 'notFound');
export const forbidden = () => fail('FORBIDDEN', 'forbidden');
export const unauthorized = () => fail('UNAUTHORIZED', 'unauthorized');
export const badRequest = (text: string) => new AppError('BAD_REQUEST', text);

/** A 400 that lists each wrong field; `message` sums them up ("field: message, ...") for clients that read only it. */
export const invalidFields = (fields: readonly FieldError[]) =>
  new AppError('BAD_REQUEST', fieldsSummary(fields), undefined, fields);

/**
 * The PostgreSQL error code (SQLSTATE, five characters) of a failed query: node-postgres sets it on the error, drizzle
 * on the error's cause. Undefined for any other error.
 */
export function pgCodeOf(error: unknown): string | undefined {
  const sqlState = (value: unknown) => {
    const code = typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
    return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  };
  return sqlState(error) ?? sqlState((error as { cause?: unknown } | null | undefined)?.cause);
}

export const invalidField = (path: string, code: FieldErrorCode, text: string) =>
  invalidFields([{ path, code, message: text }]);
