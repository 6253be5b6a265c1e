import { messagingTexts } from '@sikkha/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { notify } from '../../db/notify.js';
import { broadcast, broadcastDelivery, messagingLink } from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import type { RunningJob } from '../../jobs/runner.js';
import { deliverBroadcast } from '../../jobs/send.job.js';
import type { FacebookPage } from '../../providers/facebook-messenger.js';
import type { LineClient } from '../../providers/line.js';
import type { Mailer } from '../../providers/mail.js';
import { PlatformError } from '../../providers/platform-error.js';
import { broadcastMail, type Content, FACEBOOK_WINDOW_MS, lineMessages, messengerMessages } from './send-content.js';

export interface DeliverDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  mailer: Mailer;
  line: LineClient | undefined;
  facebook: FacebookPage | undefined;
  publicUrl: string;
}

type Payload = z.infer<typeof deliverBroadcast.payload>;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Whether trying again may help: a platform's own verdict, or for mail the SMTP reply (5xx is permanent, as
 * RFC 5321 says; no reply at all is a network problem).
 */
function retryable(error: unknown): boolean {
  if (error instanceof PlatformError) return error.retryable;
  const smtpCode = (error as { responseCode?: number }).responseCode;
  return !(typeof smtpCode === 'number' && smtpCode >= 500);
}

/**
 * Runs one batch of a message over one channel (the `send.deliver` job). Only deliveries still queued are sent, so
 * a retried batch never repeats a member it reached. A failure that may pass keeps the delivery queued with the
 * reason and fails the job, whose queue tries again later; on the last attempt, or for a refusal that will not
 * pass, the delivery is marked failed with the reason.
 */
export function deliverer({ db, clock, transact, mailer, line, facebook, publicUrl }: DeliverDeps) {
  async function settle(
    ids: number[],
    values: { status: 'sent' | 'failed' | 'skipped' | 'queued'; reason?: string | null },
  ) {
    if (ids.length === 0) return;
    await db
      .update(broadcastDelivery)
      .set({
        status: values.status,
        reason: values.reason ?? null,
        attempts: sql`${broadcastDelivery.attempts} + 1`,
        update_at: clock.now().toISOString(),
      })
      .where(and(inArray(broadcastDelivery.id, ids), eq(broadcastDelivery.status, 'queued')));
  }

  /**
   * A failure of some deliveries: kept queued for the next try while one is left, failed otherwise. Answers whether
   * the job should fail too, so that the queue tries again (or, after the last try, shows the job dead).
   */
  async function failed(ids: number[], error: unknown, job: RunningJob) {
    const again = retryable(error);
    const last = job.attempt >= deliverBroadcast.maxAttempts || !again;
    await settle(ids, { status: last ? 'failed' : 'queued', reason: reasonOf(error) });
    return again;
  }

  return async function deliver(payload: Payload, job: RunningJob) {
    const rows = await db
      .select({ id: broadcastDelivery.id, user_id: broadcastDelivery.user_id, address: broadcastDelivery.address })
      .from(broadcastDelivery)
      .where(and(inArray(broadcastDelivery.id, payload.deliveries), eq(broadcastDelivery.status, 'queued')))
      .orderBy(broadcastDelivery.id);
    if (rows.length === 0) return;
    const [message] = await db.select().from(broadcast).where(eq(broadcast.id, payload.broadcast_id));
    if (!message) return;
    const content: Content = { text: message.text, image: message.image, publicUrl };
    // A member deleted since the message was written is nobody to send to.
    await settle(
      rows.filter((r) => r.user_id === null).map((r) => r.id),
      { status: 'skipped', reason: messagingTexts.memberGone.th },
    );
    const members = rows.filter((r): r is (typeof rows)[number] & { user_id: number } => r.user_id !== null);
    if (members.length === 0) return;
    const ids = members.map((r) => r.id);

    switch (payload.channel) {
      case 'noti': {
        // The notifications and the log change together: a rerun finds nothing queued and adds none twice.
        await transact(async (work) => {
          const now = clock.now();
          await notify(
            work,
            members.map((r) => ({
              user_id: r.user_id,
              icon: 'campaign',
              color: 'primary',
              message: message.text,
              image: message.image,
              by: message.create_by,
            })),
            now,
          );
          await work.db
            .update(broadcastDelivery)
            .set({
              status: 'sent',
              reason: null,
              attempts: sql`${broadcastDelivery.attempts} + 1`,
              update_at: now.toISOString(),
            })
            .where(inArray(broadcastDelivery.id, ids));
        });
        return;
      }

      case 'line': {
        if (!line) {
          await settle(ids, { status: 'failed', reason: messagingTexts.channelOff.th });
          return;
        }
        const to = members.map((r) => r.address!).filter(Boolean);
        try {
          // One person: a push; several: one multicast of up to 500. Either way the batch's retry key.
          if (to.length === 1) await line.push(to[0]!, lineMessages(content), payload.retry_key);
          else await line.multicast(to, lineMessages(content), payload.retry_key);
        } catch (error) {
          if (await failed(ids, error, job)) throw error;
          return;
        }
        await settle(ids, { status: 'sent' });
        return;
      }

      case 'facebook': {
        if (!facebook) {
          await settle(ids, { status: 'failed', reason: messagingTexts.channelOff.th });
          return;
        }
        const windows = await db
          .select({ external_id: messagingLink.external_id, last: messagingLink.last_inbound_at })
          .from(messagingLink)
          .where(
            and(
              eq(messagingLink.channel, 'facebook'),
              inArray(
                messagingLink.external_id,
                members.map((r) => r.address!),
              ),
            ),
          );
        const since = clock.now().getTime() - FACEBOOK_WINDOW_MS;
        const open = new Set(
          windows.filter((w) => w.last && new Date(w.last).getTime() > since).map((w) => w.external_id),
        );
        let later: unknown;
        for (const row of members) {
          if (!message.facebook_tag && !open.has(row.address!)) {
            await settle([row.id], { status: 'skipped', reason: messagingTexts.outsideWindow.th });
            continue;
          }
          try {
            for (const part of messengerMessages(content))
              await facebook.send(row.address!, part, message.facebook_tag);
            await settle([row.id], { status: 'sent' });
          } catch (error) {
            if (await failed([row.id], error, job)) later = error;
          }
        }
        if (later) throw later;
        return;
      }

      case 'email': {
        let later: unknown;
        for (const row of members) {
          try {
            await mailer.send(broadcastMail(row.address!, content));
            await settle([row.id], { status: 'sent' });
          } catch (error) {
            if (await failed([row.id], error, job)) later = error;
          }
        }
        if (later) throw later;
        return;
      }

      default:
        return payload.channel satisfies never;
    }
  };
}
