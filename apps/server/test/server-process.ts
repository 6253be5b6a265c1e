import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The built server, as `npm start` and the container run it. */
export const serverMain = process.env.SERVER_MAIN ?? fileURLToPath(new URL('../dist/main.js', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** One instance of the shop in a process of its own. */
export interface Instance {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** Resolves once `/ready` answers 200; rejects if the process exits first or after `ms`. */
  ready(ms?: number): Promise<void>;
  stop(): Promise<number | null>;
}

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    url,
    child,
    output: () => output,
    async ready(ms = 120_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the instance exited with ${child.exitCode}:\n${output}`);
        const ok = await fetch(`${url}/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`the instance is not ready:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop() {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** An empty database on the test server (TEST_DATABASE_URL), and its URL through another host and port. */
export async function emptyDatabase(prefix: string) {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = (port?: number) => {
    const target = new URL(admin);
    target.pathname = `/${name}`;
    if (port) {
      target.hostname = '127.0.0.1';
      target.port = String(port);
    }
    return target.toString();
  };
  return { url, drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
