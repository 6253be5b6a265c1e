import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Transact } from '../../db/unit-of-work.js';
import type { Jobs } from '../../jobs/jobs.js';

/** What the statistics use cases are built from. */
export interface StatisticsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
}
