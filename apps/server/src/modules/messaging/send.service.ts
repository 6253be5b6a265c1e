import { randomUUID } from 'node:crypto';
import {
  type AudienceCount,
  type DeliveryStatus,
  type FacebookTag,
  LINE_MULTICAST_MAX,
  message,
  messagingTexts,
  type SendAudience,
  type SendChannel,
  type SentMessage,
  sendChannels,
} from '@sikkha/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import {
  broadcast,
  broadcastDelivery,
  messagingLink,
  orders,
  ordersDetail,
  personnel,
  product,
  upload,
  user,
} from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { AppError, notFound } from '../../errors.js';
import type { Jobs } from '../../jobs/jobs.js';
import { deliverBroadcast } from '../../jobs/send.job.js';
import { authorize, type SignedIn } from '../../policies/index.js';
import type { Storage } from '../../providers/storage.js';
import { FACEBOOK_WINDOW_MS, previewOf, SEND_IMAGE } from './send-content.js';

export interface SendDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
  storage: Storage;
  config: Pick<Config, 'line' | 'facebookPage'>;
}

export interface Recipients {
  audience: SendAudience;
  product_id?: number | null | undefined;
  user_ids?: number[] | null | undefined;
}

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

/**
 * The Send screen (spec 2 §7 Messaging): a message is written with its delivery log in one unit of work, one row
 * per member and channel, and sent by jobs in batches; the log is what staff read back.
 */
