import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The built shop as `npm start` runs it (dist/main.js, embedded database, demo content) on a free port with
 * its own data directory, and a headless Chromium. `env` adds server settings (SMTP_URL, TOKEN_MAX_AGE, the
 * sign-in providers). `npm test` builds first.
 */
export async function startShop(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-e2e-'));
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
  // A cold start creates the embedded database and the demo content: seconds alone, longer on a loaded machine.
  const deadline = Date.now() + 150_000;
  const giveUp = (why: string) => {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
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
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const cspViolations: string[] = [];
  return {
    url,
    browser,
    output: () => output,
    /** The demo back-office login: its password is random per installation and printed once, at the first start. */
    get staff() {
      const password = /Demo staff:\s+admin \/ (\S+)/.exec(output)?.[1];
      if (!password) throw new Error(`the start printed no demo staff password:\n${output}`);
      return { username: 'admin', password };
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
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Keeps a picture of the page when a journey fails, for the person reading the CI log. */
export async function screenshotOnFailure(page: Page, name: string) {
  const dir = join(root, 'test-results');
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
}
