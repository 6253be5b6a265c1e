import { z } from 'zod';

/**
 * What members write in public (course reviews now, lesson questions later) is shown until staff hide it; hidden
 * text leaves every public read and every count at once, and staff may show it again. Each change is audited.
 */
export const moderationStates = ['shown', 'hidden'] as const;
export type ModerationState = (typeof moderationStates)[number];

const id = z.number().int().positive().max(2_147_483_647);

/** Staff hide or restore one text, with an optional note for the audit history. */
export const moderationBody = z.strictObject({
  id,
  state: z.enum(moderationStates),
  note: z.string().trim().max(500).optional(),
});
