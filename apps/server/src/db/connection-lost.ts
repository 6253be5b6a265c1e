/** Seconds a person is asked to wait when the database is out of reach: about what a restart or failover takes. */
export const DATABASE_RETRY_AFTER = 5;

/**
 * Whether an error means the database could not be reached or dropped the connection (a restart, a failover, a
 * network cut), as opposed to refusing the query itself. Such a request is answered 503 with Retry-After: nothing it
 * did was committed, unless the connection was lost during the commit itself, which the person's retry settles
 * (orders carry an idempotency key; other writes are put, not added).
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (lostCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && lostMessages.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const lostCodes = new Set([
  // The socket: refused, reset, timed out, broken, no route.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // PostgreSQL: shut down by an administrator or a crash, starting up, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** node-postgres's own errors, which carry no code. */
const lostMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
];
