import type { ResourceName } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Transact } from '../db/unit-of-work.js';
import type { TokenService } from '../http/auth.js';
import type { ReadCache } from '../http/read-cache.js';
import type { WriteHooks } from '../http/resources/engine.js';
import type { Sessions } from '../http/sessions.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Mailer } from '../providers/mail.js';
import type { Messenger } from '../providers/messaging.js';
import type { PaymentGateway } from '../providers/payments/port.js';
import type { SandboxGateway } from '../providers/payments/sandbox/sandbox.js';
import type { PdfRenderer } from '../providers/pdf/pdf.js';
import type { PackageStore, Storage } from '../providers/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the modules were built from, for tests that drive a service directly. */
    ctx: AppContext;
  }
}

/** Everything a domain module is built from; tests build the same through `buildApp`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Runs a unit of work: one transaction, its effects after the commit. */
  transact: Transact;
  tokens: TokenService;
  sessions: Sessions;
  providers: {
    mailer: Mailer;
    storage: Storage;
    /** Packaged HLS video (playlists and segments). */
    packages: PackageStore;
    messenger: Messenger;
    pdf: PdfRenderer;
    /** The card and QR gateway (port.ts); undefined when none is set, and those payment methods are off. */
    payments: PaymentGateway | undefined;
    /** The built-in sandbox gateway, whose pages the shop serves, when it is the gateway. */
    paymentSandbox: SandboxGateway | undefined;
  };
  /** The durable job queue: enqueue in a unit of work, run in the background (mail, and what comes). */
  jobs: Jobs;
  /** Public answers kept in memory until a table they read changes; the rendered pages are kept by the same rule. */
  readCache: ReadCache;
  /** The built web app, when present. */
  webDir: string | undefined;
}

/**
 * One domain: the hooks it adds to the resource engine's tables, and the routes it registers, built from the
 * context. Modules never import each other; what two need lives in policies, providers or the contract.
 */
export interface AppModule {
  name: string;
  resourceHooks?(ctx: AppContext): Partial<Record<ResourceName, WriteHooks>>;
  register?(app: FastifyInstance, ctx: AppContext): Promise<void> | void;
}
