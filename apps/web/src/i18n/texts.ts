import type { Lang } from '@sikkha/contract';
import { addCatalogue, catalogueOf, useLanguage } from './translator';

/**
 * One text system: every word of the interface lives in the translator (translator.ts), one namespace per domain, from one catalogue
 * per domain written Thai first (`en` has the same shape). The shell's words ('translation', in this folder) ship
 * with the first load; a feature's catalogue sits beside the feature (features/<domain>/texts.ts) and joins
 * it when its chunk loads. Messages the server also says come from the contract.
 */

export type { Lang };
export const LANGUAGES = ['th', 'en'] as const satisfies readonly Lang[];

/** Written out once per interface language: a domain's catalogue, or a long document (the legal pages). */
export type Bilingual<T> = Record<Lang, T>;

/** The interface language. */
export const useLang = useLanguage;

/** Adds a domain's catalogue as the namespace `namespace` (so `useTranslation(namespace)` reads it). */
export function addTexts<T extends object>(namespace: string, texts: Bilingual<T>): void {
  for (const lang of LANGUAGES) addCatalogue(lang, namespace, texts[lang]);
}

/** addTexts, and the hook that answers the namespace's words in the interface language. */
export function defineTexts<T extends object>(namespace: string, texts: Bilingual<T>): () => T {
  addTexts(namespace, texts);
  return function useTexts() {
    return catalogueOf(useLang(), namespace) as T;
  };
}
