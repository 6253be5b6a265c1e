import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readJson, sendJson, startHttpDouble } from './http-double.js';

export const LINE_ACCESS_TOKEN = 'line-test-channel-access-token-0123456789';
export const LINE_CHANNEL_SECRET = 'line-test-channel-secret-abcdef';
export const LINE_STAFF_GROUP = `C${'5'.repeat(32)}`;

/** A LINE user id as the platform makes them: U and 32 hex digits. */
export const lineUserId = () => `U${randomBytes(16).toString('hex')}`;

export interface LineCall {
  path: 'push' | 'multicast' | 'reply';
  to: string[];
  messages: Record<string, unknown>[];
  retryKey: string | undefined;
  /** What the double answered. */
  status: number;
}

const MESSAGE_TYPES = new Set(['text', 'image']);
const error = (message: string, details: { message: string; property: string }[] = []) =>
  details.length ? { message, details } : { message };

/** What LINE checks in a message object (developers.line.biz/en/reference/messaging-api/#message-objects). */
function messageProblems(messages: unknown): { message: string; property: string }[] {
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5) {
    return [{ message: 'Size must be between 1 and 5', property: 'messages' }];
  }
  return messages.flatMap((m: Record<string, unknown>, i) => {
    const at = (p: string) => `messages[${i}].${p}`;
    if (!MESSAGE_TYPES.has(String(m.type))) return [{ message: 'Invalid message type', property: at('type') }];
    if (m.type === 'text') {
      const text = m.text;
      return typeof text === 'string' && text.length > 0 && text.length <= 5000
        ? []
        : [{ message: 'Length must be between 1 and 5000', property: at('text') }];
    }
    return (['originalContentUrl', 'previewImageUrl'] as const).flatMap((p) => {
      const url = m[p];
      return typeof url === 'string' && url.startsWith('https://') && url.length <= 2000
        ? []
        : [{ message: 'must be a valid HTTPS URL', property: at(p) }];
    });
  });
}

/**
 * The LINE Messaging API endpoints the shop calls, as documented: push (`to` a user, group or room id), multicast
 * (`to` 1 to 500 user ids), reply (a reply token of a webhook event), each with the channel access token as a
 * bearer; push and multicast honour X-Line-Retry-Key (a UUID; a retry of an accepted request answers 409 with
 * X-Line-Accepted-Request-Id). `failNext(n, status)` makes the next n sends answer that status without sending;
 * `acceptButFail(n)` sends and still answers 500, as LINE warns can happen. `webhook(...)` makes a signed webhook
 * request with events from this channel, with reply tokens the double will take.
 */