export function sendService({ db, clock, transact, jobs, storage, config }: SendDeps) {
  const allowed = (actor: SignedIn) => authorize({ db, now: clock.now() }, actor, 'message.send', null);

  /** The members a choice of recipients means. */
  function recipientIds(recipients: Recipients): SQL | undefined {
    switch (recipients.audience) {
      case 'all':
        return undefined;
      case 'course':
        return inArray(
          user.id,
          db
            .selectDistinct({ id: orders.user_id })
            .from(orders)
            .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
            .where(and(eq(orders.orders_status, 'finish'), eq(ordersDetail.product_id, recipients.product_id ?? 0))),
        );
      case 'members':
        return inArray(user.id, recipients.user_ids?.length ? recipients.user_ids : [0]);
      default:
        return recipients.audience satisfies never;
    }
  }

  const linked = (channel: 'line' | 'facebook') =>
    db
      .select({
        user_id: messagingLink.user_id,
        external_id: messagingLink.external_id,
        last: messagingLink.last_inbound_at,
      })
      .from(messagingLink)
      .where(and(eq(messagingLink.channel, channel), eq(messagingLink.active, 'Y')))
      .as(channel);

  /** Each recipient with where each channel reaches them. */
  async function addressed(executor: Executor, recipients: Recipients) {
    const line = linked('line');
    const facebook = linked('facebook');
    return executor
      .select({
        id: user.id,
        email: user.email,
        line: line.external_id,
        facebook: facebook.external_id,
        last: facebook.last,
      })
      .from(user)
      .leftJoin(line, eq(line.user_id, user.id))
      .leftJoin(facebook, eq(facebook.user_id, user.id))
      .where(recipientIds(recipients))
      .orderBy(user.id);
  }

  async function checkRecipients(recipients: Recipients) {
    if (recipients.audience !== 'course') return;
    const [course] = await db
      .select({ id: product.id })
      .from(product)
      .where(eq(product.id, recipients.product_id ?? 0));
    if (!course) throw new AppError('BAD_REQUEST', message('badReference'));
  }

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
    member: Awaited<ReturnType<typeof addressed>>[number],
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
  async function send(actor: SignedIn, channels: readonly SendChannel[], input: MessageInput): Promise<SentMessage> {
    await allowed(actor);
    checkChannels(channels);
    await checkRecipients(input);
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
          create_by: actor.id,
          create_at: at,
          update_at: at,
        })
        .returning({ id: broadcast.id });
      const members = await addressed(work.db, input);
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
    return (await views([id]))[0]!;
  }

  /** Messages with their sender, course and per-channel counts, in the order of `ids`. */
  async function views(ids: number[]): Promise<SentMessage[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        row: broadcast,
        product_title: product.product_title,
        personnel_username: personnel.username,
      })
      .from(broadcast)
      .leftJoin(product, eq(product.id, broadcast.product_id))
      .leftJoin(personnel, eq(personnel.id, broadcast.create_by))
      .where(inArray(broadcast.id, ids));
    const counts = await db
      .select({
        broadcast_id: broadcastDelivery.broadcast_id,
        channel: broadcastDelivery.channel,
        status: broadcastDelivery.status,
        n: count(),
      })
      .from(broadcastDelivery)
      .where(inArray(broadcastDelivery.broadcast_id, ids))
      .groupBy(broadcastDelivery.broadcast_id, broadcastDelivery.channel, broadcastDelivery.status);
    const byId = new Map(rows.map((r) => [r.row.id, r]));
    return ids.flatMap((id) => {
      const found = byId.get(id);
      if (!found) return [];
      const { row } = found;
      return [
        {
          id: row.id,
          text: row.text,
          image: row.image,
          audience: row.audience,
          product_id: row.product_id,
          product_title: found.product_title,
          channels: row.channels,
          facebook_tag: row.facebook_tag,
          create_by: row.create_by,
          personnel_username: found.personnel_username,
          create_at: row.create_at,
          progress: row.channels.map((channel) => {
            const of = (status: DeliveryStatus) =>
              counts.find((c) => c.broadcast_id === id && c.channel === channel && c.status === status)?.n ?? 0;
            return { channel, queued: of('queued'), sent: of('sent'), failed: of('failed'), skipped: of('skipped') };
          }),
        },
      ];
    });
  }

  return {
    send,

    /** How many members the recipients are, and how many each channel reaches now. */
    async audience(actor: SignedIn, recipients: Recipients): Promise<AudienceCount> {
      await allowed(actor);
      await checkRecipients(recipients);
      const members = await addressed(db, recipients);
      const since = clock.now().getTime() - FACEBOOK_WINDOW_MS;
      return {
        members: members.length,
        line: members.filter((m) => m.line).length,
        facebook: members.filter((m) => m.facebook).length,
        facebookWindow: members.filter((m) => m.facebook && m.last && new Date(m.last).getTime() > since).length,
        email: members.filter((m) => m.email).length,
        available: { line: Boolean(config.line), facebook: Boolean(config.facebookPage) },
      };
    },

    async list(actor: SignedIn, { page, pageSize }: { page: number; pageSize: number }) {
      await allowed(actor);
      const [ids, [total]] = await Promise.all([
        db
          .select({ id: broadcast.id })
          .from(broadcast)
          .orderBy(desc(broadcast.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(broadcast),
      ]);
      return { rows: await views(ids.map((r) => r.id)), total: total?.n ?? 0 };
    },

    async byId(actor: SignedIn, id: number) {
      await allowed(actor);
      const [found] = await views([id]);
      if (!found) throw notFound();
      return found;
    },

    /** The delivery log of one message, member by member. */
    async deliveries(
      actor: SignedIn,
      query: {
        id: number;
        channel?: SendChannel | undefined;
        status?: DeliveryStatus | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      await allowed(actor);
      const [exists] = await db.select({ id: broadcast.id }).from(broadcast).where(eq(broadcast.id, query.id));
      if (!exists) throw notFound();
      const where = and(
        eq(broadcastDelivery.broadcast_id, query.id),
        query.channel ? eq(broadcastDelivery.channel, query.channel) : undefined,
        query.status ? eq(broadcastDelivery.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: broadcastDelivery.id,
            user_id: broadcastDelivery.user_id,
            email: user.email,
            name: sql<string | null>`nullif(trim(concat_ws(' ', ${user.name_th}, ${user.lname_th})), '')`,
            channel: broadcastDelivery.channel,
            status: broadcastDelivery.status,
            reason: broadcastDelivery.reason,
            attempts: broadcastDelivery.attempts,
            update_at: broadcastDelivery.update_at,
          })
          .from(broadcastDelivery)
          .leftJoin(user, eq(user.id, broadcastDelivery.user_id))
          .where(where)
          .orderBy(broadcastDelivery.id)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(broadcastDelivery).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type SendService = ReturnType<typeof sendService>;
