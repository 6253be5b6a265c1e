import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { BarSeries } from './BarChart';

// MUI X Charts loads with the first chart, not with the back office's shell.
const Chart = lazy(() => import('./BarChart').then((m) => ({ default: m.BarChartView })));

export function LazyBarChart(props: { labels: string[]; series: BarSeries[]; height?: number; label: string }) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={props.height ?? 240} />}>
      <Chart {...props} />
    </Suspense>
  );
}
