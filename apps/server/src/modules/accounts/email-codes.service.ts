import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { accountMessages, type CurrentUser, RESEND_SECONDS } from '@sikkha/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Executor } from '../../db/client.js';
import { emailCode, user } from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { AppError, badRequest } from '../../errors.js';
import { attemptCounter } from '../../http/attempt-counter.js';
import type { Sessions } from '../../http/sessions.js';
import type { Jobs } from '../../jobs/jobs.js';
import { sendMail } from '../../jobs/mail.job.js';
import { normaliseEmail } from '../../lib/emails.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Mail } from '../../providers/mail.js';
import { loginThrottle, memberAccount } from './login-throttle.js';
import { confirmCodeMail, resetPasswordMail } from './mail-templates.js';

const MINUTE = 60_000;
export const CONFIRM_CODE_MINUTES = 15;
export const RESET_CODE_MINUTES = 60;
/** Guesses one confirmation code allows; after that only a new code helps. */
export const CONFIRM_MAX_ATTEMPTS = 5;
/** A new code or reset link for the same account at most this often. */
/** Per client address in a 15-minute window: reset links asked for, and reset codes tried. */
export const RESET_LIMITS = { request: 20, attempt: 20, windowMs: 15 * MINUTE } as const;

export interface EmailCodesDeps {
  sessions: Sessions;
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Pick<Jobs, 'enqueue'>;
  /** Server secret mixed into code hashes, so a copy of the table alone cannot test guesses offline. */
  secret: string;
  /** Where the web app lives; the reset link is `${publicUrl}/code/${code}`. */
  publicUrl: string;
  currentUser(id: number): Promise<CurrentUser>;
}

const tooMany = (text: string) => new AppError('TOO_MANY_REQUESTS', text);

/**
 * E-mail confirmation codes and password reset links (DESIGN deviation 1): made at random here, stored only as
 * a keyed hash, expiring, attempt-limited and mailed; the client never computes or sees a code but by mail.
 */
