import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isWebPage } from '@sikkha/contract/rules';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from '../../http/error-handler.js';
import { pageSecurityPolicy } from '../../http/security-headers.js';
import type { ThirdPartyOrigins } from '../../providers/payments/port.js';
import { encodePage, fontPreloads, loadPageRenderer, withRenderedPage } from './page-renderer.js';
import type { SeoService } from './seo.service.js';

/** sitemap.xml and robots.txt for search engines. */
export function registerSitemapRoutes(app: FastifyInstance, seo: SeoService) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml').send(await seo.sitemap()),
  );
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => reply.type('text/plain').send(seo.robots()));
}

/**
 * The SPA: files by name, and index.html (with the page's own title and meta) for every other page path. Without
 * a built web app (tests of the API), unknown paths answer the envelope's 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  seo: SeoService,
  options: { webDir: string | undefined; https: boolean; gateway?: ThirdPartyOrigins; videoHosts?: readonly string[] },
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
  app.setNotFoundHandler(async (request, reply) => {
    const page = request.method === 'GET' && !request.url.startsWith('/api/');
    if (!indexHtml || !page) return reply.status(404).send(routeNotFound);
    const shell = seo.render(indexHtml, await seo.metaFor(request.url));
    // Public pages come with their markup and data (a visitor's), so a phone paints them before any script runs.
    const rendered = await renderPage?.(request.url, request.headers.cookie ?? '').catch((error: unknown) => {
      request.log.error({ err: error }, 'server rendering failed; the page renders in the browser');
      return null;
    });
    const html = rendered ? withRenderedPage(shell, rendered) : shell;
    // Unknown pages still get the web app, which shows its Not Found page, but say 404 to browsers and crawlers.
    const status = isWebPage(request.url.split(/[?#]/)[0]!) ? 200 : 404;
    const { body, encoding } = await encodePage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', policy)
      .send(body);
  });
}
