import { compressText, type Encoding, preferredEncoding } from '../../http/compression.js';
import type { ReadCache, Stamp } from '../../http/read-cache.js';

/** A rendered page's answer: its HTML, compressed once per encoding when a browser first asks for it. */
interface CachedPage extends Stamp {
  key: string;
  html: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Bytes held: the HTML (UTF-8) and its compressed copies once made. */
  bytes: number;
}

/**
 * A rendered page is tens of kilobytes of markup and styles that shrink about tenfold. Brotli at a middle quality
 * costs a few milliseconds, paid once per kept page (on the request that asks first).
 */
const PAGE_LEVEL = { br: 5, gzip: 6 };
const compress = (html: string, encoding: Encoding) => compressText(html, encoding, PAGE_LEVEL);

/** A page not kept (a 404, the app shell of a page the server does not render), compressed for this request. */
export async function encodePage(html: string, acceptEncoding: string | undefined) {
  const encoding = preferredEncoding(acceptEncoding);
  return { body: encoding ? await compress(html, encoding) : html, encoding };
}

/**
 * The storefront's rendered pages from memory. Rendering a page costs a phone's first paint 200-350 ms of server
 * time, so its answer is kept until a write to a table it was made from: the tables of the API answers its render
 * read (whose writes the database announces to every instance, see read-cache.ts) and those its meta came from.
 * The least recently used pages go once the cache holds more than `maxEntries` pages or `maxBytes` bytes.
 */
export function pageCache(reads: ReadCache, options: { maxEntries?: number; maxBytes?: number } = {}) {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const pages = new Map<string, CachedPage>();
  let bytes = 0;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  };
  const evict = () => {
    while (pages.size > maxEntries || bytes > maxBytes) drop(pages.keys().next().value!);
  };
  const grow = (page: CachedPage, more: number) => {
    page.bytes += more;
    if (pages.get(page.key) !== page) return;
    bytes += more;
    evict();
  };

  return {
    /** The page kept under `key`, while none of its tables changed since it was made. */
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      drop(key);
      if (!reads.isCurrent(page)) return undefined;
      pages.set(key, page);
      bytes += page.bytes;
      return page;
    },
    /** Keeps a page's HTML, made from the tables in `stamp`. */
    set(key: string, html: string, stamp: Stamp): CachedPage {
      drop(key);
      const page: CachedPage = { ...stamp, key, html, encoded: {}, bytes: Buffer.byteLength(html) };
      pages.set(key, page);
      bytes += page.bytes;
      evict();
      return page;
    },
    /** A kept page's bytes for this browser: each compressed copy is made once, when first asked for. */
    async encode(
      page: CachedPage,
      acceptEncoding: string | undefined,
    ): Promise<{ body: Buffer | string; encoding?: Encoding }> {
      const encoding = preferredEncoding(acceptEncoding);
      if (!encoding) return { body: page.html };
      let copy = page.encoded[encoding];
      if (!copy) {
        copy = compress(page.html, encoding);
        page.encoded[encoding] = copy;
        copy.then(
          (made) => grow(page, made.length),
          () => delete page.encoded[encoding],
        );
      }
      return { body: await copy, encoding };
    },
    /** How many pages and bytes are kept. */
    size: () => ({ entries: pages.size, bytes }),
  };
}
