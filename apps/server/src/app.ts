import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAuth, tokenService } from './http/auth.js';
import { registerErrorHandler, routeNotFound } from './http/error-handler.js';
import { readCache } from './http/read-cache.js';
import { registerResources } from './http/resources/engine.js';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.js';
import { accountsService } from './modules/accounts/accounts.service.js';
import { registerEmailCodeRoutes } from './modules/accounts/email-codes.routes.js';
import { emailCodesService } from './modules/accounts/email-codes.service.js';
import { sessionService } from './modules/accounts/sessions.js';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { resourceBindings } from './modules/resource-bindings.js';
import { seoService } from './modules/seo/seo.service.js';
import { signupTickets } from './modules/social/signup-ticket.js';
import { registerSocialRoutes } from './modules/social/social.routes.js';
import { uploadsModule } from './modules/uploads/uploads.routes.js';
import { createMailer, type Mailer } from './providers/mail.js';
import { localDiskStorage, type Storage } from './providers/storage.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  /** Built web app to serve at /, when present. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Uploaded files; by default on disk under `<dataDir>/uploads`. */
  storage?: Storage;
  /** Outgoing mail; by default SMTP from SMTP_URL, or the outbox table and the log without it. */
  mailer?: Mailer;
}

/** The whole server, as `main.ts` runs it and as tests build it. */
export async function buildApp(deps: AppDeps) {
  const { config, database, clock } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // One line per request is noise at info level; debug and trace keep it.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    routerOptions: { maxParamLength: 300 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sikkha API', version: '1.0.0', description: 'Thai online video-course shop' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const tokens = tokenService(config.jwtSecret, clock, config.tokenMaxAge);
  const sessions = sessionService(database.db, tokens, clock, config.tokenMaxAge);
  registerAuth(app, tokens, sessions.isRevoked);
  const mailer =
    deps.mailer ?? createMailer({ db: database.db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const tickets = signupTickets(config.jwtSecret, clock);
  const verifySignupTicket = config.google || config.facebook ? tickets.verify : undefined;
  const accounts = accountsService({ db: database.db, clock, sessions, verifySignupTicket });
  registerAccountRoutes(app, accounts, sessions);
  const codes = emailCodesService({
    db: database.db,
    clock,
    mailer,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    currentUser: accounts.currentUser,
  });
  registerEmailCodeRoutes(app, codes);
  registerSocialRoutes(app, { db: database.db, clock, config, accounts, tickets });
  const cache = readCache(database);
  await cache.listen();
  cache.register(app);
  registerResources(app, { database, clock, bindings: resourceBindings, cache });
  registerCatalogueRoutes(app, { db: database.db, clock });
  await app.register(uploadsModule, {
    database,
    clock,
    storage: deps.storage ?? localDiskStorage(join(config.dataDir, 'uploads')),
  });

  const seo = seoService(database.db, config.publicUrl);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml').send(await seo.sitemap()),
  );
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => reply.type('text/plain').send(seo.robots()));

  // The SPA: files by name, and index.html (with the page's own title and meta) for every other page path.
  const web = deps.webDir && existsSync(join(deps.webDir, 'index.html')) ? deps.webDir : undefined;
  const indexHtml = web ? readFileSync(join(web, 'index.html'), 'utf8') : undefined;
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
    const html = seo.render(indexHtml, await seo.metaFor(request.url));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return app;
}
