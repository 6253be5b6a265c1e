import { useEffect } from 'react';
import { useTranslation } from '../i18n';

/**
 * document.title in the form the server writes for shared links ("{title} | สิกขา"), and the previous title given
 * back when the page goes.
 */
export function usePageTitle(title: string | null | undefined) {
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
