import { formatBaht } from '@sikkha/contract/rules';

type Lang = 'th' | 'en';

// Thai dates are day-month-year in the Buddhist era (th-TH's own calendar); English day-month-year too.
const dateFormats: Record<Lang, Intl.DateTimeFormat> = {
  th: new Intl.DateTimeFormat('th-TH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Bangkok' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Bangkok' }),
};
const dateTimeFormats: Record<Lang, Intl.DateTimeFormat> = {
  th: new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
};

const lang = (locale: string): Lang => (locale === 'en' ? 'en' : 'th');

/** "23 พ.ย. 2569" for an instant or a calendar date ("2026-11-23" is that day wherever the browser is). */
export function formatDate(value: unknown, locale: string, withTime = false): string {
  if (typeof value !== 'string' || value === '') return '';
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(calendarDay ? `${value}T12:00:00+07:00` : value);
  if (Number.isNaN(at.getTime())) return value;
  return (withTime && !calendarDay ? dateTimeFormats : dateFormats)[lang(locale)].format(at);
}

/** Baht with its sign and 2 decimals, "฿1,990.00"; nothing for no amount. */
export function formatMoney(value: unknown): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? formatBaht(amount) : '';
}

/** "12:05" for a number of seconds, "1:02:05" past an hour. */
export function formatDuration(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '';
  const s = Math.round(seconds);
  const parts = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const [h, m, sec] = parts as [number, number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}
