import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, RawServerDefault } from 'fastify';
import { parseNotice, watchTables } from '../db/change-notices.js';
import { type Database, EVERYTHING, FEED_LOST } from '../db/client.js';
import { requestIdOf } from '../lib/request-context.js';
import { compressText, preferredEncoding } from './compression.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read whose answer is the same for every visitor and member: kept in memory, keyed by URL, until
     * one of these tables changes.
     */
    readCache?: { tables: readonly string[]; members: boolean };
  }
}

/** The tables an answer was made from and their versions then: it is current while none of them has changed. */
export interface Stamp {
  tables: readonly string[];
  versions: number[];
}

/** What the requests made inside `tablesRead` read: their routes' tables, and whether one was no cached public read. */
interface Reads {
  tables: Set<string>;
  uncached: boolean;
}
const reading = new AsyncLocalStorage<Reads>();

interface Entry extends Stamp {
  /** The answer serialized once, never per request; kept as text so Node writes headers and body in one write. */
  text: string;
  /** Its length in bytes (UTF-8). */
  bytes: number;
  /** The same bytes compressed, filled in shortly after the entry is made (compressing never delays an answer). */
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  /** The route's pattern, for the request metrics of an answer from the front door. */
  route: string;
  /** The app-wide headers the answer that made the entry carried (security headers), as a visitor gets them. */
  headers: [string, string][];
  /**
   * What the front door writes before the request id, flat as Node's writeHead takes them, made once per
   * encoding: a hit then costs one array copy, not a header list rebuilt and validated per request.
   */
  heads: { identity: string[]; br?: string[]; gzip?: string[] };
}

/** Headers that belong to one answer, never to the stored entry. */
const ownHeaders = new Set(['content-length', 'content-encoding', 'x-request-id', 'x-cache', 'cache-control', 'date']);

/**
 * Helmet's headers that only mean something on an HTML page (DNS prefetching of its links, IE's download dialog,
 * Flash and PDF policy files, the XSS auditor, origin-keyed agent clusters): the front door leaves them off the JSON
 * it answers. What protects a JSON answer stays: nosniff, framing, referrer, HSTS, cross-origin policies.
 */
const pageOnlyHeaders = new Set([
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'origin-agent-cluster',
]);

function headFor(entry: Entry, encoding?: 'br' | 'gzip'): string[] {
  const length = encoding ? entry[encoding]!.length : entry.bytes;
  return [
    ...entry.headers.filter(([name]) => !pageOnlyHeaders.has(name)).flat(),
    'x-cache',
    'hit',
    'content-length',
    String(length),
    ...(encoding ? ['content-encoding', encoding] : []),
  ];
}

/** Below this the compressed answer saves less than its headers and the client's work cost. */
const COMPRESS_FROM = 1024;
/** Made in the background after the first answer, so the smallest copies are worth their time. */
const ENTRY_LEVEL = { br: 9, gzip: 9 };

/** The encoding to answer an entry in, among the copies it has. */
const encodingFor = (entry: Entry, accept: string | undefined) =>
  preferredEncoding(accept, (encoding) => entry[encoding] !== undefined);

async function compressInto(entry: Entry) {
  const [br, gz] = await Promise.all([
    compressText(entry.text, 'br', ENTRY_LEVEL),
    compressText(entry.text, 'gzip', ENTRY_LEVEL),
  ]);
  entry.br = br;
  entry.gzip = gz;
  entry.heads = { ...entry.heads, br: headFor(entry, 'br'), gzip: headFor(entry, 'gzip') };
}

/**
 * The public catalogue from memory. No database round trip can serve a shop's busiest pages fast enough, so
 * answers are kept until a write to a table they read. The database itself announces every committed write to
 * those tables (`watchTables`), whoever made it, so no code path can forget to, and every instance forgets at once.
 */
