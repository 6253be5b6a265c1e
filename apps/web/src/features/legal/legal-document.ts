import type { Bilingual } from '../../i18n/texts';

export type { Bilingual };

/**
 * A paragraph, or a list. Text may hold links written as [label](/path) or [label](https://…); bare e-mail
 * addresses become mailto links.
 */
export type Block = string | { list: string[] };

export interface LegalSection {
  /** The anchor of the section (ASCII, the same in every language, so a shared #link works in both). */
  id: string;
  heading: string;
  blocks: Block[];
}

export interface LegalDocument {
  title: string;
  /** The date line under the title, as the notice states it. */
  dated: string;
  intro: Block[];
  sections: LegalSection[];
}

/** The shop's data protection contact, named in every notice. */
export const DPO_EMAIL = 'privacy@sikkha.example';
