import type { Lang } from '@sikkha/contract';

const shortDates: Record<Lang, Intl.DateTimeFormat> = {
  th: new Intl.DateTimeFormat('th-TH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Bangkok' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Bangkok' }),
};

/** A day in Bangkok as a line under what a member wrote reads it: "28 พ.ย. 2569", "28 Nov 2026". */
export const shortDate = (iso: string, lang: Lang) => shortDates[lang].format(new Date(iso));
