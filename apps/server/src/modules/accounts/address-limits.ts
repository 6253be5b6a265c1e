import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { attemptCounter, type Limit } from '../../http/attempt-counter.js';

const MINUTE = 60_000;

/**
 * Public answers that say whether an account exists, and making accounts, counted per client address: a person
 * registering checks an address a few times, a script probing who shops here asks hundreds. Past the limit the
 * answer is 429 with `Retry-After`. Staff are not counted (their lookups are back-office work). Reset links and
 * reset codes have their own limits (`RESET_LIMITS`).
 */
export const ADDRESS_LIMITS = {
  lookup: {
    routes: ['/api/userByEmail', '/api/userByUsername', '/api/userByGoogle', '/api/userByFacebook'],
    limit: { max: 60, windowMs: 15 * MINUTE },
  },
  register: { routes: ['/api/userRegister'], limit: { max: 10, windowMs: 60 * MINUTE } },
} as const satisfies Record<string, { routes: readonly string[]; limit: Limit }>;

const groupOf = new Map<string, [string, Limit]>(
  Object.entries(ADDRESS_LIMITS).flatMap(([group, { routes, limit }]) =>
    routes.map((route) => [route, [group, limit]] as const),
  ),
);

/** Counts each valid request to a limited route against its client address, before the route answers. */
export function registerAddressLimits(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  const counter = attemptCounter(db, clock);
  app.addHook('preHandler', async (request) => {
    const hit = groupOf.get(request.routeOptions.url ?? '');
    if (!hit || request.actor.kind === 'staff') return;
    const [group, limit] = hit;
    await counter.limit(`address-${group}:${request.ip}`, limit);
  });
}
