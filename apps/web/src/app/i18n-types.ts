import type { AccountTranslation } from '../features/account/texts/th';
import type { Translation } from '../i18n/th';

// The keys t() accepts. Declared here, where every layer is in sight: the shell's words are shared (i18n/), the
// account namespace is the account feature's (added at run time with its chunks).
declare module '../i18n/translator' {
  interface Namespaces {
    translation: Translation;
    account: AccountTranslation;
  }
}
