import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../../test/app.js';
import { defineJob } from '../../jobs/job.js';

let t: Awaited<ReturnType<typeof testApp>>;
const secret = defineJob({ name: 'test.secret', payload: z.object({ code: z.string() }), maxAttempts: 1 });

beforeAll(async () => {
  t = await testApp();
  t.app.ctx.jobs.handle(secret, async ({ code }) => {
    if (code === 'bad') throw new Error('the mail server said no');
  });
  const { jobs, transact } = t.app.ctx;
  await transact(async (work) => {
    await jobs.enqueue(work, secret, { code: 'good-123456' });
    await jobs.enqueue(work, secret, { code: 'bad' });
  });
  await jobs.runDue();
});
afterAll(() => t.close());

test('ladder: a visitor gets 401, a member 403, a bad filter 400', async () => {
  expect((await t.visitor.get('/api/jobs')).statusCode).toBe(401);
  const member = await t.member('jobs-member@example.com');
  expect((await member.get('/api/jobs')).statusCode).toBe(403);
  const staff = await t.staff('jobs-bad-filter');
  const bad = await staff.get('/api/jobs?state=lost');
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ result: false, data: null });
});

test('staff see each job with its state, attempts and last error, and never its payload', async () => {
  const staff = await t.staff('jobs-staff');
  const res = await staff.get(`/api/jobs?name=${secret.name}`);
  expect(res.statusCode, res.body).toBe(200);
  const { data, total } = res.json();
  expect(total).toBe(2);
  expect(data.map((j: { state: string }) => j.state)).toEqual(['dead', 'done']);
  expect(data[0]).toMatchObject({
    name: secret.name,
    attempts: 1,
    max_attempts: 1,
    last_error: 'the mail server said no',
  });
  expect(data[0]).not.toHaveProperty('payload');
  expect(res.body).not.toContain('good-123456');

  const dead = (await staff.get('/api/jobs?state=dead')).json();
  expect(dead.data.map((j: { state: string }) => j.state)).toEqual(['dead']);
});
