import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { type Browser, chromium, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.js';

// Until the shared harness can start the shop with a mail server: a real local SMTP server (smtp-server) that
// keeps every mail the shop sends, and startShop with extra environment (SMTP_URL, TOKEN_MAX_AGE, ...).
// The lead may fold `startMailbox` and the `env` parameter into harness.ts.

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** An SMTP server on 127.0.0.1 that accepts everything (no TLS, no auth) and keeps the parsed mails. */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ''),
          );
          mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html || '') });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to `to` whose subject matches, once it has arrived (the shop sends while answering). */
    async waitFor(to: string, subject: RegExp, after = 0, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails
          .slice(after)
          .reverse()
          .find((m) => m.to.includes(to) && subject.test(m.subject));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}; got ${mails.length} mails`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** harness.ts's startShop, with extra environment for the server. */
export async function startShopWith(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
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
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${url}/api/category`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    url,
    browser,
    output: () => output,
    async page(width = 1280, height = 800): Promise<Page> {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'th-TH' });
      return context.newPage();
    },
    async stop() {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
