import type { Lang } from '@sikkha/contract';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * One text system: every word of the interface lives in i18next, one namespace per domain, from one catalogue
 * per domain written Thai first (`en` has the same shape). The shell's words ('translation', in this folder) ship
 * with the first load; a feature's catalogue sits beside the feature (features/<domain>/texts.ts) and joins
 * i18next when its chunk loads. Messages the server also says come from the contract.
 */

export type { Lang };
export const LANGUAGES = ['th', 'en'] as const satisfies readonly Lang[];

/** Written out once per interface language: a domain's catalogue, or a long document (the legal pages). */
export type Bilingual<T> = Record<Lang, T>;

/** The interface language. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'th';
}

/** Adds a domain's catalogue to i18next as the namespace `namespace` (so `t('namespace:key')` reads it too). */
export function addTexts<T extends object>(namespace: string, texts: Bilingual<T>): void {
  for (const lang of LANGUAGES) {
    // Not copied: a catalogue may hold functions (a count, a date), which a JSON copy would drop.
    i18next.addResourceBundle(lang, namespace, texts[lang], false, true, { silent: true, skipCopy: true });
  }
}

/** addTexts, and the hook that answers the namespace's words in the interface language. */
export function defineTexts<T extends object>(namespace: string, texts: Bilingual<T>): () => T {
  addTexts(namespace, texts);
  return function useTexts() {
    return i18next.getResourceBundle(useLang(), namespace) as T;
  };
}
