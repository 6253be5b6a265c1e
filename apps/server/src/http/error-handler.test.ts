import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import { registerErrorHandler } from './error-handler.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

test('a failed query is logged without its parameter values, and answered without any of it', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  registerErrorHandler(app);
  const secret = 'somchai.private@example.com';
  // A query the database refuses for a reason no request can be blamed for.
  app.get('/fails', () => database.db.execute(sql`SELECT ${secret}::text FROM no_such_table`));
  await app.ready();

  const res = await app.inject({ url: '/fails' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toMatchObject({ result: false, data: null, code: 'INTERNAL' });
  expect(res.body).not.toContain(secret);
  const log = lines.join('');
  expect(log).toContain('no_such_table');
  expect(log).not.toContain(secret);
  await app.close();
});
