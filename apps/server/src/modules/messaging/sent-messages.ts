import type { DeliveryStatus, SendChannel, SentMessage } from '@sikkha/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { broadcast, broadcastDelivery, personnel, product, user } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';

/** What staff read back: the messages sent, with their counts per channel, and each message's delivery log. */
export function sentMessages(db: Db) {
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
    views,

    async list({ page, pageSize }: { page: number; pageSize: number }) {
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

    /** The delivery log of one message, member by member. */
    async deliveries(query: {
      id: number;
      channel?: SendChannel | undefined;
      status?: DeliveryStatus | undefined;
      page: number;
      pageSize: number;
    }) {
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
