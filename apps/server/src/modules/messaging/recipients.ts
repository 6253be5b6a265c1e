import { message, type SendAudience } from '@sikkha/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { buyersOf } from '../../db/purchases.js';
import { messagingLink, product, user } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export interface Recipients {
  audience: SendAudience;
  product_id?: number | null | undefined;
  user_ids?: number[] | null | undefined;
}

/** Who a message goes to: the members a choice of recipients means, and where each channel reaches them. */
export function recipientsOf(db: Db) {
  /** The members a choice of recipients means. */
  function recipientIds(recipients: Recipients): SQL | undefined {
    switch (recipients.audience) {
      case 'all':
        return undefined;
      case 'course':
        return inArray(user.id, buyersOf(db, recipients.product_id ?? 0));
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

  /** A course chosen as the audience must exist. */
  async function checkRecipients(recipients: Recipients) {
    if (recipients.audience !== 'course') return;
    const [course] = await db
      .select({ id: product.id })
      .from(product)
      .where(eq(product.id, recipients.product_id ?? 0));
    if (!course) throw new AppError('BAD_REQUEST', message('badReference'));
  }

  return { addressed, checkRecipients };
}

export type Addressed = Awaited<ReturnType<ReturnType<typeof recipientsOf>['addressed']>>[number];
