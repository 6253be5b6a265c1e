import { createHash } from 'node:crypto';
import { groupTypes } from '@sikkha/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { messageOutbox } from '../db/schema/index.js';
import { type LineSettings, lineClient } from './line.js';

export const channelMessageSchema = z.object({
  /** Which kind of course group it is about: its LINE or Facebook group (a course group's type). */
  channel: z.enum(groupTypes),
  text: z.string().min(1).max(5000),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

/**
 * Sends one message to the shop's staff channel now, or throws. Services do not call it: they enqueue the
 * `messaging.send` job in their unit of work (`jobs/messaging.job.ts`), whose runs retry a failed send. `key` names
 * the send for good (the job): a retry of the same key is never delivered twice.
 */
export interface Messenger {
  send(message: ChannelMessage, key: string): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * The embedded default: every message kept in `messageOutbox` for staff to read, and its text written to the log when
 * `logContent` (never in production: a group-code request names a member).
 */
export function outboxMessenger(db: Db, log: Pick<FastifyBaseLogger, 'info'>, logContent = false): Messenger {
  return {
    async send(message) {
      await db.insert(messageOutbox).values({ channel: message.channel, text: message.text, status: 'outbox' });
      const kept = `Message kept in the outbox (no ${message.channel} channel set)`;
      log.info({ channel: message.channel }, logContent ? `${kept}:\n${message.text}` : kept);
    },
  };
}

/** A UUID made from a key, so every retry of one send presents LINE the same X-Line-Retry-Key. */
export function retryKeyOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Group-code requests pushed to the staff's LINE group through the shop's official account, for both kinds of
 * course group: Facebook closed its Groups API in 2024, so nothing can write to a Facebook group's admins, and
 * staff approve Facebook codes from the back office (docs/MESSAGING.md). Each attempt is logged in `messageOutbox`.
 */
export function lineGroupMessenger(
  line: Pick<LineSettings, 'apiUrl' | 'accessToken'> & { staffGroupId: string },
  db: Db,
  log: Log,
): Messenger {
  const client = lineClient(line);
  return {
    async send(message, key) {
      try {
        await client.push(
          line.staffGroupId,
          [{ type: 'text', text: message.text }],
          retryKeyOf(`${key}:${message.text}`),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .insert(messageOutbox)
          .values({ channel: message.channel, text: message.text, status: 'failed', error: reason });
        log.warn({ channel: message.channel, err: error }, 'A message to the staff LINE group could not be sent');
        throw error;
      }
      await db.insert(messageOutbox).values({ channel: message.channel, text: message.text, status: 'sent' });
    },
  };
}

/** The staff LINE group when the official account and its group are set, otherwise the outbox. */
export function createMessenger(
  line: (Pick<LineSettings, 'apiUrl' | 'accessToken'> & { staffGroupId?: string | undefined }) | undefined,
  db: Db,
  log: Log,
  logContent = false,
): Messenger {
  return line?.staffGroupId
    ? lineGroupMessenger({ ...line, staffGroupId: line.staffGroupId }, db, log)
    : outboxMessenger(db, log, logContent);
}
