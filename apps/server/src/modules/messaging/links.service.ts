import { createHash, randomInt } from 'node:crypto';
import { groupTypes, LINK_CODE_MINUTES, type LinkCode, linkCodePattern, type MessagingLinks } from '@sikkha/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { messagingLink, messagingLinkCode } from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { authorize, type SignedIn } from '../../policies/index.js';

type ChatChannel = (typeof groupTypes)[number];

export interface LinksDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  config: Pick<Config, 'line' | 'facebookPage'>;
}

/** The letters of link codes: none that read alike (0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code in what someone typed into a chat: the whole message, or a word of it, in any case. */
export function codeIn(text: string | undefined): string | undefined {
  return text
    ?.toUpperCase()
    .split(/\s+/)
    .find((word) => linkCodePattern.test(word));
}

/**
 * Ties a member's account to their chat account on the shop's LINE official account or Facebook Page. The member
 * asks the website for a short-lived code and sends it to the shop's account (LINE: a chat with the code typed in;
 * Messenger: an m.me link carrying it); the platform's webhook brings the code with the sender's id, which is then
 * the member's. Nothing else can tell the two accounts are one person's: LINE's user id and the Page-scoped id
 * differ from anything the website knows.
 */
export function linksService({ db, clock, transact, config }: LinksDeps) {
  const available = (channel: ChatChannel) =>
    channel === 'line' ? Boolean(config.line) : Boolean(config.facebookPage);
  const allowed = (actor: SignedIn) => authorize({ db, now: clock.now() }, actor, 'chat.link', null);

  async function links(memberId: number): Promise<MessagingLinks> {
    const rows = await db.select().from(messagingLink).where(eq(messagingLink.user_id, memberId));
    return {
      channels: groupTypes.map((channel) => {
        const row = rows.find((r) => r.channel === channel && r.active === 'Y');
        return { channel, available: available(channel), linked: Boolean(row), linked_at: row?.update_at ?? null };
      }),
    };
  }

  return {
    /** A new code for the member (the previous one stops working), and the links that carry it to the shop. */
    async code(actor: SignedIn): Promise<LinkCode> {
      await allowed(actor);
      const code = `LINK-${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
      const expire = new Date(clock.now().getTime() + LINK_CODE_MINUTES * 60_000).toISOString();
      await db
        .insert(messagingLinkCode)
        .values({ user_id: actor.id, code_hash: hashOf(code), expire_at: expire })
        .onConflictDoUpdate({ target: messagingLinkCode.user_id, set: { code_hash: hashOf(code), expire_at: expire } });
      const basicId = config.line?.basicId;
      return {
        code,
        expire_at: expire,
        line_url: basicId
          ? `https://line.me/R/oaMessage/${encodeURIComponent(basicId)}/?${encodeURIComponent(code)}`
          : null,
        facebook_url: config.facebookPage ? `https://m.me/${config.facebookPage.pageId}?ref=${code}` : null,
      };
    },

    async links(actor: SignedIn) {
      await allowed(actor);
      return links(actor.id);
    },

    async unlink(actor: SignedIn, channel: ChatChannel) {
      await allowed(actor);
      await db
        .delete(messagingLink)
        .where(and(eq(messagingLink.user_id, actor.id), eq(messagingLink.channel, channel)));
      return links(actor.id);
    },

    /**
     * A code sent from a chat account: ties that account to the code's member and spends the code. One chat
     * account is one member's: linking it again moves it to the new code's member. False for an unknown or expired
     * code.
     */
    async redeem(channel: ChatChannel, externalId: string, code: string): Promise<boolean> {
      const now = clock.now().toISOString();
      return transact(async (work) => {
        const [found] = await work.db
          .delete(messagingLinkCode)
          .where(and(eq(messagingLinkCode.code_hash, hashOf(code)), gt(messagingLinkCode.expire_at, now)))
          .returning({ user_id: messagingLinkCode.user_id });
        if (!found) return false;
        await work.db
          .delete(messagingLink)
          .where(and(eq(messagingLink.channel, channel), eq(messagingLink.external_id, externalId)));
        await work.db
          .insert(messagingLink)
          .values({
            user_id: found.user_id,
            channel,
            external_id: externalId,
            active: 'Y',
            last_inbound_at: now,
            create_at: now,
            update_at: now,
          })
          .onConflictDoUpdate({
            target: [messagingLink.user_id, messagingLink.channel],
            set: { external_id: externalId, active: 'Y', last_inbound_at: now, update_at: now },
          });
        return true;
      });
    },

    /** The chat account wrote to the shop at `at` (Messenger's 24-hour window opens again). */
    async heardFrom(channel: ChatChannel, externalId: string, at: Date) {
      await db
        .update(messagingLink)
        .set({ last_inbound_at: at.toISOString() })
        .where(and(eq(messagingLink.channel, channel), eq(messagingLink.external_id, externalId)));
    },

    /** LINE's follow (Y) and unfollow or block (N): a blocked account is not counted as reachable. */
    async following(externalId: string, active: boolean) {
      const updated = await db
        .update(messagingLink)
        .set({ active: active ? 'Y' : 'N', update_at: clock.now().toISOString() })
        .where(and(eq(messagingLink.channel, 'line'), eq(messagingLink.external_id, externalId)))
        .returning({ id: messagingLink.id });
      return updated.length > 0;
    },
  };
}

export type LinksService = ReturnType<typeof linksService>;
