import type { Lang } from '@sikkha/contract';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * The interface's words in two languages: catalogues by language and namespace, the chosen language, and `t`. What
 * the shop used of i18next (dotted keys, `{{name}}` values, whole objects, namespaces added as chunks load) is this
 * much; i18next itself was about 55 KB of the first load's script, evaluated before every first paint's hydration.
 */

/** Each namespace's catalogue type, declared where its layer is in sight (app/i18n-types.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface Namespaces {}
type Namespace = keyof Namespaces & string;

type Catalogue = Record<string, unknown>;
const catalogues: Record<Lang, Record<string, Catalogue>> = { th: {}, en: {} };
let language: Lang = 'th';
const listeners = new Set<() => void>();

export const currentLanguage = (): Lang => language;

export function setLanguage(next: Lang) {
  if (next === language) return;
  language = next;
  // <html lang> drives screen readers and Thai line breaking.
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The interface language, and a re-render when it changes. */
export const useLanguage = (): Lang => useSyncExternalStore(subscribe, currentLanguage, currentLanguage);

/** Adds (or replaces) one namespace's catalogue in one language. Not copied: a catalogue may hold functions. */
export function addCatalogue(lang: Lang, namespace: string, texts: object) {
  catalogues[lang][namespace] = texts as Catalogue;
}

export const catalogueOf = (lang: Lang, namespace: string): unknown => catalogues[lang][namespace];

/** Dotted paths to the words (strings, lists, functions) of a catalogue. */
type Path<T> = {
  [K in keyof T & string]: T[K] extends readonly unknown[]
    ? K
    : T[K] extends Record<string, unknown>
      ? `${K}.${Path<T[K]>}`
      : K;
}[keyof T & string];

type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

export type Values = Record<string, string | number>;

export interface TFunction<N extends Namespace> {
  <P extends Path<Namespaces[N]>>(key: P, options: { returnObjects: true }): At<Namespaces[N], P>;
  <P extends Path<Namespaces[N]>>(key: P, values?: Values): string;
}

function lookup(lang: Lang, namespace: string, key: string): unknown {
  let node: unknown = catalogues[lang][namespace];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[part];
  }
  return node;
}

/** A key's words in `lang` (Thai when the language lacks them), `{{name}}` filled from `values`; else the key. */
export function translate(lang: Lang, namespace: string, key: string, values?: Values | { returnObjects: true }) {
  const found = lookup(lang, namespace, key) ?? lookup('th', namespace, key);
  if (values && 'returnObjects' in values) return found ?? key;
  if (typeof found !== 'string') return key;
  if (!values) return found;
  const given = values as Values;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in given ? String(given[name]) : placeholder,
  );
}

/** `t` for one namespace in the interface language; the component re-renders when the language changes. */
export function useTranslation<N extends Namespace = 'translation' & Namespace>(namespace?: N) {
  const lang = useLanguage();
  const ns = namespace ?? 'translation';
  // One function per language, as i18next gave: a component may list `t` among an effect's dependencies.
  const t = useMemo(
    () =>
      ((key: string, values?: Values | { returnObjects: true }) => translate(lang, ns, key, values)) as TFunction<N>,
    [lang, ns],
  );
  return { t, lang };
}
