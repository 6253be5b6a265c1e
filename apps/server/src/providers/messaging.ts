import { groupTypes } from '@sikkha/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { messageOutbox } from '../db/schema/index.js';

export const channelMessageSchema = z.object({
  /** Where it goes: the shop's LINE or Facebook channel (a course group's type). */
  channel: z.enum(groupTypes),
  text: z.string().min(1).max(5000),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

/**
 * Sends one message to a channel now, or throws. Services do not call it: they enqueue the `messaging.send` job
 * in their unit of work (`jobs/messaging.job.ts`), whose runs retry a failed send. The real LINE Messaging API and
 * Facebook adapters implement the same call.
 */
export interface Messenger {
  send(message: ChannelMessage): Promise<void>;
}

/** The embedded default: every message kept in `messageOutbox` and written to the log, for staff to read. */
export function outboxMessenger(db: Db, log: Pick<FastifyBaseLogger, 'info'>): Messenger {
  return {
    async send(message) {
      await db.insert(messageOutbox).values({ channel: message.channel, text: message.text, status: 'outbox' });
      log.info(
        { channel: message.channel },
        `Message kept in the outbox (no ${message.channel} channel set):\n${message.text}`,
      );
    },
  };
}
