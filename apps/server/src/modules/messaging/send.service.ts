import type { AudienceCount, DeliveryStatus, SendChannel } from '@sikkha/contract';
import { notFound } from '../../errors.js';
import { authorize, type SignedIn } from '../../policies/index.js';
import { type Recipients, recipientsOf } from './recipients.js';
import { FACEBOOK_WINDOW_MS } from './send-content.js';
import { type MessageInput, messageSender, type SenderDeps } from './send-message.js';
import { sentMessages } from './sent-messages.js';

export type SendDeps = Omit<SenderDeps, 'recipients'>;

/**
 * The Send screen (spec 2 §7 Messaging), staff's only: who a message reaches, sending it, and reading back what was
 * sent and to whom. Each use case lives in its own file; this one checks the right and puts them together.
 */
export function sendService(deps: SendDeps) {
  const { db, clock, config } = deps;
  const allowed = (actor: SignedIn) => authorize({ db, now: clock.now() }, actor, 'message.send', null);
  const recipients = recipientsOf(db);
  const sender = messageSender({ ...deps, recipients });
  const log = sentMessages(db);

  return {
    /** Writes the message and its delivery log, and enqueues the batches that send it; answers it with its progress. */
    async send(actor: SignedIn, channels: readonly SendChannel[], input: MessageInput) {
      await allowed(actor);
      const id = await sender(actor.id, channels, input);
      return (await log.views([id]))[0]!;
    },

    /** How many members the recipients are, and how many each channel reaches now. */
    async audience(actor: SignedIn, chosen: Recipients): Promise<AudienceCount> {
      await allowed(actor);
      await recipients.checkRecipients(chosen);
      const members = await recipients.addressed(db, chosen);
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

    async list(actor: SignedIn, page: { page: number; pageSize: number }) {
      await allowed(actor);
      return log.list(page);
    },

    async byId(actor: SignedIn, id: number) {
      await allowed(actor);
      const [found] = await log.views([id]);
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
      return log.deliveries(query);
    },
  };
}

export type SendService = ReturnType<typeof sendService>;
