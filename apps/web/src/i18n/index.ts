import { en } from './en';
import { LANGUAGES, type Lang } from './texts';
import { th } from './th';
import { addCatalogue, setLanguage } from './translator';

export { LANGUAGES, type Lang } from './texts';
export { currentLanguage, useLanguage, useTranslation } from './translator';

export const LANGUAGE_KEY = 'lang';

function storedLanguage(): Lang {
  // The server renders in Thai; a browser that chose English renders its own page instead of hydrating (main.tsx).
  if (typeof localStorage === 'undefined') return 'th';
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return LANGUAGES.find((lang) => lang === stored) ?? 'th';
}

// The shell's words ship with the first load, so the first render already has them.
addCatalogue('th', 'translation', th);
addCatalogue('en', 'translation', en);
setLanguage(storedLanguage());

export function changeLanguage(lng: Lang) {
  localStorage.setItem(LANGUAGE_KEY, lng);
  setLanguage(lng);
}
