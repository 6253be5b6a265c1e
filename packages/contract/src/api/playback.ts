import { z } from 'zod';
import { f } from '../fields.js';

export const playbackQuery = z.object({
  productId: f.ref(),
  videoId: f.ref(),
  /**
   * `1` for a player that hands the URL to the browser's own HLS (Safari), which cannot send the bearer token: the
   * playlist URL then carries its own signature, good for a short start window.
   */
  native: z.enum(['0', '1']).optional(),
});

/**
 * How to play a lesson, for a caller allowed to watch it.
 * - `hls`: a video packaged here (AES-128 HLS). `url` is the master playlist; every URL under it is signed and
 *   expires at `expiresAt`. When `bound`, the lesson is private and the playlist, its renditions, segments and key
 *   answer only the viewer it was made for: hls.js sends the bearer token on every request (`xhrSetup`); a
 *   `native` URL carries a signature instead. Preview and public lessons are not bound.
 * - `external`: a video hosted elsewhere, with the source the staff entered.
 */
export const playbackSource = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hls'),
    url: z.string(),
    expiresAt: z.iso.datetime(),
    bound: z.boolean(),
    duration: z.number().nullable(),
  }),
  z.object({
    type: z.literal('external'),
    format: z.string().nullable(),
    hls: z.string().nullable(),
    iframe: z.string().nullable(),
    embed: z.string().nullable(),
    contentId: z.string().nullable(),
  }),
]);
export type PlaybackSource = z.infer<typeof playbackSource>;
