import { message } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personnel, user } from '../../db/schema/index.js';
import type { TokenService } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { verifyPassword } from './passwords.js';

/**
 * Sign-in with e-mail (members) or username (staff). Registration, refresh, revocation, throttling
 * and the agreement flow belong to the accounts issue; this is the part every policy test needs.
 */
export function accountsService(db: Db, tokens: TokenService) {
  const wrong = () => new AppError('UNAUTHORIZED', message('loginFailed'));
  return {
    async loginEmail(email: string, password: string) {
      const [found] = await db
        .select({ id: user.id, password: user.password })
        .from(user)
        .where(eq(user.email, email.trim().toLowerCase()))
        .limit(1);
      if (!found || !(await verifyPassword(found.password, password))) throw wrong();
      return tokens.issue('member', found.id);
    },
    async loginPersonnel(username: string, password: string) {
      const [found] = await db
        .select({ id: personnel.id, password: personnel.password })
        .from(personnel)
        .where(eq(personnel.username, username.trim()))
        .limit(1);
      if (!found || !(await verifyPassword(found.password, password))) throw wrong();
      return tokens.issue('staff', found.id);
    },
  };
}
