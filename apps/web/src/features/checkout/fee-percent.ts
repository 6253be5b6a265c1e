import type { Lang } from '../../i18n/texts';

/** The card fee as the summary line names it: the fee factor's part above 1, in percent (1.02675 → "2.675"). */
export const feePercent = (factor: number, lang: Lang) =>
  ((factor - 1) * 100).toLocaleString(lang === 'th' ? 'th-TH' : 'en-GB', { maximumFractionDigits: 3 });
