import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What follows a request through everything it calls: its id, for the log lines and the jobs it enqueues. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it starts) as part of the request `context`. */
export const withRequestContext = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

/** The id of the request under way, if any (none in a job run or at start-up). */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** A proxy's or client's `X-Request-Id` is kept when it is a plain token; anything else is replaced. */
const usableId = /^[A-Za-z0-9._:-]{8,64}$/;

/** The id of a new request: the one it came with when usable, so a proxy's log and ours share it, else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && usableId.test(given) ? given : randomUUID();
}
