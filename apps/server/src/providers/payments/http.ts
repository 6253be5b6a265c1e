import { timingSafeEqual } from 'node:crypto';
import { message } from '@sikkha/contract';
import { ProviderUnavailable } from '../unavailable.js';
import { type GatewayName, GatewayRefused, type NotificationHeaders } from './port.js';

/**
 * A gateway that has not answered in this time is treated as down. Well under the 15 s a person waits for an
 * answer: the shop's own work after the call and a slow network still fit.
 */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** Seconds a person (or the web app) waits before trying a gateway again after an outage. */
const GATEWAY_RETRY_AFTER = 10;

/** The gateway is down, slow or cut off: 503 with Retry-After for the person; the cause goes to the log. */
export const gatewayUnavailable = (cause?: unknown) =>
  new ProviderUnavailable(message('gatewayUnreachable'), cause, GATEWAY_RETRY_AFTER);

/**
 * One JSON call to a gateway: a 5xx, a timeout (`timeoutMs`), a cut connection or a body that is not JSON is an
 * outage (503 for the person); a 4xx is the gateway refusing the request, with its own code and message.
 */
export async function callGateway<T>(
  gateway: GatewayName,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs?: number | undefined },
  refusal: (status: number, body: Record<string, unknown>) => { code: string; message: string },
): Promise<T> {
  let response: Response;
  let body: Record<string, unknown>;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...init.headers,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? GATEWAY_TIMEOUT_MS),
    });
    body = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw gatewayUnavailable(error);
  }
  if (response.status >= 500) throw gatewayUnavailable(new Error(`${gateway} ${url}: ${response.status}`));
  if (response.status >= 400) {
    const { code, message } = refusal(response.status, body);
    throw new GatewayRefused(gateway, code, message);
  }
  return body as T;
}

/** A header's one value (a repeated header is refused by taking none). */
export function headerValue(headers: NotificationHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** Compares two signatures without telling an attacker how much of one matched. */
export function sameSignature(expected: Buffer, given: string, encoding: 'hex' | 'base64'): boolean {
  const received = Buffer.from(given, encoding);
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** A body that is JSON of an object, or null. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
