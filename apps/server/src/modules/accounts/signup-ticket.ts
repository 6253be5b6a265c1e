import { createHash } from 'node:crypto';
import { accountMessages } from '@sikkha/contract';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.js';
import { badRequest } from '../../errors.js';
import type { SocialIdentity } from '../../providers/social/identity.js';
import type { SignupClaims } from './accounts.service.js';

export const SIGNUP_TICKET_SECONDS = 15 * 60;
const AUDIENCE = 'sikkha:signup';

/**
 * A sign-up ticket: proof, for 15 minutes, that Google or Facebook vouched for someone who has no account yet.
 * The register call takes it to set the social id (and agreement Y when the e-mail came from the provider).
 * Signed with a key derived from the server secret, never the session key, so a session token is no ticket
 * and a ticket is no session token.
 */
export function signupTickets(secret: string, clock: Clock) {
  const key = new Uint8Array(createHash('sha256').update(`sikkha:signup-ticket:${secret}`).digest());
  return {
    async issue(identity: SocialIdentity): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({
        purpose: 'signup',
        provider: identity.provider,
        email: identity.email,
        name_th: identity.name_th,
        lname_th: identity.lname_th,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'signup+jwt' })
        .setSubject(identity.providerId)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + SIGNUP_TICKET_SECONDS)
        .sign(key);
    },

    /** The claims of a good ticket; anything else is 400 with the social sign-in message. */
    async verify(ticket: string): Promise<SignupClaims> {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          typ: 'signup+jwt',
          currentDate: clock.now(),
          maxTokenAge: SIGNUP_TICKET_SECONDS,
        });
        const { purpose, provider, email, sub } = payload;
        if (purpose !== 'signup' || (provider !== 'google' && provider !== 'facebook') || typeof sub !== 'string') {
          throw new Error('not a sign-up ticket');
        }
        return { provider, providerId: sub, email: typeof email === 'string' ? email : null };
      } catch {
        throw badRequest(accountMessages.socialFailed);
      }
    },
  };
}

export type SignupTickets = ReturnType<typeof signupTickets>;
