import { eq, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { revokedToken } from '../../db/schema/index.js';
import type { Role, TokenService } from '../../http/auth.js';

/** Tokens are issued here and ended here: logout and refresh revoke, and the auth hook asks `isRevoked`. */
export function sessionService(db: Db, tokens: TokenService, clock: Clock, maxAgeSeconds: number) {
  return {
    start: (role: Role, id: number) => tokens.issue(role, id),
    async revoke(jti: string) {
      const expires = new Date(clock.now().getTime() + maxAgeSeconds * 1000).toISOString();
      await db.insert(revokedToken).values({ jti, expires_at: expires }).onConflictDoNothing();
      // Rows past their token's lifetime prove nothing any more.
      await db.delete(revokedToken).where(lt(revokedToken.expires_at, clock.now().toISOString()));
    },
    async isRevoked(jti: string) {
      const [hit] = await db
        .select({ jti: revokedToken.jti })
        .from(revokedToken)
        .where(eq(revokedToken.jti, jti))
        .limit(1);
      return hit !== undefined;
    },
  };
}

export type Sessions = ReturnType<typeof sessionService>;
