import type { Envelope as BaseEnvelope, ErrorEnvelope, FieldError } from '@sikkha/contract';

/** Every API response is wrapped in the contract's envelope; lists add `total`, saves add `insertId`. */
export type Envelope<T> = BaseEnvelope<T> & { total?: number; insertId?: number };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The envelope's error code (TOKEN_EXPIRED, ...), when the server sent one. */
    readonly code?: string,
    /** Each field the server refused, with its Thai message, for the form to show under that field. */
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Bearer token; defaults to the shopper's session token. The back office passes its own. */
  token?: string | null;
}

const API_BASE = '/api';
/** Where the shopper's session token lives; the login flow writes it. */
export const TOKEN_KEY = 'token';
/** Staff sessions (the back office's) are kept apart from the shopper's, under their own key. */
export const ADMIN_TOKEN_KEY = 'adminToken';

const expiryListeners = new Set<() => void>();
/**
 * Called when the shopper's own token is refused as expired or revoked, by any call, so the session's end is
 * said at once rather than at the next 5-minute check. Returns the unsubscribe function.
 */
export function onSessionExpired(listener: () => void) {
  expiryListeners.add(listener);
  return () => void expiryListeners.delete(listener);
}

/** The shopper's token; none where pages are rendered on the server (the visitor's page). */
const storedToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);
/**
 * The server's renderer answers the pages' API calls in its own process (the read cache, no network); the
 * browser keeps fetch.
 */
export function setApiTransport(next: Transport) {
  transport = next;
}

function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}/${path}${search ? `?${search}` : ''}`;
}

/** Calls the API and returns the whole envelope, so callers can read `total` or `insertId` too. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const token = options.token === undefined ? storedToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const res = await transport(apiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });

  // A proxy or crash page may answer with HTML; fall back to the HTTP status text then.
  const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !envelope?.result) {
    const { code, fields } = (envelope ?? {}) as Partial<ErrorEnvelope>;
    // Only while that token is still the session: a logout's own request may come back refused.
    if (code === 'TOKEN_EXPIRED' && token && token === storedToken()) {
      for (const listener of expiryListeners) listener();
    }
    throw new ApiError(res.status, envelope?.message || res.statusText || 'Request failed', code, fields);
  }
  return envelope;
}

/**
 * A file the API makes (a receipt's PDF), with a session's token, which a plain link cannot carry: the shopper's by
 * default, the back office passes its own. A refusal comes back as the envelope, so its Thai message is thrown like
 * any call's.
 */
export async function apiFile(
  path: string,
  query?: Record<string, QueryValue>,
  token: string | null = storedToken(),
): Promise<Blob> {
  const res = await fetch(apiUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (res.ok) return res.blob();
  const envelope = (await res.json().catch(() => null)) as (Envelope<unknown> & { code?: string }) | null;
  throw new ApiError(res.status, envelope?.message || res.statusText || 'Request failed', envelope?.code);
}

export async function apiGet<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
  return (await apiRequest<T>(path, { query })).data;
}
