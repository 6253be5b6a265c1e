import { inLanguage } from '@sikkha/contract';
import { useLang } from '../i18n/texts';
import { ApiError } from './client';

/**
 * The server's words for a refused write, in the interface language: under each field the form shows (`fields`),
 * and the rest as one sentence for the form (a 403, a 429, a field the form has no place for).
 */
export function useFieldErrors<F extends string>(error: unknown, fields: readonly F[]) {
  const lang = useLang();
  const byField: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return { ...byField, other: undefined };
  for (const field of fields) {
    const found = error.fields.find((f) => f.path === field);
    if (found) byField[field] = inLanguage(found.message, lang);
  }
  const placed = error.fields.some((f) => (fields as readonly string[]).includes(f.path));
  return { ...byField, other: placed ? undefined : inLanguage(error.message, lang) };
}
