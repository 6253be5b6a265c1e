import { inLanguage } from '@sikkha/contract';
import { useCallback } from 'react';
import { ApiError } from '../../api/client';
import { useLang } from '../../i18n/texts';
import { useCheckoutTexts } from './texts';

/**
 * A contract message (a form rule's or the server's) in the interface language: verbatim in Thai, so the form and
 * the server say the same words, and through the contract's catalogue in English.
 */
export function useFieldMessage() {
  const lang = useLang();
  return useCallback((message: string | undefined) => (message ? inLanguage(message, lang) : undefined), [lang]);
}

/**
 * What went wrong, for the member: the server's own words (a refused form's field messages, without the field names
 * its summary carries), or, when the shop could not be reached at all (no answer, a proxy's page), a plain sentence
 * instead of the browser's English ("Failed to fetch").
 */
export function useErrorText() {
  const message = useFieldMessage();
  const text = useCheckoutTexts();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status <= 0) return text.networkError;
      const said = error.fields.length > 0 ? [...new Set(error.fields.map((field) => field.message))] : [error.message];
      return said.map(message).join(' ') || text.networkError;
    },
    [message, text.networkError],
  );
}
