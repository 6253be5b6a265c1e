import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The compressed forms the server answers kept text in. */
export type Encoding = 'br' | 'gzip';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * The encoding to answer in: brotli before gzip when the client takes both, identity otherwise (no q-value games).
 * `has` says which compressed copies exist (all, unless given).
 */
export function preferredEncoding(
  accept: string | undefined,
  has: (encoding: Encoding) => boolean = () => true,
): Encoding | undefined {
  if (!accept) return undefined;
  if (has('br') && /\bbr\b/.test(accept)) return 'br';
  if (has('gzip') && /\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/**
 * `text` compressed once, to be sent many times. `level` trades time for size: the brotli quality (0-11) and the
 * gzip level (0-9) to use; text answers (JSON, HTML) compress in brotli's text mode.
 */
export function compressText(text: string, encoding: Encoding, level: { br: number; gzip: number }): Promise<Buffer> {
  if (encoding === 'gzip') return compressGzip(text, { level: level.gzip });
  return compressBrotli(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level.br,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}
