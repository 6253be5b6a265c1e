import type { StatisticsPeriod } from '@sikkha/contract';
import { bangkokMidnight, bangkokPeriod, datesBetween, monthRange } from '@sikkha/contract';
import { bangkokDate } from '@sikkha/contract/rules';
import { and, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { videoStatistics } from '../../db/schema/index.js';
import type { StatisticsDeps } from './statistics-deps.js';

/**
 * Seconds played per lesson and Bangkok day, each the union of its played intervals: sorted by start, a row adds
 * only what reaches past every row before it in the same lesson and day.
 */
function playedPerDayQuery(userId: number, where: SQL) {
  const day = sql`((${videoStatistics.create_at} at time zone 'UTC') + interval '7 hours')::date`;
  return sql`
    with played as (
      select ${videoStatistics.product_id} as product_id, ${videoStatistics.video_id} as video_id,
        ${day} as day,
        ${videoStatistics.time_start}::float8 as s, ${videoStatistics.time_end}::float8 as e
      from ${videoStatistics}
      where ${videoStatistics.user_id} = ${userId} and ${videoStatistics.time_end} > ${videoStatistics.time_start}
        and ${where}
    ), reach as (
      select *, max(e) over (partition by day, product_id, video_id order by s, e
        rows between unbounded preceding and 1 preceding) as before
      from played
    )
    select to_char(day, 'YYYY-MM-DD') as day, product_id, video_id,
      sum(greatest(0, e - greatest(s, coalesce(before, s))))::float8 as seconds
    from reach group by day, product_id, video_id`;
}

/** Time watched: seconds per Bangkok day of a month (the chart), and the total of a day, week or month. */
export function watchTime({ db, clock }: Pick<StatisticsDeps, 'db' | 'clock'>) {
  /** Seconds played per Bangkok day from `from` up to `to` (dates), every day listed. */
  async function perDay(userId: number, from: string, to: string) {
    const window = and(
      sql`${videoStatistics.create_at} >= ${bangkokMidnight(from).toISOString()}`,
      sql`${videoStatistics.create_at} < ${bangkokMidnight(to).toISOString()}`,
    );
    const rows = await queryRows<{ day: string; seconds: number }>(db, playedPerDayQuery(userId, window!));
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.day, (totals.get(r.day) ?? 0) + r.seconds);
    return datesBetween(from, to).map((date) => ({ date, seconds: totals.get(date) ?? 0 }));
  }

  return {
    /** Seconds played per day of a Bangkok month ("YYYY-MM", this month by default). */
    chart: (userId: number, month = bangkokDate(clock.now()).slice(0, 7)) => {
      const { from, to } = monthRange(month);
      return perDay(userId, from, to);
    },
    /** Seconds played in this Bangkok day, week or month: the sum of its days. */
    async total(userId: number, period: StatisticsPeriod) {
      const { from, to } = bangkokPeriod(period, clock.now());
      const days = await perDay(userId, from, to);
      return { seconds: days.reduce((sum, d) => sum + d.seconds, 0), from, to };
    },
  };
}
