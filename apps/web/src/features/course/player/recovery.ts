/** Renewals in a row (a ticket that expired, a key refused) before the player gives up and says so. */
export const MAX_RENEWALS = 2;

/** A fatal hls.js error, as far as deciding what to do about it goes. */
export interface FatalError {
  /** A request failed (hls.js's network errors). */
  network: boolean;
  /** Decoding failed (hls.js's media errors). */
  media: boolean;
  /** The failed request was the master playlist: with no renditions known, only loading the source again helps. */
  manifest: boolean;
  /** The HTTP status, when a response came. */
  status: number | undefined;
}

export interface Tries {
  /** Renewals since playback last moved on. */
  renewals: number;
  /** Whether a recovery was tried since playback last moved on. */
  recovered: boolean;
}

export type Recovery = 'renew' | 'reloadSource' | 'restartLoading' | 'recoverMedia' | 'fail';

/**
 * What the player does about a fatal error: a refused request (401, 403) may be an expired ticket, so the source
 * is renewed; anything else (the shop answering 503 while its storage is down, a decoding error) gets one recovery
 * of its kind, as hls.js advises, and then the player says the lesson cannot play rather than wait silently.
 */
export function recoveryFor(error: FatalError, tries: Tries): Recovery {
  if (error.network && (error.status === 401 || error.status === 403)) {
    return tries.renewals >= MAX_RENEWALS ? 'fail' : 'renew';
  }
  if (tries.recovered) return 'fail';
  if (error.media) return 'recoverMedia';
  if (error.network) return error.manifest ? 'reloadSource' : 'restartLoading';
  return 'fail';
}
