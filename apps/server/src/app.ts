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
import { safeLogging } from './http/log-safety.js';
import { createMetrics } from './http/metrics.js';
import { registerOperations } from './http/operations.js';
import { readCache } from './http/read-cache.js';
import { resourceTables } from './http/resources/bindings.js';
import { composeHooks, registerResources } from './http/resources/engine.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { sessionService } from './http/sessions.js';
import { createJobs } from './jobs/jobs.js';
import { requestIdOf } from './lib/request-context.js';
import { accountsModule } from './modules/accounts/accounts.module.js';
import { backofficeModule } from './modules/backoffice/backoffice.module.js';
import { catalogueModule } from './modules/catalogue/catalogue.module.js';
import { certificatesModule } from './modules/certificates/certificates.module.js';
import { coinsModule } from './modules/coins/coins.module.js';
import { couponsModule } from './modules/coupons/coupons.module.js';
import { documentsModule } from './modules/documents/documents.module.js';
import { groupsModule } from './modules/groups/groups.module.js';
import { jobsModule } from './modules/jobs/jobs.module.js';
import { lessonCommentsModule } from './modules/lesson-comments/lesson-comments.module.js';
import { messagingModule } from './modules/messaging/messaging.module.js';
import type { AppContext, AppModule } from './modules/module.js';
import { ordersModule } from './modules/orders/orders.module.js';
import { playbackModule } from './modules/playback/playback.module.js';
import { quizzesModule } from './modules/quizzes/quizzes.module.js';
import { reviewsModule } from './modules/reviews/reviews.module.js';
import { sandboxGatewayModule } from './modules/sandbox-gateway/sandbox-gateway.module.js';
import { statisticsModule } from './modules/statistics/statistics.module.js';
import { uploadsModule } from './modules/uploads/uploads.module.js';
import { videosModule } from './modules/videos/videos.module.js';
import { webAppModule } from './modules/web-app/web-app.module.js';
import { createMailer, type Mailer } from './providers/mail.js';
import { createMessenger, type Messenger } from './providers/messaging.js';
import { createPayments, type Payments } from './providers/payments/index.js';
import type { PdfRenderer } from './providers/pdf/pdf.js';
import { typstPdf } from './providers/pdf/typst.js';
import { s3Files } from './providers/s3-storage.js';
import { localDiskStorage, localPackageStore, type Storage } from './providers/storage.js';

/** The domains of the shop. The web app module comes last: it answers every path nobody else did. */
const modules: readonly AppModule[] = [
  sandboxGatewayModule,
  accountsModule,
  catalogueModule,
  coinsModule,
  ordersModule,
  couponsModule,
  statisticsModule,
  groupsModule,
  certificatesModule,
  documentsModule,
  uploadsModule,
  jobsModule,
  playbackModule,
  quizzesModule,
  reviewsModule,
  lessonCommentsModule,
  videosModule,
  backofficeModule,
  messagingModule,
  webAppModule,
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
  /** Group-code requests to staff; by default the staff LINE group when set, or the outbox table and the log. */
  messenger?: Messenger;
  /** The card and QR gateway; by default the one the settings choose (the sandbox on the embedded default). */
  payments?: Payments;
  /** PDFs (certificates, receipts); by default Typst with the Sarabun font. */
  pdf?: PdfRenderer;
}

/** The whole server, as `main.ts` runs it and as tests build it. */
export async function buildApp(deps: AppDeps) {
  const { config, database, clock } = deps;
  // Made before the app: the cache's front door answers cached reads ahead of Fastify (http/read-cache.ts).
  const metrics = createMetrics(database);
  const cache = readCache(database, { observe: metrics.observeRequest });
  const app = Fastify({
    serverFactory: cache.serverFactory,
    // Whoever passes a logger gets the same censoring of secrets and personal data (http/log-safety.ts).
    logger: deps.logger ? { ...safeLogging, ...(deps.logger === true ? {} : deps.logger) } : false,
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
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
  await cache.listen();
  cache.register(app);
  const transact = transactor(database, {
    onCommit: cache.committed,
    onEffectError: (error) => app.log.error({ err: error }, 'an effect after a commit failed'),
  });
  // Stopped until `main.ts` starts it; tests run due jobs themselves.
  const jobs = createJobs({ db: database.db, clock, log: app.log, onOutcome: metrics.jobOutcome });
  app.addHook('onClose', () => jobs.stop());
  registerOperations(app, { database, jobs, metrics, metricsToken: config.metricsToken });

  const payments = deps.payments ?? createPayments(config, clock);
  // Uploaded files and video packages: on the data folder's disk, or in the S3-compatible bucket the settings name.
  const files =
    config.storage.kind === 's3'
      ? s3Files(config.storage)
      : {
          storage: localDiskStorage(join(config.dataDir, 'uploads')),
          packages: localPackageStore(join(config.dataDir, 'hls')),
        };
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
        deps.mailer ??
        createMailer({
          db: database.db,
          log: app.log,
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          etaxCopyTo: config.etaxTimestampMailbox,
          logContent: config.env !== 'production',
        }),
      storage: deps.storage ?? files.storage,
      packages: files.packages,
      messenger: deps.messenger ?? createMessenger(config.line, database.db, app.log, config.env !== 'production'),
      payments: payments.gateway,
      paymentSandbox: payments.sandbox,
      pdf: deps.pdf ?? typstPdf(),
    },
    jobs,
    readCache: cache,
    webDir: deps.webDir,
  };
  registerResources(app, {
    db: database.db,
    clock,
    transact,
    tables: resourceTables,
    hooks: composeHooks(modules.map((m) => m.resourceHooks?.(ctx) ?? {})),
  });
  app.decorate('ctx', ctx);
  for (const module of modules) await module.register?.(app, ctx);
  return app;
}
