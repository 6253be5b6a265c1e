import type { MessageKey } from '@sikkha/contract';

/** A refusal (403) that tells the caller why, when "not allowed" alone would leave them stuck. */
export interface Refusal {
  refused: MessageKey;
}

/** A policy's answer: allowed, refused (403, with its reason when it has one), or refused as if the thing did not exist (404). */
export type Decision = boolean | 'hide' | Refusal;
