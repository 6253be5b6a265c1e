import {
  accountMessages,
  backofficeMessageTexts,
  type registerBody,
  type user as userEntity,
  type userUpdateBody,
} from '@sikkha/contract';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { personnel, user } from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { AppError, badRequest, pgCodeOf } from '../../errors.js';
import type { Sessions } from '../../http/sessions.js';
import { normaliseEmail } from '../../lib/emails.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Role } from '../../policies/index.js';
import { currentStaffOf, currentUserOf, publicUserColumns } from './current-user.js';
import { loginThrottle, memberAccount, staffAccount } from './login-throttle.js';

/** What a sign-up ticket from Google or Facebook proves: who the provider says this person is. */
export interface SignupClaims {
  provider: 'google' | 'facebook';
  providerId: string;
  email: string | null;
}

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  sessions: Sessions;
  /** Verifies a sign-up ticket made by a social sign-in; absent when no provider is configured. */
  verifySignupTicket?: (ticket: string) => Promise<SignupClaims>;
}

type UserRow = z.infer<typeof userEntity.row>;

/** The unique index a violation names (node-postgres and PGlite both report it). */
const violatedConstraint = (error: unknown) =>
  (error as { constraint?: string }).constraint ?? (error as { cause?: { constraint?: string } }).cause?.constraint;
const USERNAME_KEY = 'user_username_key';

export function accountsService({ db, clock, transact, sessions, verifySignupTicket }: AccountsDeps) {
  const throttle = loginThrottle(db, clock);
  // Staff sign in with a username, so their refusal speaks of one.
  const wrong = (role: Role) =>
    new AppError(
      'UNAUTHORIZED',
      role === 'staff' ? backofficeMessageTexts.staffLoginFailed.th : accountMessages.loginFailed,
    );

  async function signIn<T>(
    attempt: { account: string; address: string },
    find: () => Promise<{ id: number; password: string | null } | undefined>,
    password: string,
    role: Role,
    describe: (id: number) => Promise<T>,
  ) {
    const wait = await throttle.reserve(attempt.account, attempt.address);
    if (wait !== null) throw new AppError('TOO_MANY_REQUESTS', accountMessages.loginThrottled, wait);
    const found = await find();
    // Verify against a real hash even for unknown accounts, so timing does not tell which e-mails exist.
    const ok = await verifyPassword(found?.password ?? DUMMY_HASH, password);
    if (!found || !ok) throw wrong(role);
    await throttle.succeeded(attempt.account, attempt.address);
    return { session: await sessions.start(role, found.id), user: await describe(found.id) };
  }

  const self = {
    currentUser: (id: number) => currentUserOf(db, id, clock.now()),
    currentStaff: (id: number) => currentStaffOf(db, id),

    /** A session for a member found by other means (a social sign-in). */
    async startMemberSession(id: number) {
      return { session: await sessions.start('member', id), user: await self.currentUser(id) };
    },

    loginEmail(email: string, password: string, address: string) {
      const normal = normaliseEmail(email);
      return signIn(
        { account: memberAccount(normal), address },
        async () =>
          (
            await db.select({ id: user.id, password: user.password }).from(user).where(eq(user.email, normal)).limit(1)
          )[0],
        password,
        'member',
        self.currentUser,
      );
    },

    loginPersonnel(username: string, password: string, address: string) {
      const name = username.trim();
      return signIn(
        { account: staffAccount(name), address },
        async () =>
          (
            await db
              .select({ id: personnel.id, password: personnel.password })
              .from(personnel)
              // A disabled staff account signs in no more (its sessions ended when it was disabled).
              .where(and(eq(personnel.username, name), eq(personnel.personnel_disable, 'N')))
              .limit(1)
          )[0],
        password,
        'staff',
        self.currentStaff,
      );
    },

    async register(body: z.infer<typeof registerBody>) {
      const email = normaliseEmail(body.email);
      let social: SignupClaims | undefined;
      if (body.ticket) {
        if (!verifySignupTicket) throw badRequest(accountMessages.socialFailed);
        social = await verifySignupTicket(body.ticket);
        // The address a provider vouched for is locked; without one the person types their own.
        if (social.email && normaliseEmail(social.email) !== email) throw badRequest(accountMessages.emailLocked);
      }
      const now = clock.now().toISOString();
      const password = await hashPassword(body.password);
      try {
        const id = await transact(async ({ db }) => {
          const [created] = await db
            .insert(user)
            .values({
              email,
              username: body.username || null,
              password,
              name_title: body.name_title,
              name_th: body.name_th,
              lname_th: body.lname_th,
              nickname: body.nickname,
              phone: body.phone,
              google_id: social?.provider === 'google' ? social.providerId : null,
              facebook_id: social?.provider === 'facebook' ? social.providerId : null,
              // A provider already proved the address; others confirm it by a mailed code.
              agreement: social?.email ? 'Y' : 'N',
              create_at: now,
              update_at: now,
            })
            .returning({ id: user.id });
          // A member who registers creates their own record.
          await db.update(user).set({ create_by: created!.id }).where(eq(user.id, created!.id));
          return created!.id;
        });
        return { ...(await self.startMemberSession(id)), insertId: id };
      } catch (error) {
        if (pgCodeOf(error) === '23505') {
          const taken = violatedConstraint(error) === USERNAME_KEY ? 'usernameTaken' : 'emailTaken';
          throw new AppError('CONFLICT', accountMessages[taken]);
        }
        throw error;
      }
    },

    async update(id: number, values: z.infer<typeof userUpdateBody>) {
      const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await db
        .update(user)
        .set({ ...changes, update_at: clock.now().toISOString() })
        .where(eq(user.id, id));
      return self.currentUser(id);
    },

    async acceptPrivacyPolicy(id: number) {
      await db.update(user).set({ privacy_policy: 'Y', update_at: clock.now().toISOString() }).where(eq(user.id, id));
      return self.currentUser(id);
    },

    /** A new password ends the member's other sessions; the one that changed it goes on. */
    async changePassword(id: number, jti: string, oldPassword: string, newPassword: string) {
      const [row] = await db.select({ password: user.password }).from(user).where(eq(user.id, id)).limit(1);
      if (!(await verifyPassword(row?.password ?? null, oldPassword))) {
        throw new AppError('BAD_REQUEST', accountMessages.passwordWrong);
      }
      const password = await hashPassword(newPassword);
      await transact(async (work) => {
        await work.db.update(user).set({ password, update_at: clock.now().toISOString() }).where(eq(user.id, id));
        await sessions.endOthers(work.db, 'member', id, jti);
      });
    },

    /** Whether an account uses this value; staff also get the record. */
    async lookup(field: 'email' | 'username' | 'google_id' | 'facebook_id', value: string, asStaff: boolean) {
      const column = {
        email: user.email,
        username: user.username,
        google_id: user.google_id,
        facebook_id: user.facebook_id,
      }[field];
      const needle = field === 'email' ? normaliseEmail(value) : value.trim();
      const [found] = await db.select(publicUserColumns).from(user).where(eq(column, needle)).limit(1);
      return asStaff && found ? { exists: true, user: found as unknown as UserRow } : { exists: found !== undefined };
    },

    async total() {
      const [row] = await db.select({ total: count() }).from(user);
      return row?.total ?? 0;
    },
  };
  return self;
}

/** An argon2id hash of a random string: verifying against it costs what a real check costs. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$6ZSgDBkLeakv9l2Mbf3jIw$Acnc2P6pLDywVsGJXFT60nFE5FQ/diSH6FVyT7sypT8';

export type AccountsService = ReturnType<typeof accountsService>;
