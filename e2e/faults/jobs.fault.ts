import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { emptyDatabase, type Instance, startInstance } from '../../apps/server/test/server-process.js';
import { startSmtp } from '../../apps/server/test/smtp.js';

// A worker killed in the middle of a job: the job is taken again by another instance once its lease is over, and
// its effect is not doubled for the person it was for.
let database: Awaited<ReturnType<typeof emptyDatabase>>;
let admin: pg.Client;
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const instances: Instance[] = [];

beforeAll(async () => {
  database = await emptyDatabase('sikkha_fault_jobs');
  admin = new pg.Client({ connectionString: database.url() });
  await admin.connect();
  dataDir = mkdtempSync(join(tmpdir(), 'sikkha-fault-jobs-'));
  // The first mail is had by the server but answered only long after: its sender is killed while it waits.
  smtp = await startSmtp({ holdMs: () => (smtp.inbox.length === 1 ? 30_000 : 0) });
});
afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await admin?.end();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATABASE_URL: database.url(),
  DATA_DIR: dataDir,
  DEMO: 'false',
  JWT_SECRET: 'j'.repeat(64),
  SMTP_URL: smtp.url,
  WEB_DIR: join(dataDir, 'no-web'),
});

test('a worker killed mid-job (the mail sent, the job not ended): another sends it again as the same message', async () => {
  const first = await startInstance(env());
  instances.push(first);
  await first.ready();
  const email = 'killed-worker@example.com';
  await admin.query(`INSERT INTO "user" (email, password, agreement, privacy_policy) VALUES ($1, $2, 'Y', 'Y')`, [
    email,
    await hashPassword('Killed-worker-passw0rd'),
  ]);
  const asked = await fetch(`${first.url}/api/sendChangePass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);

  // The server has the mail; the worker waits for its answer, and dies.
  const sent = await smtp.nextMailTo(email, 20_000);
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const running = await admin.query<{ id: number; state: string; attempts: number }>(
    `SELECT id, state, attempts FROM job WHERE name = 'mail.send'`,
  );
  expect(running.rows).toEqual([{ id: expect.any(Number), state: 'running', attempts: 1 }]);
  // Its lease (two minutes for a mail) runs out: moved to now rather than waited for.
  await admin.query(`UPDATE job SET locked_until = now() WHERE name = 'mail.send'`);

  const second = await startInstance(env());
  instances.push(second);
  await second.ready();
  const again = await smtp.nextMailTo(email, 20_000);
  await expect
    .poll(async () => (await admin.query(`SELECT state, attempts FROM job WHERE name = 'mail.send'`)).rows[0], {
      timeout: 15_000,
    })
    .toEqual({ state: 'done', attempts: 2 });

  // The same message twice at the server: one message in the member's mailbox, keyed by its Message-ID.
  expect(again.parsed.messageId).toBe(sent.parsed.messageId);
  expect(sent.parsed.messageId).toMatch(new RegExp(`^<sikkha-mail-${running.rows[0]!.id}@`));
  expect(smtp.inbox.filter((m) => m.to.includes(email))).toHaveLength(2);
  expect(second.child.exitCode).toBeNull();
});
