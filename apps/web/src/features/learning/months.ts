import type { Lang } from '../../i18n/texts';

/** The month ("YYYY-MM") `delta` months after `month` (before it when negative). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The earliest month the statistics chart answers (the contract's chart query takes years 2000 to 2999). */
export const FIRST_CHART_MONTH = '2000-01';

/** "พฤศจิกายน 2569" / "November 2026": a month ("YYYY-MM") in the interface language (Thai years are Buddhist). */
export function monthName(month: string, lang: Lang): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const format = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(Date.UTC(year, m - 1, 1)));
}
