import type { RouteData } from '@sikkha/contract';
import { useQuery } from '@tanstack/react-query';
import { retryServerErrors } from '../../api/query-retry';
import { routeData } from '../../api/routes';
import { useToken } from '../../api/session';
import { statisticsKeys } from '../../lib/query-keys';

export type ChartDay = RouteData<'videoStatisticsChartByUser'>[number];

const periodRoutes = { day: 'dayTotalSecond', week: 'weekTotalSecond', month: 'monthTotalSecond' } as const;
export type Period = keyof typeof periodRoutes;

/** Seconds watched this Bangkok day, week or month (the server's calendar, whatever the browser's zone). */
export function usePeriodTotal(period: Period) {
  const token = useToken();
  return useQuery({
    queryKey: statisticsKeys.period(period, token),
    queryFn: () => routeData(periodRoutes[period]),
    enabled: token !== null,
    retry: retryServerErrors,
  });
}

/** Seconds watched on each day of a month ("YYYY-MM"), or of this Bangkok month (null). */
export function useChart(month: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: statisticsKeys.chart(month ?? 'current', token),
    queryFn: () => routeData('videoStatisticsChartByUser', { query: month === null ? {} : { month } }),
    enabled: token !== null,
    retry: retryServerErrors,
    // Moving between months keeps the last chart on screen until the next one is there.
    placeholderData: (previous) => previous,
  });
}
