import { isConnectionLost } from './connection-lost.js';

/**
 * Writes that arrive together share one unit of work (group commit): each `add` waits until its item is committed,
 * so an answer still means "stored", but a hundred concurrent requests cost one transaction and one commit flush
 * instead of a hundred. A group is written as soon as the previous one is done (the items that came in meanwhile),
 * never after a timer, so a lone request waits for nothing.
 *
 * A group that fails is written again one item at a time, so one item the database refuses fails only its own
 * request; a group that could not reach the database fails whole at once (each request answers 503 and is sent
 * again), rather than each item waiting out its own connection attempt.
 */
export function groupCommit<T>(
  write: (items: readonly T[]) => Promise<void>,
  /** A group holds items up to this much `size` (one item at least): a statement's parameters are bounded. */
  limit: { size: (item: T) => number; max: number },
) {
  interface Waiting {
    item: T;
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let writing = false;

  async function writeGroup(group: Waiting[]) {
    try {
      await write(group.map((w) => w.item));
      for (const w of group) w.resolve();
    } catch (error) {
      if (group.length === 1 || isConnectionLost(error)) {
        for (const w of group) w.reject(error);
        return;
      }
      for (const w of group) await writeGroup([w]);
    }
  }

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      let taken = 1;
      let size = limit.size(waiting[0]!.item);
      while (taken < waiting.length && size + limit.size(waiting[taken]!.item) <= limit.max) {
        size += limit.size(waiting[taken]!.item);
        taken += 1;
      }
      await writeGroup(waiting.splice(0, taken));
    }
    writing = false;
  }

  return {
    /** Resolves once the item is committed; rejects with the database's error if it could not be. */
    add(item: T): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        // Requests handled in the same turn of the event loop join the first group.
        if (!writing) {
          writing = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
