import { accountMessages } from '@sikkha/contract';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Clock } from '../../clock.js';
import { normaliseEmail } from '../../lib/emails.js';
import { ProviderUnavailable } from '../unavailable.js';
import { type SocialIdentity, socialRejected, textClaim, type VerifySocial } from './identity.js';

export interface GoogleConfig {
  clientId: string;
  jwksUrl: string;
  issuer: string;
}

/** What makes a token itself unacceptable, as opposed to Google's keys being out of reach. */
const tokenProblems: ReadonlySet<string> = new Set([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
]);

/**
 * Verifies a Google Identity Services ID token (the `credential` of the sign-in button) on the server: signed
 * by a key of Google's published JWKS, for our client id, from Google, not expired. The address counts only
 * when Google says it is verified.
 */
export function googleVerifier(config: GoogleConfig, clock: Clock): VerifySocial {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5_000 });
  // Google documents both spellings of its issuer: "https://accounts.google.com" and "accounts.google.com".
  const issuers = [...new Set([config.issuer, config.issuer.replace(/^https:\/\//, '')])];

  return async (credential, log) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        algorithms: ['RS256'],
        audience: config.clientId,
        issuer: issuers,
        currentDate: clock.now(),
      }));
    } catch (error) {
      const code = error instanceof errors.JOSEError ? error.code : undefined;
      if (code && tokenProblems.has(code)) {
        log.warn({ reason: code, detail: (error as Error).message }, 'Google ID token refused');
        throw socialRejected();
      }
      throw new ProviderUnavailable(accountMessages.googleUnavailable, error);
    }
    const providerId = textClaim(payload.sub);
    if (!providerId) throw socialRejected();
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    const email = textClaim(payload.email);
    return {
      provider: 'google',
      providerId,
      email: verified && email ? normaliseEmail(email) : null,
      name_th: textClaim(payload.given_name) ?? textClaim(payload.name),
      lname_th: textClaim(payload.family_name),
    } satisfies SocialIdentity;
  };
}
