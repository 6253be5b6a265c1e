import type { FastifyInstance } from 'fastify';
import type { PageMetaService } from './page-meta.js';

/** sitemap.xml and robots.txt for search engines. */
export function registerSitemapRoutes(app: FastifyInstance, meta: PageMetaService) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml').send(await meta.sitemap()),
  );
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => reply.type('text/plain').send(meta.robots()));
}
