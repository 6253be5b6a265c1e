import { useTranslation } from 'react-i18next';

export type Lang = 'th' | 'en';

/** Content written out once per interface language. */
export type Bilingual<T> = Record<Lang, T>;

/**
 * The interface language, for content written out per language. Long texts (legal pages, help, inspire) live in
 * their own lazy chunks as { th, en } objects instead of the i18n resources, which ship with the first load.
 */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'th';
}
