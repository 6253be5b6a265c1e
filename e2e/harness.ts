import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { freePort } from '../apps/server/test/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory of a shop that started once and stopped (see global-setup.ts), and its staff password. */
    shopTemplate: { dataDir: string; staffPassword: string };
    /** The one Chromium every journey's pages open in (see global-setup.ts). */
    chromiumEndpoint: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What the first start prints once: the demo back office's random password. */
export function staffPasswordIn(output: string): string {
  const password = /Demo staff:\s+admin \/ (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`the start printed no demo staff password:\n${output}`);
  return password;
}

/**
 * The built server as `npm start` runs it (dist/main.js, embedded database, demo content) on a free port with the
 * data directory `dataDir`, once it answers (within `waitMs`); `stop` ends it with SIGTERM, as a deploy does, and
 * answers its exit code.
 */
export async function runServer(dataDir: string, env: Record<string, string> = {}, waitMs = 150_000) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // SERVER_MAIN runs another build of the server (one engineer's own, beside a shared tree's dist).
  const main = process.env.SERVER_MAIN ?? join(root, 'apps/server/dist/main.js');
  const server: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The journeys pay as a shop that may surcharge does: the fee line is shown before paying.
      FEE_FACTOR: '1.02675',
      // The journeys pay by test card: asked for by name, not left to the embedded demo shop's default.
      PAYMENT_GATEWAY: 'sandbox',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  // A cold start creates the embedded database and the demo content: seconds alone, longer on a loaded machine.
  const deadline = Date.now() + waitMs;
  const giveUp = (why: string) => {
    server.kill('SIGKILL');
    return new Error(`${why}:\n${output}`);
  };
  for (;;) {
    if (server.exitCode !== null) throw giveUp('server exited');
    try {
      const res = await fetch(`${url}/api/category`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw giveUp('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    async stop() {
      server.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * A shop of its own for one journey file, on the built server, and pages in the run's shared Chromium (each in a new
 * context, so no cookies or storage cross). It starts from a copy of the data directory the global setup made (the
 * database created, migrated and seeded by a real first start), so each file skips the cold start; `cold` starts on
 * an empty directory instead, as `npm start` does the first time. `env` adds server settings (SMTP_URL,
 * TOKEN_MAX_AGE, the sign-in providers). `npm test` builds first.
 */
export async function startShop(env: Record<string, string> = {}, options: { cold?: boolean } = {}) {
  const template = inject('shopTemplate');
  const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-e2e-'));
  if (!options.cold) cpSync(template.dataDir, dataDir, { recursive: true });
  let server: Awaited<ReturnType<typeof runServer>>;
  try {
    server = await runServer(dataDir, env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const browser: Browser = await chromium.connect(inject('chromiumEndpoint'));
  const cspViolations: string[] = [];
  return {
    url: server.url,
    browser,
    output: server.output,
    /** The demo back-office login: its password is random per installation and printed once, at the first start. */
    get staff() {
      return {
        username: 'admin',
        password: options.cold ? staffPasswordIn(server.output()) : template.staffPassword,
      };
    },
    /** What any page refused under the shop's Content-Security-Policy, as Chromium reported it. */
    cspViolations,
    async page(width = 1280, height = 800): Promise<Page> {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'th-TH' });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
      });
      return page;
    },
    async stop() {
      // Closes this file's contexts and lets go of the shared Chromium, which the global setup closes at the end.
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Keeps a picture of the page when a journey fails, for the person reading the CI log. */
export async function screenshotOnFailure(page: Page, name: string) {
  const dir = join(root, 'test-results');
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
}
