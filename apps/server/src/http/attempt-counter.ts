import { message } from '@sikkha/contract';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { loginAttempt } from '../db/schema/index.js';
import { AppError } from '../errors.js';

/** At most `max` events per key in a window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Counts events per key in a fixed window (sign-in failures, reset requests, account lookups), in the database so
 * the count holds across restarts and instances. One upsert per event, so concurrent events all count.
 */
export function attemptCounter(db: Db, clock: Clock) {
  const since = (windowMs: number) => new Date(clock.now().getTime() - windowMs).toISOString();

  async function count(key: string, windowMs: number) {
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
      .returning({ failures: loginAttempt.failures, window_start: loginAttempt.window_start });
    return { seen: row?.failures ?? 1, windowStart: new Date(row?.window_start ?? now) };
  }

  return {
    /**
     * Counts one more event and refuses it past the limit: 429 with a Thai message and `Retry-After`, the seconds
     * until the window that holds the count ends.
     */
    async limit(key: string, { max, windowMs }: Limit): Promise<void> {
      const { seen, windowStart } = await count(key, windowMs);
      if (seen <= max) return;
      const left = windowStart.getTime() + windowMs - clock.now().getTime();
      throw new AppError('TOO_MANY_REQUESTS', message('tooManyRequests'), Math.max(1, Math.ceil(left / 1000)));
    },
  };
}
