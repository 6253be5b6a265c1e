import { TOKEN_MAX_AGE_SECONDS } from '@sikkha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';
import { AppError, forbidden, unauthorized } from './errors.js';

/** Members sign in through the shop; staff (personnel) through the back office. A token is for one of them. */
export type Role = 'member' | 'staff';
export type Actor = { kind: 'visitor' } | { kind: Role; id: number; jti: string };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    /** Why a presented token was not accepted, so routes that need one can say so. */
    tokenProblem?: 'expired' | 'invalid';
  }
}

export interface TokenService {
  issue(role: Role, id: number): Promise<{ token: string; expiresAt: string }>;
  verify(token: string): Promise<{ role: Role; id: number; jti: string }>;
}

export function tokenService(secret: string, clock: Clock, maxAgeSeconds = TOKEN_MAX_AGE_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(role, id) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = now + maxAgeSeconds;
      const token = await new SignJWT({ role })
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
      if ((role !== 'member' && role !== 'staff') || !Number.isInteger(id) || !payload.jti) {
        throw new errors.JWTInvalid('bad claims');
      }
      return { role, id, jti: payload.jti };
    },
  };
}

/** Reads the bearer token of every request into `request.actor`; a bad token leaves a visitor. */
export function registerAuth(app: FastifyInstance, tokens: TokenService, isRevoked: (jti: string) => Promise<boolean>) {
  app.decorateRequest('actor');
  app.addHook('onRequest', async (request) => {
    request.actor = { kind: 'visitor' };
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      const claims = await tokens.verify(header.slice(7).trim());
      if (await isRevoked(claims.jti)) {
        request.tokenProblem = 'expired';
        return;
      }
      request.actor = { kind: claims.role, id: claims.id, jti: claims.jti };
    } catch (error) {
      request.tokenProblem = error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  });
}

function signedIn(request: FastifyRequest): Exclude<Actor, { kind: 'visitor' }> {
  if (request.actor.kind !== 'visitor') return request.actor;
  if (request.tokenProblem === 'expired') throw new AppError('TOKEN_EXPIRED', 'The token has expired.');
  throw unauthorized();
}

/** Guards: each returns the actor it admits, or throws 401 / 403. */
export const requireSignedIn = signedIn;

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
