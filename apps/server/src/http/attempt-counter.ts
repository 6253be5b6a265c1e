import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { loginAttempt } from '../db/schema/index.js';

/**
 * Counts events per key in a fixed window (sign-in failures, reset requests), in the database so the count
 * holds across restarts and instances. One upsert per event, so concurrent events all count.
 */
export function attemptCounter(db: Db, clock: Clock) {
  const since = (windowMs: number) => new Date(clock.now().getTime() - windowMs).toISOString();
  return {
    /** Counts one more event and answers how many the window now holds. */
    async hit(key: string, windowMs: number): Promise<number> {
      const now = clock.now().toISOString();
      const start = since(windowMs);
      const [row] = await db
        .insert(loginAttempt)
        .values({ key, failures: 1, window_start: now })
        .onConflictDoUpdate({
          target: loginAttempt.key,
          set: {
            failures: sql`CASE WHEN ${loginAttempt.window_start} < ${start} THEN 1 ELSE ${loginAttempt.failures} + 1 END`,
            window_start: sql`CASE WHEN ${loginAttempt.window_start} < ${start} THEN ${now}::timestamptz ELSE ${loginAttempt.window_start} END`,
          },
        })
        .returning({ failures: loginAttempt.failures });
      return row?.failures ?? 1;
    },
  };
}
