import { messagingTexts } from '@sikkha/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FacebookPage, MessengerEvent } from '../../providers/facebook-messenger.js';
import type { LineClient, LineEvent } from '../../providers/line.js';
import { codeIn, type LinksService } from './links.service.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * What the shop does with LINE's webhook events (developers.line.biz/en/reference/messaging-api/#webhook-event-objects):
 * a code in a member's message links the account; follow and unfollow (which a block also sends) switch the link on
 * and off; joining a group logs the group's id, which staff set as LINE_STAFF_GROUP_ID. Anything else is for staff
 * to answer in LINE's own chat screen. A reply that fails is logged: the event itself has been handled.
 */
export function lineEvents(links: LinksService, line: LineClient, log: Log) {
  const reply = async (event: LineEvent, text: string) => {
    if (!event.replyToken) return;
    await line
      .reply(event.replyToken, [{ type: 'text', text }])
      .catch((error: unknown) => log.warn({ err: error }, 'a LINE reply failed'));
  };

  return async function handle(events: LineEvent[]) {
    for (const event of events) {
      const userId = event.source?.type === 'user' ? event.source.userId : undefined;
      switch (event.type) {
        case 'follow':
          if (userId && !(await links.following(userId, true))) await reply(event, messagingTexts.welcome.th);
          break;
        case 'unfollow':
          if (userId) await links.following(userId, false);
          break;
        case 'message': {
          const code = codeIn(event.message?.text);
          if (!userId || !code) break;
          const linked = await links.redeem('line', userId, code);
          await reply(event, (linked ? messagingTexts.linked : messagingTexts.codeUnknown).th);
          break;
        }
        case 'join':
          log.info(
            { groupId: event.source?.groupId },
            `The LINE official account joined group ${event.source?.groupId}: set LINE_STAFF_GROUP_ID to it to send group-code requests there`,
          );
          break;
        default:
          break;
      }
    }
  };
}

/** A Page webhook's body (object "page"): entries, each with its messaging events. */
export interface PageWebhook {
  object?: string;
  entry?: { messaging?: MessengerEvent[] }[];
}

/**
 * What the shop does with the Page's messaging events: every message from a person opens Messenger's 24-hour
 * window again for them; a code in a message, or carried by an m.me link (`referral.ref`), links the person.
 */
export function pageEvents(links: LinksService, page: FacebookPage, log: Log, now: () => Date) {
  return async function handle(body: PageWebhook) {
    if (body.object !== 'page') return;
    for (const entry of body.entry ?? []) {
      for (const event of entry.messaging ?? []) {
        const psid = event.sender?.id;
        if (!psid || event.message?.is_echo) continue;
        await links.heardFrom('facebook', psid, event.timestamp ? new Date(event.timestamp) : now());
        const code =
          codeIn(event.message?.text) ?? codeIn(event.referral?.ref) ?? codeIn(event.postback?.referral?.ref);
        if (!code) continue;
        const linked = await links.redeem('facebook', psid, code);
        await page
          .send(psid, { text: (linked ? messagingTexts.linked : messagingTexts.codeUnknown).th })
          .catch((error: unknown) => log.warn({ err: error }, 'a Messenger reply failed'));
      }
    }
  };
}
