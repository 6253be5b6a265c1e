import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FacebookTag } from '@sikkha/contract';
import { PlatformError, platformFetch } from './platform-error.js';

export interface FacebookPageSettings {
  /** https://graph.facebook.com/v26.0 (FACEBOOK_GRAPH_VERSION), or a local double in tests. */
  graphUrl: string;
  /** The Page's id: Messenger links (m.me) open a chat with it. */
  pageId: string;
  /** A Page access token with pages_messaging. */
  accessToken: string;
  /** The app's secret: it signs the webhook's requests (X-Hub-Signature-256) and proves server calls. */
  appSecret: string;
  /** What the webhook's subscription check must present (hub.verify_token). */
  verifyToken: string;
}

/** A Messenger message: text, or a picture by its public URL. */
export type MessengerMessage =
  | { text: string }
  | { attachment: { type: 'image'; payload: { url: string; is_reusable: true } } };

/**
 * Graph API error codes that mean "later": temporary errors (1, 2, 1200) and rate limits (4, 17, 32, 613). Graph
 * answers them with 400 as often as with 5xx, so the code decides, not the status.
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 613, 1200]);

/**
 * The Messenger Platform's Send API (developers.facebook.com/docs/messenger-platform/reference/send-api): a Page
 * writes to a person by their Page-scoped id. What the shop sends is never a reply to a message the person just sent
 * (RESPONSE) but its own news: without a tag an UPDATE, which needs the person to have written to the Page in the
 * last 24 hours; with a tag, a personal update outside that window (MESSAGE_TAG).
 */
export function facebookPage({ graphUrl, accessToken, appSecret }: FacebookPageSettings) {
  const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex');
  const base = graphUrl.replace(/\/$/, '');

  return {
    async send(psid: string, message: MessengerMessage, tag?: FacebookTag | null) {
      const url = `${base}/me/messages?${new URLSearchParams({ access_token: accessToken, appsecret_proof: proof })}`;
      const response = await platformFetch('Messenger', url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: { id: psid },
          messaging_type: tag ? 'MESSAGE_TAG' : 'UPDATE',
          ...(tag ? { tag } : {}),
          message,
        }),
      });
      if (response.ok) return;
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string; code?: number; error_subcode?: number; is_transient?: boolean };
      } | null;
      const error = body?.error;
      const code = error?.code;
      const reason = [
        error?.message ?? response.statusText,
        code && `code ${code}`,
        error?.error_subcode && `subcode ${error.error_subcode}`,
      ]
        .filter(Boolean)
        .join(', ');
      const transient =
        response.status >= 500 || error?.is_transient === true || (code !== undefined && TRANSIENT_CODES.has(code));
      throw new PlatformError('Messenger', response.status, reason, transient);
    },
  };
}

export type FacebookPage = ReturnType<typeof facebookPage>;

/** X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw request body with the app secret. */
export function facebookSignatureValid(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!hex) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
}

/** The parts of a Page webhook's messaging events the shop reads. */
export interface MessengerEvent {
  sender?: { id?: string };
  timestamp?: number;
  message?: { text?: string; is_echo?: boolean };
  postback?: { referral?: { ref?: string } };
  referral?: { ref?: string };
}
