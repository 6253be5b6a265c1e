import { addTexts } from '../../../i18n/texts';
import { accountEn } from './en';
import { accountTh } from './th';

// Importing this module (from any account chunk) adds the namespace before the first account component renders.
export const ACCOUNT_NS = 'account';
addTexts(ACCOUNT_NS, { th: accountTh, en: accountEn });
