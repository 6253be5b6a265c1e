import { accountMessages, TOKEN_MAX_AGE_SECONDS } from '@sikkha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import type { Actor, Role, SignedIn } from '../policies/actor.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    /** Why a presented token was not accepted, so routes that need one can say so. */
    tokenProblem?: 'expired' | 'invalid';
  }
}

export interface TokenClaims {
  role: Role;
  id: number;
  jti: string;
  version: number;
  /** When the token stops being accepted (ISO 8601), so the web can renew it in time. */
  expiresAt: string;
}

export interface TokenService {
  /** A token for the account's current session version (`sessionVersion`). */
  issue(role: Role, id: number, version: number): Promise<{ token: string; expiresAt: string }>;
  verify(token: string): Promise<TokenClaims>;
}

export function tokenService(secret: string, clock: Clock, maxAgeSeconds = TOKEN_MAX_AGE_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(role, id, version) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = now + maxAgeSeconds;
      const token = await new SignJWT({ role, ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setJti(crypto.randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: clock.now(),
        maxTokenAge: maxAgeSeconds,
      });
      const role = payload.role;
      const id = Number(payload.sub);
      const version = payload.ver;
      if (
        (role !== 'member' && role !== 'staff') ||
        !Number.isInteger(id) ||
        !payload.jti ||
        typeof version !== 'number' ||
        !Number.isInteger(version) ||
        payload.exp === undefined
      ) {
        throw new errors.JWTInvalid('bad claims');
      }
      return { role, id, jti: payload.jti, version, expiresAt: new Date(payload.exp * 1000).toISOString() };
    },
  };
}

/**
 * Reads the bearer token of every request into `request.actor`; a bad token leaves a visitor. A signature is not
 * enough: the session must still count (`stillValid`: not logged out, its account there, its version current).
 */
export function registerAuth(
  app: FastifyInstance,
  tokens: TokenService,
  stillValid: (claims: TokenClaims) => Promise<boolean>,
) {
  app.decorateRequest('actor');
  app.addHook('onRequest', async (request) => {
    request.actor = { kind: 'visitor' };
    // The scheme is case-insensitive (RFC 9110).
    const bearer = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!bearer) return;
    let claims: TokenClaims;
    try {
      claims = await tokens.verify(bearer[1]!);
    } catch (error) {
      request.tokenProblem = error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      return;
    }
    // A database out of reach is not a logged-out session: that error goes on to become a 503, and the person stays
    // signed in.
    if (!(await stillValid(claims))) {
      request.tokenProblem = 'expired';
      return;
    }
    request.actor = { kind: claims.role, id: claims.id, jti: claims.jti, expiresAt: claims.expiresAt };
  });
}

function signedIn(request: FastifyRequest): SignedIn {
  if (request.actor.kind !== 'visitor') return request.actor;
  if (request.tokenProblem === 'expired') throw new AppError('TOKEN_EXPIRED', accountMessages.tokenExpired);
  throw unauthorized();
}

/** Guards: each returns the actor it admits, or throws 401 / 403. */
export const requireSignedIn = signedIn;

/**
 * For answers that depend on who asks (a course's state for its buyer): a token that was presented but no longer
 * counts is a 401, never an answer for a visitor, so the web can say the session ended instead of showing a
 * member their own course as a stranger's.
 */
export function refuseStaleToken(request: FastifyRequest) {
  if (request.tokenProblem) signedIn(request);
}

export function requireMember(request: FastifyRequest) {
  const actor = signedIn(request);
  if (actor.kind !== 'member') throw forbidden();
  return actor;
}

export function requireStaff(request: FastifyRequest) {
  const actor = signedIn(request);
  if (actor.kind !== 'staff') throw forbidden();
  return actor;
}
