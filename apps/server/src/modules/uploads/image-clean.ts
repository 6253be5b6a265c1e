import type { FileType } from '@sikkha/contract';
import sharp, { type FormatEnum } from 'sharp';
import { AppError, fail } from '../../errors.js';

/** Larger pictures than this (about 8000 × 5000) are refused before they are decoded: no slip needs more. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const formatOf = { png: 'png', jpeg: 'jpeg', gif: 'gif', webp: 'webp' } as const satisfies Partial<
  Record<FileType, keyof FormatEnum>
>;
export type ImageType = keyof typeof formatOf;
export const isImageType = (type: FileType): type is ImageType => type in formatOf;

/**
 * Decodes an uploaded picture completely and encodes its pixels again in the same format. What is stored is only
 * the picture: nothing hidden after its end or in its metadata (a script of a polyglot, a slip's GPS position,
 * the camera) survives, and a photo keeps the way up its camera recorded. A picture that does not decode to the
 * end (truncated, corrupt, or not the type its first bytes claim) is refused.
 */
export async function cleanImage(data: Buffer, type: ImageType): Promise<Buffer> {
  const animated = type === 'gif' || type === 'webp';
  try {
    // The header first: its size is checked here, so that sharp's own limit never turns it into "unreadable".
    const header = await sharp(data, { animated, limitInputPixels: false }).metadata();
    const { format, width = 0, height = 0, pages = 1 } = header;
    if (format !== formatOf[type]) throw fail('UNSUPPORTED_MEDIA_TYPE', 'fileType');
    if (width * height * pages > MAX_IMAGE_PIXELS) throw fail('PAYLOAD_TOO_LARGE', 'tooLarge');
    return await sharp(data, { failOn: 'warning', animated, limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .toFormat(formatOf[type])
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fail('UNPROCESSABLE', 'imageUnreadable');
  }
}
