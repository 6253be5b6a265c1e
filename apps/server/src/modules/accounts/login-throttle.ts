import type { AttemptCounter } from '../../http/attempt-counter.js';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed in 15 minutes: few per account (guessing one password), more per address (shared offices). */
const LIMITS = { account: 5, address: 30 } as const;

export type ThrottleKey = { kind: keyof typeof LIMITS; value: string };
const keyOf = (k: ThrottleKey) => `${k.kind}:${k.value}`;
/** The account key of a member's sign-ins, also cleared when they reset their password. */
export const memberAccountKey = (email: string): ThrottleKey => ({ kind: 'account', value: `member:${email}` });

export function loginThrottle(counter: AttemptCounter) {
  return {
    async blocked(keys: ThrottleKey[]): Promise<boolean> {
      const counts = await Promise.all(keys.map((k) => counter.count(keyOf(k), WINDOW_MS)));
      return counts.some((n, i) => n >= LIMITS[keys[i]!.kind]);
    },
    async failed(keys: ThrottleKey[]) {
      for (const key of keys) await counter.hit(keyOf(key), WINDOW_MS);
    },
    succeeded: (key: ThrottleKey) => counter.clear(keyOf(key)),
  };
}
