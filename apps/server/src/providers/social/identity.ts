import { accountMessages } from '@sikkha/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';

export type Provider = 'google' | 'facebook';

/** Who a provider says signed in. `email` is null unless the provider vouches for the address. */
export interface SocialIdentity {
  provider: Provider;
  providerId: string;
  email: string | null;
  name_th: string | null;
  lname_th: string | null;
}

/** Checks a provider's token; throws 401 for a token it refuses, 503 when it cannot be asked. */
export type VerifySocial = (token: string, log: Pick<FastifyBaseLogger, 'warn'>) => Promise<SocialIdentity>;

export const socialRejected = () => new AppError('UNAUTHORIZED', accountMessages.socialFailed);

/** A non-empty trimmed string claim, or null. */
export const textClaim = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
