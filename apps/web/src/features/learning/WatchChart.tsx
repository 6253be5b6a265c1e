import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartDay } from './api';
import { useLearningTexts } from './texts';

/** Minutes with one decimal: a few seconds of a short day still show as a bar. */
const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;

/**
 * Minutes watched per day of a month as bars (MUI X Charts, in a chunk of its own), as high and wide as its box.
 * `label` says the month's total for screen readers; the totals above the chart say the figures in words.
 */
export function WatchChart({ days, label }: { days: ChartDay[]; label: string }) {
  const text = useLearningTexts();
  const theme = useTheme();
  const minutes = days.map((day) => minutesOf(day.seconds));
  return (
    <div role="img" aria-label={label} style={{ height: '100%' }}>
      <BarChart
        xAxis={[
          {
            scaleType: 'band',
            data: days.map((day) => Number(day.date.slice(8))),
            label: text.dayAxis,
            // Room for the day numbers under Thai's taller axis title (MUI leaves them none at its default 45).
            height: 60,
            tickLabelMinGap: 8,
          },
        ]}
        // An empty month still gets a scale (0 to 1 minute) rather than a single squeezed tick.
        yAxis={[{ label: text.minutesAxis, width: 48, min: 0, max: Math.max(...minutes) > 0 ? undefined : 1 }]}
        series={[
          {
            data: minutes,
            label: text.minutesAxis,
            color: theme.palette.primary.main,
            valueFormatter: (value) => (value === null ? '' : text.minutes(value)),
          },
        ]}
        grid={{ horizontal: true }}
        borderRadius={3}
        margin={{ left: 0, right: 8, top: 8 }}
        hideLegend
      />
    </div>
  );
}
