import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { type Db, type Executor, queryRows } from '../db/client.js';
import { personnel, revokedToken, sessionVersion, user } from '../db/schema/index.js';
import type { Role } from '../policies/actor.js';
import type { TokenClaims, TokenService } from './auth.js';

/**
 * Tokens are issued here and ended here: logout and refresh revoke one token; a password change or reset, or staff
 * ending an account's sessions, moves the account's session version, which ends every other token at once.
 */
export function sessionService(db: Db, tokens: TokenService, clock: Clock, maxAgeSeconds: number) {
  const versionOf = async (role: Role, id: number, executor: Executor = db) => {
    const [row] = await executor
      .select({ version: sessionVersion.version })
      .from(sessionVersion)
      .where(and(eq(sessionVersion.role, role), eq(sessionVersion.account_id, id)));
    return row?.version ?? 0;
  };

  return {
    start: async (role: Role, id: number) => tokens.issue(role, id, await versionOf(role, id)),

    async revoke(jti: string) {
      const expires = new Date(clock.now().getTime() + maxAgeSeconds * 1000).toISOString();
      await db.insert(revokedToken).values({ jti, expires_at: expires }).onConflictDoNothing();
      // Rows past their token's lifetime prove nothing any more.
      await db.delete(revokedToken).where(lt(revokedToken.expires_at, clock.now().toISOString()));
    },

    /**
     * Ends every session of the account but `keepJti` (the one that asked for the change), in the caller's unit of
     * work, so a rolled-back password change ends nothing.
     */
    async endOthers(executor: Executor, role: Role, id: number, keepJti: string | null = null) {
      await executor
        .insert(sessionVersion)
        .values({ role, account_id: id, version: 1, kept_jti: keepJti })
        .onConflictDoUpdate({
          target: [sessionVersion.role, sessionVersion.account_id],
          set: { version: sql`${sessionVersion.version} + 1`, kept_jti: keepJti },
        });
    },

    /** Whether a verified token's session still counts: not logged out, its account still there, its version current. */
    async stillValid(claims: TokenClaims) {
      const account = claims.role === 'staff' ? personnel : user;
      const [row] = await queryRows<{
        revoked: boolean;
        present: boolean;
        version: number | null;
        kept: string | null;
      }>(
        db,
        sql`SELECT
          EXISTS (SELECT 1 FROM ${revokedToken} WHERE ${revokedToken.jti} = ${claims.jti}) AS revoked,
          EXISTS (SELECT 1 FROM ${account} WHERE ${account.id} = ${claims.id}) AS present,
          v.version, v.kept_jti AS kept
        FROM (SELECT 1) AS one
        LEFT JOIN ${sessionVersion} v ON v.role = ${claims.role} AND v.account_id = ${claims.id}`,
      );
      if (!row || row.revoked || !row.present) return false;
      return (row.version ?? 0) === claims.version || row.kept === claims.jti;
    },
  };
}

export type Sessions = ReturnType<typeof sessionService>;
