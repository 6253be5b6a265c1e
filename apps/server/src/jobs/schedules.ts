import type { Clock } from '../clock.js';
import type { Executor } from '../db/client.js';
import type { JobDefinition } from './job.js';
import { insertJob } from './queue.js';

/**
 * A job enqueued once per slot of time: slots are `every` long and start at `offset` past the Unix epoch, so
 * `{ every: DAY, offset: 20 * HOUR }` is every day at 03:00 in Bangkok (20:00 UTC). The slot is part of the job's
 * key, so however many instances tick, each slot is enqueued once.
 */
export interface Schedule<P> {
  name: string;
  job: JobDefinition<P>;
  payload: P;
  every: number;
  offset?: number;
}

/** The start of the slot `now` falls in. */
export function slotOf(schedule: { every: number; offset?: number }, now: Date): Date {
  const offset = schedule.offset ?? 0;
  return new Date(Math.floor((now.getTime() - offset) / schedule.every) * schedule.every + offset);
}

/**
 * Enqueues the current slot of each schedule. It remembers the last slot it enqueued, so an instance writes once
 * per slot and not at every poll.
 */
export function scheduler(clock: Clock) {
  const schedules: Schedule<unknown>[] = [];
  const enqueued = new Map<string, number>();
  return {
    add<P>(schedule: Schedule<P>) {
      schedules.push(schedule as Schedule<unknown>);
    },
    async tick(db: Executor) {
      for (const schedule of schedules) {
        const slot = slotOf(schedule, clock.now());
        if (enqueued.get(schedule.name) === slot.getTime()) continue;
        await insertJob(db, clock, schedule.job, schedule.payload, {
          runAt: slot,
          key: `schedule:${schedule.name}:${slot.toISOString()}`,
        });
        enqueued.set(schedule.name, slot.getTime());
      }
    },
  };
}
