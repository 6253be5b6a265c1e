import { type AuditEntry, type auditQuery, bangkokMidnight, type Dashboard, datesBetween } from '@sikkha/contract';
import { bangkokDate } from '@sikkha/contract/rules';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import { type Db, queryRows } from '../../db/client.js';
import { auditLog, orders, personnel, user } from '../../db/schema/index.js';
import { allOf } from '../../policies/index.js';

export interface BackofficeDeps {
  db: Db;
  clock: Clock;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant as its Bangkok calendar day, in SQL. */
const bangkokDay = (column: unknown) => sql`to_char((${column} at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

/** The staff audit log and the dashboard's figures: reads for staff. */
export function backofficeService({ db, clock }: BackofficeDeps) {
  return {
    /** Staff writes, newest first, of a row, a member or a staff account. */
    async history(q: z.infer<typeof auditQuery>): Promise<{ rows: AuditEntry[]; total: number }> {
      const where = allOf(
        q.subject === undefined ? undefined : eq(auditLog.subject, q.subject),
        q.subject_id === undefined ? undefined : eq(auditLog.subject_id, q.subject_id),
        q.member_id === undefined ? undefined : eq(auditLog.member_id, q.member_id),
        q.personnel_id === undefined ? undefined : eq(auditLog.personnel_id, q.personnel_id),
      );
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            personnel_id: auditLog.personnel_id,
            personnel_username: personnel.username,
            action: auditLog.action,
            subject: auditLog.subject,
            subject_id: auditLog.subject_id,
            member_id: auditLog.member_id,
            changes: auditLog.changes,
            note: auditLog.note,
            create_at: auditLog.create_at,
          })
          .from(auditLog)
          .leftJoin(personnel, eq(personnel.id, auditLog.personnel_id))
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, changes: (r.changes ?? {}) as Record<string, unknown> })),
        total: totals[0]?.total ?? 0,
      };
    },

    async dashboard(days: number): Promise<Dashboard> {
      const now = clock.now();
      const today = bangkokDate(now);
      const from = bangkokDate(new Date(now.getTime() - (days - 1) * DAY_MS));
      const start = bangkokMidnight(from).toISOString();
      const todayStart = bangkokMidnight(today).toISOString();
      const [year, month] = today.split('-').map(Number) as [number, number];
      const months = Array.from({ length: 12 }, (_, i) => {
        const m = (year * 12 + month - 1 - (11 - i)) as number;
        return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
      });
      const monthStart = bangkokMidnight(`${months[0]}-01`).toISOString();
      // A sale is a finished order, on the day staff (or a coin payment) approved it.
      const soldAt = sql`coalesce(${orders.approve_date}, ${orders.update_at})`;
      const finished = eq(orders.orders_status, 'finish');

      const [byDay, byMonth, waiting, members, best, watched] = await Promise.all([
        queryRows<{ day: string; net: string; orders: number }>(
          db,
          sql`select ${bangkokDay(soldAt)} as day, sum(${orders.orders_net})::text as net, count(*)::int as orders
            from ${orders} where ${finished} and ${soldAt} >= ${start} group by 1`,
        ),
        queryRows<{ month: string; net: string; orders: number }>(
          db,
          sql`select substr(${bangkokDay(soldAt)}, 1, 7) as month, sum(${orders.orders_net})::text as net,
              count(*)::int as orders
            from ${orders} where ${finished} and ${soldAt} >= ${monthStart} group by 1`,
        ),
        db.select({ n: count() }).from(orders).where(eq(orders.orders_status, 'wait')),
        queryRows<{ today: number; period: number }>(
          db,
          sql`select count(*) filter (where ${user.create_at} >= ${todayStart})::int as today,
              count(*)::int as period
            from ${user} where ${user.create_at} >= ${start}`,
        ),
        queryRows<{ product_id: number; product_title: string; orders: number; net: string }>(
          db,
          sql`select d.product_id, p.product_title, count(distinct o.id)::int as orders,
              sum(d.orders_detail_net)::text as net
            from "ordersDetail" d join ${orders} o on o.id = d.orders_id join "product" p on p.id = d.product_id
            where o.orders_status = 'finish' and coalesce(o.approve_date, o.update_at) >= ${start}
            group by d.product_id, p.product_title order by 3 desc, 4 desc limit 5`,
        ),
        // Played seconds are the union of each member's stretches of a lesson on a day, as the member's own figures.
        queryRows<{ seconds: number | null }>(
          db,
          sql`with played as (
              select user_id, product_id, video_id,
                (create_at at time zone 'UTC' + interval '7 hours')::date as day,
                time_start::float8 as s, time_end::float8 as e
              from "videoStatistics" where create_at >= ${start} and time_end > time_start
            ), reach as (
              select *, max(e) over (partition by user_id, day, product_id, video_id order by s, e
                rows between unbounded preceding and 1 preceding) as before
              from played
            )
            select sum(greatest(0, e - greatest(s, coalesce(before, s))))::float8 as seconds from reach`,
        ),
      ]);

      const dayRows = new Map(byDay.map((r) => [r.day, r]));
      const monthRows = new Map(byMonth.map((r) => [r.month, r]));
      const nextDay = bangkokDate(new Date(bangkokMidnight(today).getTime() + DAY_MS + 12 * 60 * 60 * 1000));
      return {
        salesByDay: datesBetween(from, nextDay).map((date) => ({
          date,
          net: Number(dayRows.get(date)?.net ?? 0),
          orders: dayRows.get(date)?.orders ?? 0,
        })),
        salesByMonth: months.map((m) => ({
          month: m,
          net: Number(monthRows.get(m)?.net ?? 0),
          orders: monthRows.get(m)?.orders ?? 0,
        })),
        waitingOrders: waiting[0]?.n ?? 0,
        newMembers: { today: members[0]?.today ?? 0, period: members[0]?.period ?? 0 },
        bestSelling: best.map((b) => ({ ...b, net: Number(b.net) })),
        hoursWatched: Math.round(((watched[0]?.seconds ?? 0) / 3600) * 10) / 10,
      };
    },
  };
}

export type BackofficeService = ReturnType<typeof backofficeService>;
