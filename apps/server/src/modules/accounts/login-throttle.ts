import { like, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { type Db, queryRows } from '../../db/client.js';
import { loginAttempt } from '../../db/schema/index.js';

/** Failures of one account from one address are forgotten after this long without another. */
const WINDOW_SECONDS = 15 * 60;
/** Tries of one account from one address before each further try has to wait. */
export const FREE_TRIES = 3;
/** The wait doubles with each failure past the free ones, from 1 s up to this. */
const LONGEST_WAIT_SECONDS = 5 * 60;

/** The account part of a throttle key: a member by e-mail, staff by username. */
export const memberAccount = (email: string) => `member:${email}`;
export const staffAccount = (username: string) => `staff:${username}`;
const pairKey = (account: string, address: string) => `pair:${account}|${address}`;

/**
 * Slows password guessing without handing anyone a lockout. Failures are counted per account *and* address, so the
 * owner signing in from their own device is never held back by someone else's guesses; past three failures each try
 * waits longer (1 s, 2 s, 4 s … 5 min) instead of being locked out. A try is reserved before the password is checked,
 * in one atomic statement, so parallel guesses cannot slip past the count; a right password clears the pair.
 */
export function loginThrottle(db: Db, clock: Clock) {
  return {
    /** Reserves a try: null when it may go ahead, or the seconds to wait. */
    async reserve(account: string, address: string): Promise<number | null> {
      const now = clock.now().toISOString();
      const fresh = sql`${loginAttempt.window_start} < ${now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS})`;
      const failures = sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginAttempt.failures} + 1 END`;
      const wait = (n: SQL) =>
        sql`CASE WHEN ${n} < ${FREE_TRIES} THEN 0 ELSE least(power(2, ${n} - ${FREE_TRIES}), ${LONGEST_WAIT_SECONDS}) END`;
      const [row] = await queryRows<{ failures: number }>(
        db,
        sql`INSERT INTO ${loginAttempt} (key, failures, window_start, next_at)
          VALUES (${pairKey(account, address)}, 1, ${now}, ${now})
          ON CONFLICT (key) DO UPDATE SET
            failures = ${failures},
            window_start = ${now},
            next_at = ${now}::timestamptz + make_interval(secs => ${wait(failures)})
          WHERE ${loginAttempt.next_at} IS NULL OR ${loginAttempt.next_at} <= ${now}::timestamptz OR ${fresh}
          RETURNING failures`,
      );
      if (row) return null;
      const [held] = await queryRows<{ seconds: number }>(
        db,
        sql`SELECT ceil(extract(epoch FROM ${loginAttempt.next_at} - ${now}::timestamptz))::int AS seconds
          FROM ${loginAttempt} WHERE key = ${pairKey(account, address)}`,
      );
      return Math.max(1, held?.seconds ?? 1);
    },
    /** The right password: this address may try freely again. */
    async succeeded(account: string, address: string) {
      await db.delete(loginAttempt).where(sql`${loginAttempt.key} = ${pairKey(account, address)}`);
    },
    /** Whoever proved they own the mailbox may sign in at once, from anywhere. */
    async clearAccount(account: string) {
      await db
        .delete(loginAttempt)
        .where(like(loginAttempt.key, `${pairKey(account, '').replace(/[\\%_]/g, '\\$&')}%`));
    },
  };
}
