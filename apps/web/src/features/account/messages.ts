import { inLanguage } from '@sikkha/contract';
import { useCallback } from 'react';
import { useLang } from '../../i18n/texts';

/**
 * Shows a contract message (from a form rule or the server) in the interface language. In Thai the contract's
 * words are shown verbatim, so the form and the server say the same thing; in English the contract's catalogue
 * translates the same message wherever it comes from.
 */
export function useAccountMessage() {
  const lang = useLang();
  return useCallback((message: string | undefined) => (message ? inLanguage(message, lang) : message), [lang]);
}

export { accountMessages } from '@sikkha/contract';
