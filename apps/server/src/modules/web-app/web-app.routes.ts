import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { COOKIE_CONSENT, isWebPage, readCookieConsent } from '@sikkha/contract/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER, isConnectionLost } from '../../db/connection-lost.js';
import { routeNotFound } from '../../http/error-handler.js';
import type { ReadCache } from '../../http/read-cache.js';
import { pageSecurityPolicy } from '../../http/security-headers.js';
import type { ThirdPartyOrigins } from '../../providers/payments/port.js';
import { encodePage, pageCache } from './page-cache.js';
import { META_TABLES, type PageMeta, type PageMetaService } from './page-meta.js';
import { fontPreloads, loadPageRenderer, withRenderedPage } from './page-renderer.js';

/**
 * The SPA: files by name, and index.html (with the page's own title and meta) for every other page path. Without
 * a built web app (tests of the API), unknown paths answer the envelope's 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  meta: PageMetaService,
  options: {
    webDir: string | undefined;
    https: boolean;
    readCache: ReadCache;
    gateway?: ThirdPartyOrigins;
    videoHosts?: readonly string[];
  },
) {
  const web = options.webDir && existsSync(join(options.webDir, 'index.html')) ? options.webDir : undefined;
  const indexHtml = web
    ? readFileSync(join(web, 'index.html'), 'utf8').replace('</head>', () => `  ${fontPreloads(web)}\n  </head>`)
    : undefined;
  const renderPage = web ? await loadPageRenderer(app, web) : undefined;
  const policy = indexHtml
    ? pageSecurityPolicy(indexHtml, options.https, options.gateway, options.videoHosts)
    : undefined;
  if (web) {
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Hashed file names change with their content, so browsers may keep them for good; the rest is checked.
      setHeaders: (res, path) => {
        const hashed = path.includes('/assets/');
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }
  const pages = pageCache(options.readCache);
  options.readCache.watch(META_TABLES);
  const send = (reply: FastifyReply, status: number, answer: { body: Buffer | string; encoding?: string }) => {
    if (answer.encoding) reply.header('content-encoding', answer.encoding);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', policy)
      .send(answer.body);
  };
  app.setNotFoundHandler(async (request, reply) => {
    const page = request.method === 'GET' && !request.url.startsWith('/api/');
    if (!indexHtml || !page) return reply.status(404).send(routeNotFound);
    const accept = request.headers['accept-encoding'];
    // Unknown pages still get the web app, which shows its Not Found page, but say 404 to browsers and crawlers.
    const status = isWebPage(request.url.split(/[?#]/)[0]!) ? 200 : 404;
    // All a page takes from the request besides its URL: other cookies neither change it nor split the cache.
    const consent = readCookieConsent(request.headers.cookie ?? '');
    // Addresses with a query (a search, a campaign's tag) are endless; links to the pages themselves are kept.
    const key = status === 200 && !request.url.includes('?') ? `${consent ?? ''} ${request.url}` : undefined;
    const kept = key ? pages.get(key) : undefined;
    if (kept) return send(reply.header('x-cache', 'hit'), status, await pages.encode(kept, accept));

    const stampOf = options.readCache.versionsNow();
    let pageMeta: PageMeta;
    try {
      pageMeta = await meta.metaFor(request.url);
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      // The database is away: the app's page without its data, which shows its own error and retry, answered 503
      // with Retry-After so a crawler comes back rather than keeping an empty page.
      const page = await encodePage(meta.render(indexHtml, meta.siteMeta(request.url)), accept);
      return send(reply.header('retry-after', String(DATABASE_RETRY_AFTER)), 503, page);
    }
    const shell = meta.render(indexHtml, pageMeta);
    // Public pages come with their markup and data (a visitor's), so a phone paints them before any script runs.
    const { result: rendered, tables } = await options.readCache.tablesRead(async () =>
      renderPage?.(request.url, consent ? `${COOKIE_CONSENT}=${consent}` : '').catch((error: unknown) => {
        request.log.error({ err: error }, 'server rendering failed; the page renders in the browser');
        return null;
      }),
    );
    const html = rendered ? withRenderedPage(shell, rendered) : shell;
    // A render that read something no write announces (an uncached API answer) is made anew each time.
    if (key && rendered && tables) {
      const made = pages.set(key, html, stampOf([...META_TABLES, ...tables]));
      return send(reply, status, await pages.encode(made, accept));
    }
    return send(reply, status, await encodePage(html, accept));
  });
}
