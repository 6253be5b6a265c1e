import { join } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { transactor } from './db/unit-of-work.js';
import { registerAuth, tokenService } from './http/auth.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler, rewriteUrl } from './http/error-handler.js';
import { readCache } from './http/read-cache.js';
import { resourceTables } from './http/resources/bindings.js';
import { registerResources } from './http/resources/engine.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { sessionService } from './http/sessions.js';
import { createJobs } from './jobs/jobs.js';
import { accountsModule } from './modules/accounts/accounts.module.js';
import { catalogueModule } from './modules/catalogue/catalogue.module.js';
import { coinsModule } from './modules/coins/coins.module.js';
import { groupsModule } from './modules/groups/groups.module.js';
import { jobsModule } from './modules/jobs/jobs.module.js';
import type { AppContext, AppModule } from './modules/module.js';
import { playbackModule } from './modules/playback/playback.module.js';
import { seoModule } from './modules/seo/seo.module.js';
import { statisticsModule } from './modules/statistics/statistics.module.js';
import { uploadsModule } from './modules/uploads/uploads.module.js';
import { videosModule } from './modules/videos/videos.module.js';
import { createMailer, type Mailer } from './providers/mail.js';
import { type Messenger, outboxMessenger } from './providers/messaging.js';
import { localDiskStorage, type Storage } from './providers/storage.js';

/** The domains of the shop. The seo module comes last: it answers every path nobody else did. */
const modules: readonly AppModule[] = [
  accountsModule,
  catalogueModule,
  coinsModule,
  statisticsModule,
  groupsModule,
  uploadsModule,
  jobsModule,
  playbackModule,
  videosModule,
  seoModule,
];

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
  /** Messages to the shop's LINE and Facebook channels; by default the outbox table and the log. */
  messenger?: Messenger;
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
    frameworkErrors,
    clientErrorHandler,
    rewriteUrl,
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
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const tokens = tokenService(config.jwtSecret, clock, config.tokenMaxAge);
  const sessions = sessionService(database.db, tokens, clock, config.tokenMaxAge);
  registerAuth(app, tokens, sessions.stillValid);
  const cache = readCache(database);
  await cache.listen();
  cache.register(app);
  const transact = transactor(database, {
    onCommit: cache.committed,
    onEffectError: (error) => app.log.error({ err: error }, 'an effect after a commit failed'),
  });
  // Stopped until `main.ts` starts it; tests run due jobs themselves.
  const jobs = createJobs({ db: database.db, clock, log: app.log });
  app.addHook('onClose', () => jobs.stop());

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    transact,
    tokens,
    sessions,
    providers: {
      mailer:
        deps.mailer ?? createMailer({ db: database.db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom }),
      storage: deps.storage ?? localDiskStorage(join(config.dataDir, 'uploads')),
      messenger: deps.messenger ?? outboxMessenger(database.db, app.log),
    },
    jobs,
    webDir: deps.webDir,
  };
  registerResources(app, {
    db: database.db,
    clock,
    transact,
    tables: resourceTables,
    hooks: Object.assign({}, ...modules.map((m) => m.resourceHooks?.(ctx) ?? {})),
  });
  app.decorate('ctx', ctx);
  for (const module of modules) await module.register?.(app, ctx);
  return app;
}
