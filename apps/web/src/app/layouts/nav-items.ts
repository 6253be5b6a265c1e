import type { Translation } from '../../i18n/th';

/** The menu links, shared by the top bar and the mobile drawer. */
export const NAV_ITEMS: { to: string; label: keyof Translation['nav'] }[] = [
  { to: '/', label: 'home' },
  { to: '/courses', label: 'courses' },
  { to: '/contact', label: 'contact' },
];
