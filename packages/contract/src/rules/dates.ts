/** Business dates are Bangkok dates (UTC+7 all year, no daylight saving). */
export const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** "YYYY-MM-DD" of an instant, in Bangkok. */
export function bangkokDate(at: Date): string {
  return new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/** A payment year above 2500 is a Buddhist-era year: subtract 543. */
export function toGregorianYear(year: number): number {
  return year > 2500 ? year - 543 : year;
}

/** Normalises "2568-03-01" (Buddhist era) and "2025-03-01" to "2025-03-01". */
export function normalisePaymentDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return `${toGregorianYear(Number(match[1]))}-${match[2]}-${match[3]}`;
}

/** Course access lasts 2 years from purchase. */
export const ACCESS_YEARS = 2;

/** Remaining viewing days of a purchased course: day minus count, never below zero. */
export function remainingDays(day: number, count: number): number {
  return Math.max(0, day - count);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days between two Bangkok calendar dates ("YYYY-MM-DD"). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * A purchased course's viewing window, as the spec's parallel lists say it: `day` is the length of the access
 * period in days (2 years from the approval date), `count` the days already used. Remaining = day - count.
 */
export function accessWindow(approvedAt: Date, now: Date): { day: number; count: number } {
  const start = bangkokDate(approvedAt);
  const [year, month, dayOfMonth] = start.split('-');
  const end = `${Number(year) + ACCESS_YEARS}-${month}-${month === '02' && dayOfMonth === '29' ? '28' : dayOfMonth}`;
  return { day: daysBetween(start, end), count: Math.max(0, daysBetween(start, bangkokDate(now))) };
}

const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;

/** A Gregorian year in the Buddhist era, as Thai documents count years. */
export const buddhistYear = (gregorianYear: number) => gregorianYear + 543;

/**
 * The Bangkok date of an instant as Thai documents write it: "22 พฤศจิกายน พ.ศ. 2569". Spelt out here rather than
 * by Intl, so a certificate, a receipt and the web say the same words whatever ICU data the runtime carries.
 */
export function thaiLongDate(at: Date): string {
  const [year, month, day] = bangkokDate(at).split('-').map(Number) as [number, number, number];
  return `${day} ${THAI_MONTHS[month - 1]} พ.ศ. ${buddhistYear(year)}`;
}
