/** How long a call to a messaging platform may take before it counts as failed (and is retried). */
const TIMEOUT_MS = 15_000;

/**
 * A messaging platform refused or failed a call. `retryable`: it may work later (the platform's 5xx, its rate
 * limit 429, no answer at all); otherwise the request itself is wrong (a bad id, a blocked person, a rule) and
 * sending it again changes nothing.
 */
export class PlatformError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly platform: string,
    /** The HTTP status, or 0 when no answer came. */
    readonly status: number,
    reason: string,
    retryable?: boolean,
  ) {
    super(`${platform}${status ? ` ${status}` : ''}: ${reason}`.slice(0, 1000));
    this.retryable = retryable ?? (status === 0 || status === 429 || status >= 500);
  }
}

/** fetch with a time limit; no answer (refused, reset, timed out) is a retryable PlatformError. */
export async function platformFetch(platform: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new PlatformError(platform, 0, reason);
  }
}
