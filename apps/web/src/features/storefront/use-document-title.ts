import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** document.title in the form the server writes for shared links ("{title} | สิกขา"), given back when done. */
export function useDocumentTitle(title: string | null | undefined) {
  const brand = useTranslation().t('brand.name');
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | ${brand}`;
    return () => {
      document.title = previous;
    };
  }, [title, brand]);
}
