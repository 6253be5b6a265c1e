import i18next from 'i18next';
import { accountEn } from './en';
import { accountTh } from './th';

// Importing this module (from any account chunk) adds the namespace before the first account component renders.
export const ACCOUNT_NS = 'account';
i18next.addResourceBundle('th', ACCOUNT_NS, accountTh, true, true);
i18next.addResourceBundle('en', ACCOUNT_NS, accountEn, true, true);
