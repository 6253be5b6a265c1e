import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { openPglite, openPostgres } from './db/client.js';
import { seedDemo } from './demo/seed.js';
import { currentRequestId } from './lib/request-context.js';
import { describeSigning, signingStatus } from './lib/shop-signer.js';

const config = loadConfig();
const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
// Instances started together (a first deploy with replicas) migrate and seed one at a time; the others wait here.
const startedUp = await database.startUpLock();
await database.migrate();
// People starting the shop in a terminal read the log; services collect JSON.
const logger = process.stdout.isTTY
  ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
  : { level: config.logLevel };
const webDir = process.env.WEB_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ config, database, clock: systemClock, webDir, logger });
app.log.info(describeSigning(signingStatus(config.etaxSigner)));

const demo = config.demo
  ? await seedDemo(database.db, { dataDir: config.dataDir, clock: systemClock, files: app.ctx.providers })
  : undefined;
await startedUp();
if (demo) {
  app.log.warn(
    'DEMO: this shop holds demo content and demo accounts. Do not take real orders with it; start with an empty ' +
      'database and DEMO=false (the default with NODE_ENV=production or DATABASE_URL) for a real shop.',
  );
}

/**
 * SIGTERM (a deploy, a container stop) or Ctrl-C: stop taking connections (`/ready` answers 503 meanwhile), let the
 * requests under way finish and the job under way end its current run, close the database, exit 0. Past
 * SHUTDOWN_TIMEOUT the process exits 1 anyway; whatever it had not committed is rolled back by the database, and a
 * job left running is claimed again by another instance when its lease ends.
 *
 * An error nothing caught (a bug, a library's stray event) leaves the process in a state no one can vouch for: it is
 * logged with the request it belonged to, and the process shuts down the same way but exits 1, for its supervisor
 * (the container's restart policy, systemd) to start it again.
 */
let shuttingDown = false;
async function shutDown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  await app.close().catch((error: unknown) => app.log.error({ err: error }, 'closing the server failed'));
  await database.close().catch((error: unknown) => app.log.error({ err: error }, 'closing the database failed'));
  app.log.info('shut down');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down: finishing requests and jobs under way');
    void shutDown(0);
  });
}
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    app.log.fatal({ err: error, reqId: currentRequestId(), event }, 'an error nobody handled: shutting down');
    void shutDown(1);
  });
}

await app.listen({ port: config.port, host: config.host });
app.ctx.jobs.start();
console.log(
  [
    '',
    `  Sikkha is running at ${config.publicUrl}`,
    ...(demo
      ? [
          '  DEMO SHOP: demo content and accounts, not for real orders.',
          `  Demo member: ${demo.member.email} / ${demo.member.password}`,
          demo.created
            ? `  Demo staff:  ${demo.staff.username} / ${demo.staff.password}  (back office: ${config.publicUrl}/admin; shown only now)`
            : `  Demo staff:  ${demo.staff.username} (its password was shown at the first start)`,
        ]
      : []),
    '',
  ].join('\n'),
);
