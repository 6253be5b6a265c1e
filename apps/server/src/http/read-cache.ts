import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseNotice, watchTables } from '../db/change-notices.js';
import { type Database, EVERYTHING } from '../db/client.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read whose answer is the same for every visitor and member: kept in memory, keyed by URL, until
     * one of these tables changes.
     */
    readCache?: { tables: readonly string[]; members: boolean };
  }
}

interface Entry {
  payload: string;
  contentType: string;
  versions: number[];
}

/**
 * The public catalogue from memory. No database round trip can serve a shop's busiest pages fast enough, so
 * answers are kept until a write to a table they read. The database itself announces every committed write to
 * those tables (`watchTables`), whoever made it, so no code path can forget to, and every instance forgets at once.
 */
export function readCache(database: Database, maxEntries = 2000) {
  const versions = new Map<string, number>();
  const entries = new Map<string, Entry>();
  const watched = new Set<string>();
  const versionOf = (table: string) => versions.get(table) ?? 0;
  const forget = (table: string) => versions.set(table, versionOf(table) + 1);
  // Transactions this instance forgot at their commit already: forgetting again when their notice echoes back
  // would only throw away answers made since. Bounded, as an echo can arrive before the commit returns.
  const own = new Set<string>();

  return {
    /** Start hearing committed writes, this instance's and the others'. */
    listen: () =>
      database.onChange((notice) => {
        if (notice === EVERYTHING) {
          entries.clear();
          return;
        }
        const { table, txid } = parseNotice(notice);
        if (!own.has(txid)) forget(table);
      }),
    /** A unit of work that changed these tables has committed: forget now rather than when its notice arrives. */
    committed(change: { tables: readonly string[]; txid: string }) {
      for (const table of change.tables) forget(table);
      own.add(change.txid);
      if (own.size > 1000) own.delete(own.values().next().value!);
    },
    register(app: FastifyInstance) {
      const cacheable = (request: FastifyRequest) => {
        const config = request.routeOptions.config.readCache;
        const who = request.actor.kind;
        // A refused token is not a visitor's request: the route may answer it with a 401.
        const visitor = who === 'visitor' && !request.tokenProblem;
        return request.method === 'GET' && config && (visitor || (who === 'member' && config.members))
          ? config
          : undefined;
      };
      // The table versions seen before a miss is answered: a write while the answer is being made leaves the
      // stored entry already stale, never stale-but-current.
      const before = new WeakMap<FastifyRequest, number[]>();

      app.addHook('onRoute', (route) => {
        for (const table of route.config?.readCache?.tables ?? []) watched.add(table);
      });
      app.addHook('onReady', () => watchTables(database.db, [...watched]));

      app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
        const config = cacheable(request);
        if (!config) return;
        const current = config.tables.map(versionOf);
        const hit = entries.get(request.url);
        if (!hit || current.some((v, i) => v !== hit.versions[i])) {
          before.set(request, current);
          return;
        }
        entries.delete(request.url);
        entries.set(request.url, hit);
        reply.header('content-type', hit.contentType).header('x-cache', 'hit');
        return reply.send(hit.payload);
      });

      app.addHook('onSend', async (request, reply, payload) => {
        const seen = before.get(request);
        if (!seen || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
        entries.set(request.url, {
          payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          versions: seen,
        });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        return payload;
      });
    },
  };
}

export type ReadCache = ReturnType<typeof readCache>;