export async function startLineDouble() {
  const calls: LineCall[] = [];
  const accepted = new Map<string, string>();
  const replyTokens = new Set<string>();
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  let acceptThenFail = 0;

  const server = await startHttpDouble(async (request, url, response) => {
    const path = /^\/v2\/bot\/message\/(push|multicast|reply)$/.exec(url.pathname)?.[1] as LineCall['path'] | undefined;
    if (request.method !== 'POST' || !path) return sendJson(response, 404, error('Not found'));
    if (request.headers.authorization !== `Bearer ${LINE_ACCESS_TOKEN}`) {
      return sendJson(
        response,
        401,
        error('Authentication failed. Confirm that the access token in the authorization header is valid.'),
      );
    }
    const body = (await readJson(request)) as Record<string, unknown> | undefined;
    if (!body) return sendJson(response, 400, error('The request body has 1 error(s)'));
    const retryKey = request.headers['x-line-retry-key'] as string | undefined;
    const record = (status: number, to: string[]) =>
      calls.push({ path, to, messages: body.messages as Record<string, unknown>[], retryKey, status });

    if (path === 'reply') {
      if (retryKey) return sendJson(response, 400, error('The retry key is not supported for this API'));
      const token = String(body.replyToken ?? '');
      if (!replyTokens.delete(token)) return sendJson(response, 400, error('Invalid reply token'));
      const problems = messageProblems(body.messages);
      if (problems.length) return sendJson(response, 400, error('The request body has 1 error(s)', problems));
      record(200, []);
      return sendJson(response, 200, { sentMessages: [{ id: String(Date.now()), quoteToken: randomUUID() }] });
    }

    if (retryKey !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(retryKey)) {
      return sendJson(response, 400, error("The value for the 'X-Line-Retry-Key' header is invalid"));
    }
    if (retryKey && accepted.has(retryKey)) {
      response.setHeader('x-line-accepted-request-id', accepted.get(retryKey)!);
      return sendJson(response, 409, error('The retry key is already accepted'));
    }
    const to = path === 'push' ? [body.to] : body.to;
    if (
      path === 'push'
        ? !/^[UCR][0-9a-f]{32}$/.test(String(body.to))
        : !Array.isArray(to) || to.length < 1 || to.length > 500
    ) {
      return sendJson(
        response,
        400,
        error('The request body has 1 error(s)', [{ message: 'invalid', property: 'to' }]),
      );
    }
    if (path === 'multicast' && !(to as unknown[]).every((id) => /^U[0-9a-f]{32}$/.test(String(id)))) {
      return sendJson(
        response,
        400,
        error('The request body has 1 error(s)', [{ message: 'invalid user id', property: 'to' }]),
      );
    }
    const problems = messageProblems(body.messages);
    if (problems.length)
      return sendJson(response, 400, error(`The request body has ${problems.length} error(s)`, problems));
    if (failures.left > 0) {
      failures.left--;
      record(failures.status, to as string[]);
      return sendJson(
        response,
        failures.status,
        error(failures.status === 429 ? 'You have reached your monthly limit.' : 'Internal server error'),
      );
    }
    const requestId = randomUUID();
    if (retryKey) accepted.set(retryKey, requestId);
    if (acceptThenFail > 0) {
      acceptThenFail--;
      record(500, to as string[]);
      return sendJson(response, 500, error('Internal server error'));
    }
    record(200, to as string[]);
    response.setHeader('x-line-request-id', requestId);
    return sendJson(
      response,
      200,
      path === 'push' ? { sentMessages: [{ id: String(Date.now()), quoteToken: randomUUID() }] } : {},
    );
  });

  return {
    env: {
      LINE_API_URL: server.origin,
      LINE_CHANNEL_ACCESS_TOKEN: LINE_ACCESS_TOKEN,
      LINE_CHANNEL_SECRET: LINE_CHANNEL_SECRET,
      LINE_BASIC_ID: '@sikkha-test',
      LINE_STAFF_GROUP_ID: LINE_STAFF_GROUP,
    },
    calls,
    /** The messages that reached people (accepted by the platform), with whom they reached. */
    delivered: () => calls.filter((c) => c.status === 200 && c.path !== 'reply'),
    replies: () => calls.filter((c) => c.path === 'reply'),
    failNext(count: number, status = 500) {
      failures = { left: count, status };
    },
    acceptButFail(count: number) {
      acceptThenFail = count;
    },
    /** A webhook request as LINE sends it: the JSON body and its X-Line-Signature, events with fresh reply tokens. */
    webhook(events: Record<string, unknown>[], secret = LINE_CHANNEL_SECRET) {
      const body = JSON.stringify({
        destination: `U${'0'.repeat(32)}`,
        events: events.map((event) => {
          const replyToken = randomBytes(16).toString('hex');
          replyTokens.add(replyToken);
          return {
            replyToken,
            mode: 'active',
            timestamp: Date.now(),
            webhookEventId: randomUUID(),
            deliveryContext: { isRedelivery: false },
            ...event,
          };
        }),
      });
      const signature = createHmac('sha256', secret).update(body).digest('base64');
      return { body, headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': signature } };
    },
    close: server.close,
  };
}

export type LineDouble = Awaited<ReturnType<typeof startLineDouble>>;