export function readCache(
  database: Database,
  options: {
    maxEntries?: number;
    observe?: (method: string, route: string, status: number, seconds: number) => void;
  } = {},
) {
  const maxEntries = options.maxEntries ?? 2000;
  const versions = new Map<string, number>();
  const entries = new Map<string, Entry>();
  const watched = new Set<string>();
  const versionOf = (table: string) => versions.get(table) ?? 0;
  const forget = (table: string) => versions.set(table, versionOf(table) + 1);
  // Transactions this instance forgot at their commit already: forgetting again when their notice echoes back
  // would only throw away answers made since. Bounded, as an echo can arrive before the commit returns.
  const own = new Set<string>();
  // While the change feed is lost, another instance's write would go unheard: nothing kept is served as current.
  let deaf = false;
  const isCurrent = (stamp: Stamp, tables = stamp.tables) =>
    !deaf && tables.every((t, i) => versionOf(t) === stamp.versions[i]);
  let closing = false;

  /**
   * The busiest answers, before Fastify: a visitor's GET (no token) of a URL whose entry is current is written
   * straight from memory with the headers its route's answer carried, a fresh request id, and its metrics. This
   * skips routing, validation and every hook (they would only recompute the same headers), which is what brings
   * a catalogue read near a bare server's rate. Anything else, and everything while the server closes, goes on to
   * Fastify.
   */
  function frontDoor(req: IncomingMessage, res: ServerResponse): boolean {
    if (closing || req.method !== 'GET' || req.headers.authorization !== undefined) return false;
    const hit = entries.get(req.url ?? '');
    if (!hit || !isCurrent(hit)) return false;
    entries.delete(req.url!);
    entries.set(req.url!, hit);
    const started = performance.now();
    const encoding = encodingFor(hit, req.headers['accept-encoding']);
    const head = encoding ? hit.heads[encoding] : hit.heads.identity;
    res.writeHead(200, [...head!, 'x-request-id', requestIdOf(req.headers['x-request-id'])]);
    res.end(encoding ? hit[encoding] : hit.text);
    options.observe?.('GET', hit.route, 200, (performance.now() - started) / 1000);
    return true;
  }

  return {
    /** Start hearing committed writes, this instance's and the others'. */
    listen: () =>
      database.onChange((notice) => {
        if (notice === EVERYTHING || notice === FEED_LOST) {
          deaf = notice === FEED_LOST;
          entries.clear();
          // Answers kept elsewhere (the rendered pages) go stale with them.
          for (const table of watched) forget(table);
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
    /** Tables read for answers made outside the routes (a page's meta): hear their writes too. Before `ready`. */
    watch(tables: readonly string[]) {
      for (const table of tables) watched.add(table);
    },
    /**
     * The tables' versions now, for an answer made next from tables known only once it is made (a rendered page):
     * a write meanwhile leaves its stamp already stale.
     */
    versionsNow(): (tables: readonly string[]) => Stamp {
      const seen = new Map(versions);
      return (tables) => ({ tables, versions: tables.map((table) => seen.get(table) ?? 0) });
    },
    isCurrent: (stamp: Stamp) => isCurrent(stamp),
    /**
     * Runs `work` and says which tables the requests it made in this process (`app.inject`) read: the tables of
     * their cached public reads, or undefined when one of them was anything else, whose answer no write here
     * announces.
     */
    async tablesRead<T>(work: () => Promise<T>): Promise<{ result: T; tables: string[] | undefined }> {
      const reads: Reads = { tables: new Set(), uncached: false };
      const result = await reading.run(reads, work);
      return { result, tables: reads.uncached ? undefined : [...reads.tables] };
    },
    /**
     * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), with the front door before
     * Fastify's handler. `app.inject` bypasses it, so tests of the hooks' path still see Fastify answer.
     */
    serverFactory(
      handler: (req: IncomingMessage, res: ServerResponse) => void,
      serverOptions: FastifyServerOptions & { http?: ServerOptions },
    ): RawServerDefault {
      const server = createServer(serverOptions.http ?? {}, (req, res) => {
        if (!frontDoor(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = serverOptions.keepAliveTimeout ?? 72_000;
      server.requestTimeout = serverOptions.requestTimeout ?? 0;
      server.setTimeout(serverOptions.connectionTimeout ?? 0);
      return server;
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

      // A hit is answered from the route's own request hook, which runs after every app-wide one (request id,
      // security headers, the caller's token): no validation or handler, and the stored bytes go out as they are,
      // compressed when the client accepts it. The URL was validated when its entry was made: only a 200 is stored.
      const serve = async (request: FastifyRequest, reply: FastifyReply) => {
        const config = cacheable(request);
        if (!config) return;
        const hit = entries.get(request.url);
        if (!hit || !isCurrent(hit, config.tables)) {
          before.set(request, config.tables.map(versionOf));
          return;
        }
        entries.delete(request.url);
        entries.set(request.url, hit);
        const encoding = encodingFor(hit, request.headers['accept-encoding']);
        reply.header('content-type', hit.contentType).header('vary', 'accept-encoding').header('x-cache', 'hit');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding ? hit[encoding] : hit.text);
      };

      // After the caller's token is known (registerAuth's hook comes first): what a request inside `tablesRead` read.
      app.addHook('onRequest', (request, _reply, done) => {
        const reads = reading.getStore();
        if (reads) {
          const tables = cacheable(request)?.tables;
          if (tables) for (const table of tables) reads.tables.add(table);
          else reads.uncached = true;
        }
        done();
      });

      app.addHook('onRoute', (route) => {
        const tables = route.config?.readCache?.tables;
        if (!tables) return;
        for (const table of tables) watched.add(table);
        route.onRequest = [...[route.onRequest ?? []].flat(), serve];
      });
      app.addHook('onReady', () => watchTables(database.db, [...watched]));
      app.addHook('preClose', (done) => {
        closing = true;
        done();
      });

      app.addHook('onSend', async (request, reply, payload) => {
        const seen = before.get(request);
        if (!seen || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
        reply.header('vary', 'accept-encoding');
        const config = request.routeOptions.config.readCache!;
        const entry: Entry = {
          text: payload,
          bytes: Buffer.byteLength(payload),
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          tables: config.tables,
          versions: seen,
          route: request.routeOptions.url ?? request.url,
          headers: Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
            ownHeaders.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
          ),
          heads: { identity: [] },
        };
        entry.heads.identity = headFor(entry);
        entries.set(request.url, entry);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        if (entry.bytes >= COMPRESS_FROM) {
          compressInto(entry).catch((error) => request.log.warn({ err: error }, 'a cached answer was not compressed'));
        }
        return payload;
      });
    },
  };
}

export type ReadCache = ReturnType<typeof readCache>;
