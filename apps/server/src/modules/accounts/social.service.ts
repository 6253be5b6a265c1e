import type { CurrentUser } from '@sikkha/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema/index.js';
import type { SocialIdentity } from '../../providers/social/identity.js';
import type { AccountsService } from './accounts.service.js';
import type { SignupTickets } from './signup-ticket.js';

export type SocialOutcome =
  | { kind: 'session'; session: { token: string; expiresAt: string }; user: CurrentUser }
  | { kind: 'signup'; ticket: string; identity: SocialIdentity };

/**
 * Spec 1 §4 Social sign-in: the account with this social id, else the account with the address the provider
 * vouched for (which then gets the social id), signs in; nobody found means a sign-up ticket for the register
 * dialog.
 */
export function socialService({
  db,
  clock,
  accounts,
  tickets,
}: {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  tickets: SignupTickets;
}) {
  return {
    async signIn(identity: SocialIdentity): Promise<SocialOutcome> {
      const idColumn = identity.provider === 'google' ? user.google_id : user.facebook_id;
      let [found] = await db.select({ id: user.id }).from(user).where(eq(idColumn, identity.providerId)).limit(1);
      if (!found && identity.email) {
        [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, identity.email)).limit(1);
        if (found) {
          // Link, but never overwrite a link the account already has to another id of the same provider.
          await db
            .update(user)
            .set({
              [identity.provider === 'google' ? 'google_id' : 'facebook_id']: identity.providerId,
              update_at: clock.now().toISOString(),
            })
            .where(and(eq(user.id, found.id), isNull(idColumn)));
        }
      }
      if (found) {
        const { session, user: current } = await accounts.startMemberSession(found.id);
        return { kind: 'session', session, user: current };
      }
      return { kind: 'signup', ticket: await tickets.issue(identity), identity };
    },
  };
}

export type SocialService = ReturnType<typeof socialService>;
