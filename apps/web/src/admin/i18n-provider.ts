import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { adminEn, adminTh } from './i18n/admin-texts';
import { fieldLabels } from './i18n/fields';
import { raThai } from './i18n/ra-thai';
import { resourceNames } from './resources';

type Lang = 'th' | 'en';

const fields = (lang: Lang) =>
  Object.fromEntries(Object.entries(fieldLabels).map(([field, label]) => [field, label[lang]]));

/** Every resource's name (its menu label) and the same field labels, so columns and inputs read in the language. */
const resourceTexts = (lang: Lang) => {
  const pages = (lang === 'th' ? adminTh : adminEn).pages as Record<string, string>;
  const labels = fields(lang);
  return Object.fromEntries(resourceNames.map((name) => [name, { name: pages[name] ?? name, fields: labels }]));
};

export const catalogues: Record<Lang, TranslationMessages> = {
  th: { ra: raThai, admin: adminTh, resources: resourceTexts('th') },
  en: { ...englishMessages, admin: adminEn, resources: resourceTexts('en') },
};

/**
 * Both catalogues word a count of one and a count of many apart ("เลือก 1 รายการ |||| เลือก %{smart_count} รายการ").
 * Polyglot's own rule for Thai has a single form, so every Thai count read as its "one" wording ("เลือก 1 รายการ"
 * with two rows ticked): Thai takes the one/many rule of the catalogues instead.
 */
const pluralRules = {
  pluralTypes: { oneOrMany: (count: number) => (count === 1 ? 0 : 1) },
  pluralTypeToLanguages: { oneOrMany: ['th', 'en'] },
};

/** Thai by default; the app bar's language menu switches to English (react-admin keeps the choice). */
export const i18nProvider = polyglotI18nProvider(
  (locale) => catalogues[locale === 'en' ? 'en' : 'th'],
  'th',
  [
    { locale: 'th', name: 'ไทย' },
    { locale: 'en', name: 'English' },
  ],
  { pluralRules },
);
