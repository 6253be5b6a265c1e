import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { pendingMigrations } from '../db/client.js';
import type { Jobs } from '../jobs/jobs.js';
import { withRequestContext } from '../lib/request-context.js';
import { routeNotFound } from './error-handler.js';
import type { Metrics } from './metrics.js';

export interface OperationsDeps {
  database: Database;
  jobs: Pick<Jobs, 'running'>;
  metrics: Metrics;
  /** `/metrics` answers only this bearer token; without one it is not served at all (404). */
  metricsToken: string | undefined;
}

/** Compares secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const probe = { schema: { hide: true } } as const;

/**
 * What a process supervisor, a load balancer and Prometheus ask of an instance, outside `/api` and before the web
 * app's fallback:
 *
 * - `GET /health`: the process answers (a liveness probe: restart it when this fails);
 * - `GET /ready`: the database answers, this build's migrations are applied and the job runner runs (a readiness
 *   probe: send it traffic only while this says 200); 503 with the failing check otherwise, and from the moment the
 *   instance starts shutting down;
 * - `GET /metrics`: Prometheus text, behind METRICS_TOKEN.
 *
 * Every request also runs in a request context (its id follows it into the jobs it enqueues), answers its id in
 * `X-Request-Id`, and is counted by route pattern.
 */
export function registerOperations(app: FastifyInstance, deps: OperationsDeps) {
  const { database, jobs, metrics, metricsToken } = deps;
  let closing = false;

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withRequestContext({ requestId: request.id }, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, never the URL: one series per route, and no ids, names or tokens in labels.
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'not-found' : 'unrouted');
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.get('/health', probe, (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/ready', probe, async (_request, reply) => {
    const checks = {
      database: await database.db
        .execute(sql`SELECT 1`)
        .then(() => true)
        .catch(() => false),
      migrations: false,
      jobs: jobs.running(),
      accepting: !closing,
    };
    checks.migrations = checks.database && (await pendingMigrations(database.db).catch(() => -1)) === 0;
    const ready = Object.values(checks).every(Boolean);
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', probe, async (request, reply) => {
    if (!metricsToken) return reply.status(404).send(routeNotFound);
    const bearer = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!bearer || !sameSecret(bearer[1]!, metricsToken)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send('unauthorized\n');
    }
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
