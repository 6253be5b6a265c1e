import { randomUUID } from 'node:crypto';
import {
  type DeliveryStatus,
  type FacebookTag,
  LINE_MULTICAST_MAX,
  messagingTexts,
  type SendChannel,
  sendChannels,
} from '@sikkha/contract';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { broadcast, broadcastDelivery, upload } from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';
import type { Jobs } from '../../jobs/jobs.js';
import { deliverBroadcast } from '../../jobs/send.job.js';
import type { Storage } from '../../providers/storage.js';
import type { Addressed, Recipients, recipientsOf } from './recipients.js';
import { previewOf, SEND_IMAGE } from './send-content.js';

export interface MessageInput extends Recipients {
  text: string;
  image?: string | null | undefined;
  facebook_tag?: FacebookTag | null | undefined;
}

/** How many deliveries one job covers: a LINE multicast takes 500; mail and Messenger go one by one. */
const BATCH: Record<SendChannel, number> = { noti: 500, line: LINE_MULTICAST_MAX, facebook: 20, email: 20 };
/** Delivery rows are written this many at a time. */
const INSERT_CHUNK = 1000;

const badRequest = (text: { th: string }) => new AppError('BAD_REQUEST', text.th);

const chunks = <T>(list: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export interface SenderDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
  storage: Storage;
  config: Pick<Config, 'line' | 'facebookPage'>;
  recipients: ReturnType<typeof recipientsOf>;
}

/**
 * Sending a message: checked (channels set up, the course, the picture), then written with its delivery log in one
 * unit of work, one row per member and channel, and the batches that send it enqueued. Answers the message's id.
 */
export function messageSender({ db, clock, transact, jobs, storage, config, recipients }: SenderDeps) {
  /** Refuses a channel the shop has not set up, rather than logging every member as failed. */
  function checkChannels(channels: readonly SendChannel[]) {
    for (const channel of channels) {
      if ((channel === 'line' && !config.line) || (channel === 'facebook' && !config.facebookPage)) {
        throw badRequest(messagingTexts.channelOff);
      }
    }
  }

  /** The picture must be one staff uploaded for sending; LINE also needs a small preview of it. */
  async function checkImage(image: string | null | undefined, channels: readonly SendChannel[]) {
    if (!image) return;
    const [row] = await db
      .select({ id: upload.id })
      .from(upload)
      .where(and(eq(upload.upload_kind, SEND_IMAGE.endpoint), eq(upload.upload_name, image)));
    if (!row) throw badRequest(messagingTexts.imageUnknown);
    if (channels.includes('line')) await previewOf(storage, image);
  }

  function deliveryRow(
    broadcastId: number,
    channel: SendChannel,
    member: Addressed,
  ): typeof broadcastDelivery.$inferInsert {
    const row = (address: string | null, skipped?: { th: string }) => ({
      broadcast_id: broadcastId,
      user_id: member.id,
      channel,
      address,
      status: (skipped ? 'skipped' : 'queued') as DeliveryStatus,
      reason: skipped?.th ?? null,
    });
    switch (channel) {
      case 'noti':
        return row(null);
      case 'line':
        return member.line ? row(member.line) : row(null, messagingTexts.notLinkedLine);
      case 'facebook':
        return member.facebook ? row(member.facebook) : row(null, messagingTexts.notLinkedFacebook);
      case 'email':
        return member.email ? row(member.email) : row(null, messagingTexts.noEmail);
      default:
        return channel satisfies never;
    }
  }

  /** Writes the message and its delivery log, and enqueues the batches that send it; answers it with its progress. */
  return async function send(staffId: number, channels: readonly SendChannel[], input: MessageInput) {
    checkChannels(channels);
    await recipients.checkRecipients(input);
    await checkImage(input.image, channels);
    const ordered = sendChannels.filter((c) => channels.includes(c));
    const id = await transact(async (work) => {
      const at = clock.now().toISOString();
      const [made] = await work.db
        .insert(broadcast)
        .values({
          text: input.text,
          image: input.image ?? null,
          audience: input.audience,
          product_id: input.audience === 'course' ? (input.product_id ?? null) : null,
          channels: ordered,
          facebook_tag: ordered.includes('facebook') ? (input.facebook_tag ?? null) : null,
          create_by: staffId,
          create_at: at,
          update_at: at,
        })
        .returning({ id: broadcast.id });
      const members = await recipients.addressed(work.db, input);
      if (members.length === 0) throw badRequest(messagingTexts.noRecipients);
      const rows = ordered.flatMap((channel) => members.map((m) => deliveryRow(made!.id, channel, m)));
      for (const part of chunks(rows, INSERT_CHUNK)) {
        await work.db.insert(broadcastDelivery).values(part.map((r) => ({ ...r, update_at: at })));
      }
      for (const channel of ordered) {
        const queued = await work.db
          .select({ id: broadcastDelivery.id })
          .from(broadcastDelivery)
          .where(
            and(
              eq(broadcastDelivery.broadcast_id, made!.id),
              eq(broadcastDelivery.channel, channel),
              eq(broadcastDelivery.status, 'queued'),
            ),
          )
          .orderBy(broadcastDelivery.id);
        for (const batch of chunks(queued, BATCH[channel])) {
          await jobs.enqueue(work, deliverBroadcast, {
            broadcast_id: made!.id,
            channel,
            deliveries: batch.map((d) => d.id),
            retry_key: randomUUID(),
          });
        }
      }
      return made!.id;
    });
    return id;
  };
}
