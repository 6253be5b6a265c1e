import { createHmac, timingSafeEqual } from 'node:crypto';
import { PlatformError, platformFetch } from './platform-error.js';

/** A message object of the LINE Messaging API (the two kinds the shop sends). */
export type LineMessage =
  | { type: 'text'; text: string }
  | { type: 'image'; originalContentUrl: string; previewImageUrl: string };

export interface LineSettings {
  /** https://api.line.me, or a local double in tests. */
  apiUrl: string;
  /** A long-lived channel access token of the Messaging API channel. */
  accessToken: string;
  /** The channel secret: it signs the webhook's requests (X-Line-Signature). */
  channelSecret: string;
}

/**
 * The calls of the LINE Messaging API the shop makes (developers.line.biz/en/reference/messaging-api): push to one
 * user or group, multicast to up to 500 users, and reply to a webhook event. Push and multicast carry a retry key
 * (X-Line-Retry-Key): LINE runs a request with a given key once, and answers a retry of an accepted one with 409,
 * so a retried job never sends the same message twice.
 */
export function lineClient({ apiUrl, accessToken }: Pick<LineSettings, 'apiUrl' | 'accessToken'>) {
  const base = apiUrl.replace(/\/$/, '');

  async function call(path: string, body: unknown, retryKey?: string) {
    const response = await platformFetch('LINE', `${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        ...(retryKey ? { 'x-line-retry-key': retryKey } : {}),
      },
      body: JSON.stringify(body),
    });
    // A retry of a request LINE already accepted: it was sent then.
    if (response.status === 409 && retryKey && response.headers.get('x-line-accepted-request-id')) return;
    if (response.ok) return;
    throw new PlatformError('LINE', response.status, await lineReason(response));
  }

  return {
    push: (to: string, messages: LineMessage[], retryKey: string) =>
      call('/v2/bot/message/push', { to, messages }, retryKey),
    multicast: (to: string[], messages: LineMessage[], retryKey: string) =>
      call('/v2/bot/message/multicast', { to, messages }, retryKey),
    /** Answers a webhook event; a reply token is good once, for about a minute. */
    reply: (replyToken: string, messages: LineMessage[]) => call('/v2/bot/message/reply', { replyToken, messages }),
  };
}

export type LineClient = ReturnType<typeof lineClient>;

/** LINE's error body: `{ message, details: [{ message, property }] }`. */
async function lineReason(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    details?: { message?: string; property?: string }[];
  } | null;
  const details = (body?.details ?? []).map((d) => [d.property, d.message].filter(Boolean).join(': '));
  return [body?.message ?? response.statusText, ...details].join('; ');
}

/** X-Line-Signature: the base64 HMAC-SHA256 of the raw request body with the channel secret. */
export function lineSignatureValid(channelSecret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', channelSecret).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The parts of LINE's webhook events the shop reads. */
export interface LineEvent {
  type: string;
  replyToken?: string;
  source?: { type: 'user' | 'group' | 'room'; userId?: string; groupId?: string; roomId?: string };
  message?: { type: string; text?: string };
}
