import { accountMessages, message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { facebookVerifier } from '../../providers/social/facebook.js';
import { googleVerifier } from '../../providers/social/google.js';
import type { VerifySocial } from '../../providers/social/identity.js';
import type { AccountsService } from './accounts.service.js';
import type { SignupTickets } from './signup-ticket.js';
import { type SocialOutcome, socialService } from './social.service.js';

const tags = ['accounts'];
const errors = errorResponses;

export interface SocialDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'google' | 'facebook'>;
  accounts: AccountsService;
  tickets: SignupTickets;
}

/** Google and Facebook sign-in, and the public settings the web needs to show their buttons. */
export function registerSocialRoutes(app: FastifyInstance, { db, clock, config, accounts, tickets }: SocialDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const social = socialService({ db, clock, accounts, tickets });
  const google = config.google ? googleVerifier(config.google, clock) : undefined;
  const facebook = config.facebook ? facebookVerifier(config.facebook) : undefined;

  const answer = (outcome: SocialOutcome) => {
    if (outcome.kind === 'session') {
      return { result: true, data: outcome.session, message: 'Login', user: outcome.user };
    }
    const { identity, ticket } = outcome;
    const noEmail = identity.provider === 'facebook' && identity.email === null;
    return {
      result: true,
      data: {
        signup: {
          ticket,
          provider: identity.provider,
          email: identity.email,
          name_th: identity.name_th,
          lname_th: identity.lname_th,
        },
      },
      // The web opens the register dialog, or first asks for an address when Facebook gave none.
      message: noEmail ? accountMessages.facebookNoEmail : message('ok'),
    };
  };

  const signInWith = async (verify: VerifySocial | undefined, off: string, token: string, log: typeof app.log) => {
    if (!verify) throw new AppError('NOT_FOUND', off);
    return answer(await social.signIn(await verify(token, log)));
  };

  api.post(
    '/api/loginGoogle',
    {
      schema: {
        tags,
        summary: 'Sign in with a Google ID token: a session, or a sign-up ticket when no account matches',
        body: routes.loginGoogle.body,
        response: { 200: routes.loginGoogle.response, ...errors },
      },
    },
    (request) => signInWith(google, accountMessages.googleOff, request.body.credential, request.log),
  );

  api.post(
    '/api/loginFacebook',
    {
      schema: {
        tags,
        summary: 'Sign in with a Facebook access token: a session, or a sign-up ticket when no account matches',
        body: routes.loginFacebook.body,
        response: { 200: routes.loginFacebook.response, ...errors },
      },
    },
    (request) => signInWith(facebook, accountMessages.facebookOff, request.body.accessToken, request.log),
  );

  const settings = {
    googleClientId: config.google?.clientId ?? null,
    facebookAppId: config.facebook?.appId ?? null,
  };
  api.get(
    '/api/settings',
    {
      schema: {
        tags,
        summary: 'Public settings the web needs: which social sign-ins are offered, with their public ids',
        response: { 200: routes.settings.response, ...errors },
      },
    },
    () => ({ result: true, data: settings, message: message('ok') }),
  );
}
