import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { LANGUAGES, type Lang } from './texts';
import { th } from './th';

export { LANGUAGES, type Lang } from './texts';

export const LANGUAGE_KEY = 'lang';

function storedLanguage(): Lang {
  // The server renders in Thai; a browser that chose English renders its own page instead of hydrating (main.tsx).
  if (typeof localStorage === 'undefined') return 'th';
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return LANGUAGES.find((lang) => lang === stored) ?? 'th';
}

// Keeps <html lang> right for screen readers and Thai line breaking whenever the language changes.
i18next.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

void i18next.use(initReactI18next).init({
  resources: { th: { translation: th }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'th',
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // resources are bundled, so the first render already has them
});

export function changeLanguage(lng: Lang) {
  localStorage.setItem(LANGUAGE_KEY, lng);
  void i18next.changeLanguage(lng);
}
