import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * answers are kept until a write to a table they read; writes announce themselves through the database, so
 * every instance forgets at once.
 */
export function readCache(database: Database, maxEntries = 2000) {
  const versions = new Map<string, number>();
  const entries = new Map<string, Entry>();
  const versionOf = (table: string) => versions.get(table) ?? 0;

  const forget = (table: string) => versions.set(table, versionOf(table) + 1);
  // Notices carry who sent them: this instance forgot at the write already, and forgetting again on its own echo
  // would only throw away an answer made since.
  const self = crypto.randomUUID();

  return {
    /** Start hearing other instances' writes. */
    listen: () =>
      database.onChange((notice) => {
        if (notice === EVERYTHING) {
          entries.clear();
          return;
        }
        const [sender, table] = notice.split('|');
        if (sender !== self && table) forget(table);
      }),
    /** After a write commits: this instance forgets now, the others when the notice arrives. */
    async changed(table: string) {
      forget(table);
      await database.publishChange(`${self}|${table}`);
    },
    register(app: FastifyInstance) {
      const cacheable = (request: FastifyRequest) => {
        const config = request.routeOptions.config.readCache;
        const who = request.actor.kind;
        return request.method === 'GET' && config && (who === 'visitor' || (who === 'member' && config.members))
          ? config
          : undefined;
      };
      // The table versions seen before a miss is answered: a write while the answer is being made leaves the
      // stored entry already stale, never stale-but-current.
      const before = new WeakMap<FastifyRequest, number[]>();

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
