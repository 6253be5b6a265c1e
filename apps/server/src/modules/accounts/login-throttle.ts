import { inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { loginAttempt } from '../../db/schema/index.js';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed in a window: few per account (guessing one password), more per address (shared offices). */
const LIMITS = { account: 5, address: 30 } as const;

export type ThrottleKey = { kind: keyof typeof LIMITS; value: string };
const keyOf = (k: ThrottleKey) => `${k.kind}:${k.value}`;

/** Counts failed sign-ins in the database, so the count holds across restarts and instances. */
export function loginThrottle(db: Db, clock: Clock) {
  return {
    async blocked(keys: ThrottleKey[]): Promise<boolean> {
      const since = new Date(clock.now().getTime() - WINDOW_MS).toISOString();
      const rows = await db
        .select()
        .from(loginAttempt)
        .where(inArray(loginAttempt.key, keys.map(keyOf)));
      return rows.some((row) => {
        const kind = row.key.slice(0, row.key.indexOf(':')) as ThrottleKey['kind'];
        return row.window_start >= since && row.failures >= LIMITS[kind];
      });
    },
    async failed(keys: ThrottleKey[]) {
      const now = clock.now().toISOString();
      const since = new Date(clock.now().getTime() - WINDOW_MS).toISOString();
      for (const key of keys) {
        // One statement per key, so concurrent failures all count.
        await db
          .insert(loginAttempt)
          .values({ key: keyOf(key), failures: 1, window_start: now })
          .onConflictDoUpdate({
            target: loginAttempt.key,
            set: {
              failures: sql`CASE WHEN ${loginAttempt.window_start} < ${since} THEN 1 ELSE ${loginAttempt.failures} + 1 END`,
              window_start: sql`CASE WHEN ${loginAttempt.window_start} < ${since} THEN ${now}::timestamptz ELSE ${loginAttempt.window_start} END`,
            },
          });
      }
    },
    async succeeded(key: ThrottleKey) {
      await db.delete(loginAttempt).where(inArray(loginAttempt.key, [keyOf(key)]));
    },
  };
}