export function emailCodesService({
  db,
  clock,
  transact,
  jobs,
  sessions,
  secret,
  publicUrl,
  currentUser,
}: EmailCodesDeps) {
  const key = createHash('sha256').update(`sikkha:email-code:${secret}`).digest();
  // Confirmation codes are only six digits, so the account is part of what is hashed: the same code for two
  // members gives two hashes. Reset codes are looked up by hash alone.
  const hashOf = (input: string) => createHmac('sha256', key).update(input).digest('hex');
  const confirmHash = (userId: number, code: string) => hashOf(`confirm:${userId}:${code.replace(/\s+/g, '')}`);
  const resetHash = (code: string) => hashOf(`reset:${code.trim()}`);
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString();

  const counter = attemptCounter(db, clock);
  /** Reset requests and reset tries per client address; over the limit answers 429. */
  async function countAddress(kind: 'request' | 'attempt', address: string) {
    await counter.limit(`reset-${kind}:${address}`, { max: RESET_LIMITS[kind], windowMs: RESET_LIMITS.windowMs });
  }

  /** The reset code's row when it is unused and unexpired; otherwise a 400 that says which. */
  async function usableReset(code: string) {
    const [found] = await db
      .select()
      .from(emailCode)
      .where(and(eq(emailCode.code_hash, resetHash(code)), eq(emailCode.purpose, 'reset')))
      .limit(1);
    if (!found || found.used_at) throw badRequest(accountMessages.codeWrong);
    if (new Date(found.expires_at) <= clock.now()) throw badRequest(accountMessages.codeExpired);
    return found;
  }

  /**
   * Stores a new code for the account in place of its unused ones, unless the last was made under a minute ago,
   * and enqueues its mail in the same unit of work: no mail without its code, no code without its mail. The
   * account row is locked meanwhile, so two requests at once cannot both pass the one-a-minute check.
   */
  async function replaceCode(
    userId: number,
    purpose: 'confirm' | 'reset',
    hash: string,
    minutes: number,
    wait: string,
    mail: Mail,
  ) {
    const now = clock.now();
    await transact(async (work) => {
      const tx = work.db;
      await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
      const [last] = await tx
        .select({ create_at: emailCode.create_at })
        .from(emailCode)
        .where(and(eq(emailCode.user_id, userId), eq(emailCode.purpose, purpose)))
        .orderBy(desc(emailCode.create_at), desc(emailCode.id))
        .limit(1);
      if (last && now.getTime() - new Date(last.create_at).getTime() < RESEND_SECONDS * 1000) throw tooMany(wait);
      await tx
        .delete(emailCode)
        .where(and(eq(emailCode.user_id, userId), eq(emailCode.purpose, purpose), isNull(emailCode.used_at)));
      await tx.insert(emailCode).values({
        user_id: userId,
        purpose,
        code_hash: hash,
        expires_at: minutesFrom(now, minutes),
        create_at: now.toISOString(),
      });
      await jobs.enqueue(work, sendMail, mail);
    });
  }

  /** Marks a code used; false when another request used it first. */
  async function use(tx: Executor, codeId: number) {
    const used = await tx
      .update(emailCode)
      .set({ used_at: clock.now().toISOString() })
      .where(and(eq(emailCode.id, codeId), isNull(emailCode.used_at)))
      .returning({ id: emailCode.id });
    return used.length === 1;
  }

  return {
    /** A new six-digit code to the member's address. */
    async sendConfirm(userId: number) {
      const [member] = await db
        .select({ email: user.email, name_th: user.name_th })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      if (!member?.email) throw badRequest(accountMessages.noEmail);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await replaceCode(
        userId,
        'confirm',
        confirmHash(userId, code),
        CONFIRM_CODE_MINUTES,
        accountMessages.resendWait,
        confirmCodeMail({ to: member.email, name: member.name_th, code, minutes: CONFIRM_CODE_MINUTES }),
      );
    },

    /** The right code sets agreement Y; each try counts, and the sixth try of one code is refused unread. */
    async confirm(userId: number, code: string): Promise<CurrentUser> {
      const [active] = await db
        .select()
        .from(emailCode)
        .where(and(eq(emailCode.user_id, userId), eq(emailCode.purpose, 'confirm'), isNull(emailCode.used_at)))
        .orderBy(desc(emailCode.id))
        .limit(1);
      if (!active) throw badRequest(accountMessages.codeWrong);
      if (active.attempts >= CONFIRM_MAX_ATTEMPTS) throw tooMany(accountMessages.codeLocked);
      if (new Date(active.expires_at) <= clock.now()) throw badRequest(accountMessages.codeExpired);
      // Take an attempt before comparing: parallel guesses cannot get more than the limit between them.
      const [claimed] = await db
        .update(emailCode)
        .set({ attempts: sql`${emailCode.attempts} + 1` })
        .where(
          and(eq(emailCode.id, active.id), lt(emailCode.attempts, CONFIRM_MAX_ATTEMPTS), isNull(emailCode.used_at)),
        )
        .returning({ id: emailCode.id });
      if (!claimed) throw tooMany(accountMessages.codeLocked);
      if (!sameHash(confirmHash(userId, code), active.code_hash)) throw badRequest(accountMessages.codeWrong);
      await db.transaction(async (tx) => {
        if (!(await use(tx, active.id))) throw badRequest(accountMessages.codeWrong);
        await tx.update(user).set({ agreement: 'Y', update_at: clock.now().toISOString() }).where(eq(user.id, userId));
      });
      return currentUser(userId);
    },

    /** A reset link to a known address; an unknown one is told so (the spec asks for it). */
    async requestReset(email: string, address: string) {
      await countAddress('request', address);
      const [member] = await db
        .select({ id: user.id, email: user.email, name_th: user.name_th })
        .from(user)
        .where(eq(user.email, normaliseEmail(email)))
        .limit(1);
      if (!member?.email) throw new AppError('NOT_FOUND', accountMessages.emailUnknown);
      // 256 random bits, URL-safe: it travels in the link, so it must be unguessable on its own.
      const code = randomBytes(32).toString('base64url');
      await replaceCode(
        member.id,
        'reset',
        resetHash(code),
        RESET_CODE_MINUTES,
        accountMessages.resetWait,
        resetPasswordMail({
          to: member.email,
          name: member.name_th,
          code,
          link: `${publicUrl}/code/${encodeURIComponent(code)}`,
          minutes: RESET_CODE_MINUTES,
        }),
      );
    },

    /** Whether a reset link still works, when it opens: the address it resets, or why it does not. */
    async checkReset(code: string, address: string) {
      await countAddress('attempt', address);
      const found = await usableReset(code);
      const [member] = await db.select({ email: user.email }).from(user).where(eq(user.id, found.user_id)).limit(1);
      return { email: member?.email ?? '' };
    },

    /** A valid, unused, unexpired reset code sets the new password, once. */
    async resetPassword(code: string, password: string, address: string) {
      await countAddress('attempt', address);
      const found = await usableReset(code);
      const hashed = await hashPassword(password);
      const email = await db.transaction(async (tx) => {
        if (!(await use(tx, found.id))) throw badRequest(accountMessages.codeWrong);
        const [changed] = await tx
          .update(user)
          .set({ password: hashed, update_at: clock.now().toISOString() })
          .where(eq(user.id, found.user_id))
          .returning({ email: user.email });
        // Whoever knew the old password is signed out everywhere.
        await sessions.endOthers(tx, 'member', found.user_id);
        return changed?.email;
      });
      // Whoever proved they own the mailbox may sign in at once, even after failed guesses by someone else.
      if (email) await loginThrottle(db, clock).clearAccount(memberAccount(email));
    },
  };
}

export type EmailCodesService = ReturnType<typeof emailCodesService>;
