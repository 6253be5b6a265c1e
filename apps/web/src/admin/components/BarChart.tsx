import { BarChart } from '@mui/x-charts/BarChart';

export interface BarSeries {
  data: number[];
  label: string;
  format?: (value: number | null) => string;
}

/** A bar chart with a label for screen readers (the figures are also in the page as text or lists). */
export function BarChartView({
  labels,
  series,
  height = 240,
  label,
}: {
  labels: string[];
  series: BarSeries[];
  height?: number;
  label: string;
}) {
  return (
    <div role="img" aria-label={label}>
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: labels }]}
        // Whole steps from zero; a month with nothing in it reads 0 to 1 rather than a squeezed "0.00…".
        yAxis={[{ min: 0, tickMinStep: 1, ...(series.every((s) => s.data.every((v) => v === 0)) ? { max: 1 } : {}) }]}
        series={series.map((s) => ({ data: s.data, label: s.label, valueFormatter: s.format }))}
        margin={{ left: 8, right: 8 }}
        hideLegend={series.length < 2}
      />
    </div>
  );
}
