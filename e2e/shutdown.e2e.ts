import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../apps/server/test/server-process.js';

// Graceful shutdown of the built server (dist/main.js, as `npm start` and the container run it): SIGTERM while a
// request is half sent. The request is answered in full, nothing new is taken, and the process exits 0.
const root = fileURLToPath(new URL('..', import.meta.url));
const main = process.env.SERVER_MAIN ?? join(root, 'apps/server/dist/main.js');

let server: ChildProcess;
let output = '';
let port = 0;
let dataDir = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sikkha-shutdown-'));
  port = await freePort();
  server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});
afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM mid-request: the request in flight is answered, new connections are refused, the exit is 0', async () => {
  const [, email, password] = /Demo member: (\S+) \/ (\S+)/.exec(output) ?? [];
  expect(email, output).toBeTruthy();
  const body = JSON.stringify({ email, password });
  const half = Math.floor(body.length / 2);

  // A login whose body arrives in two parts, the second after the signal.
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/loginEmail',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    setTimeout(() => {
      server.kill('SIGTERM');
      setTimeout(async () => {
        // The listener is closed: a new connection is refused while the old request is still open.
        const refused = await fetch(`http://127.0.0.1:${port}/health`).then(
          () => false,
          () => true,
        );
        expect(refused).toBe(true);
        req.end(body.slice(half));
      }, 1000);
    }, 300);
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

  const res = await answered;
  expect(res.status, res.body).toBe(200);
  expect(JSON.parse(res.body).data.token).toMatch(/^ey/);
  expect(await exited).toBe(0);
  expect(output).toContain('shutting down');
  expect(output).toContain('shut down');
});
