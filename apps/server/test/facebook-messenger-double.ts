import { createHmac, randomBytes } from 'node:crypto';
import { FACEBOOK_GRAPH_VERSION } from '@sikkha/contract';
import { readJson, sendJson, startHttpDouble } from './http-double.js';

export const PAGE_ID = '1122334455667788';
export const PAGE_ACCESS_TOKEN = 'EAAPage-test-page-access-token-0123456789';
export const MESSENGER_APP_SECRET = 'messenger-test-app-secret-0123456789';
export const MESSENGER_VERIFY_TOKEN = 'messenger-verify-token-0123456789';
const VERSION = FACEBOOK_GRAPH_VERSION;
const DAY = 24 * 60 * 60 * 1000;
const TAGS = new Set(['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE', 'HUMAN_AGENT']);

/** A Page-scoped id as Messenger makes them: digits. */
export const psid = () => String(BigInt(`0x${randomBytes(7).toString('hex')}`));

export interface MessengerCall {
  psid: string;
  messaging_type: string;
  tag: string | undefined;
  message: Record<string, unknown>;
  status: number;
}

const graphError = (message: string, code: number, subcode?: number, status = 400) => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      fbtrace_id: 'AbCdEf',
    },
  },
});

/**
 * The Messenger Platform's Send API as a Page uses it: `POST /{version}/me/messages?access_token=…&appsecret_proof=…`
 * with `{ recipient: { id: PSID }, messaging_type, tag?, message }`. Like the platform it knows who wrote to the
 * Page and when (`personWrote`), and refuses a RESPONSE more than 24 hours after the person's last message (code 10,
 * subcode 2018278) and a person it does not know (code 100, subcode 2018001). `failNext(n)` answers a temporary
 * error (code 2, status 500) n times. `webhook(...)` makes a signed Page webhook request.
 */
export async function startMessengerDouble(now: () => Date = () => new Date()) {
  const calls: MessengerCall[] = [];
  const lastWrote = new Map<string, number>();
  let failures = 0;

  const server = await startHttpDouble(async (request, url, response) => {
    if (request.method !== 'POST' || url.pathname !== `/${VERSION}/me/messages`) {
      return sendJson(response, 404, graphError('Unknown path components', 2500).body);
    }
    const token = url.searchParams.get('access_token');
    if (token !== PAGE_ACCESS_TOKEN)
      return sendJson(response, 400, graphError('Invalid OAuth access token.', 190).body);
    const proof = createHmac('sha256', MESSENGER_APP_SECRET).update(token).digest('hex');
    if (url.searchParams.get('appsecret_proof') !== proof) {
      return sendJson(response, 400, graphError('Invalid appsecret_proof provided in the API argument', 100).body);
    }
    const body = await readJson<Record<string, unknown>>(request);
    const recipient = (body?.recipient as { id?: string } | undefined)?.id ?? '';
    const call: MessengerCall = {
      psid: recipient,
      messaging_type: String(body?.messaging_type ?? ''),
      tag: body?.tag as string | undefined,
      message: (body?.message ?? {}) as Record<string, unknown>,
      status: 200,
    };
    const answer = (result: { status: number; body: unknown }) => {
      calls.push({ ...call, status: result.status });
      return sendJson(response, result.status, result.body);
    };
    if (failures > 0) {
      failures--;
      return answer(
        graphError('An unexpected error has occurred. Please retry your request later.', 2, undefined, 500),
      );
    }
    if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(call.messaging_type)) {
      return answer(graphError('(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}', 100));
    }
    if (call.messaging_type === 'MESSAGE_TAG' && !TAGS.has(call.tag ?? '')) {
      return answer(graphError('(#100) Param tag must be a valid message tag', 100));
    }
    const text = call.message.text;
    const image = (call.message.attachment as { type?: string; payload?: { url?: string } } | undefined)?.payload?.url;
    if ((typeof text !== 'string' || text.length === 0 || text.length > 2000) && !image) {
      return answer(graphError('(#100) Param message must contain text or an attachment', 100));
    }
    const wrote = lastWrote.get(recipient);
    if (wrote === undefined) return answer(graphError('(#100) No matching user found', 100, 2018001));
    if (call.messaging_type !== 'MESSAGE_TAG' && now().getTime() - wrote > DAY) {
      return answer(graphError('(#10) This message is sent outside of allowed window.', 10, 2018278));
    }
    return answer({
      status: 200,
      body: { recipient_id: recipient, message_id: `m_${randomBytes(12).toString('base64url')}` },
    });
  });

  return {
    env: {
      FACEBOOK_GRAPH_URL: `${server.origin}/${VERSION}`,
      FACEBOOK_APP_ID: '987654321012345',
      FACEBOOK_APP_SECRET: MESSENGER_APP_SECRET,
      FACEBOOK_PAGE_ID: PAGE_ID,
      FACEBOOK_PAGE_ACCESS_TOKEN: PAGE_ACCESS_TOKEN,
      FACEBOOK_VERIFY_TOKEN: MESSENGER_VERIFY_TOKEN,
    },
    calls,
    delivered: () => calls.filter((c) => c.status === 200),
    /** The person wrote to the Page at `at` (their 24-hour window opens). */
    personWrote(id: string, at: Date) {
      lastWrote.set(id, at.getTime());
    },
    failNext(count: number) {
      failures = count;
    },
    /**
     * The Page webhook's request for messaging events, signed with the app secret (X-Hub-Signature-256). The
     * platform knows the senders wrote to the Page: their window opens.
     */
    webhook(messaging: { sender: { id: string }; [key: string]: unknown }[], secret = MESSENGER_APP_SECRET) {
      for (const event of messaging) lastWrote.set(event.sender.id, now().getTime());
      const body = JSON.stringify({
        object: 'page',
        entry: [{ id: PAGE_ID, time: now().getTime(), messaging }],
      });
      const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
      return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } };
    },
    close: server.close,
  };
}

export type MessengerDouble = Awaited<ReturnType<typeof startMessengerDouble>>;
