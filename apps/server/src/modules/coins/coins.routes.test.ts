import { message } from '@sikkha/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { logPoint, user } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let alice: Caller;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('coins-staff');
  alice = await t.member('coins-alice@example.com');
});
afterAll(() => t.close());

async function balance(userId: number) {
  const [row] = await t.db.select({ point: user.point }).from(user).where(eq(user.id, userId));
  const [ledger] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${logPoint.log_point_amount}), 0)::int` })
    .from(logPoint)
    .where(eq(logPoint.user_id, userId));
  return { point: row!.point, ledger: ledger!.sum };
}

const entry = (userId: number, amount: number) => ({
  user_id: userId,
  log_point_amount: amount,
  log_point_type: 'staff',
  log_point_note: 'ปรับโดยเจ้าหน้าที่',
});

test('a ledger entry moves the balance in the same unit of work, and nothing else can', async () => {
  expect((await staff.post('/api/logPoint', entry(alice.id!, 100))).statusCode).toBe(200);
  expect((await staff.post('/api/logPoint', entry(alice.id!, -30))).statusCode).toBe(200);
  expect(await balance(alice.id!)).toEqual({ point: 70, ledger: 70 });

  // Below zero is refused, and the refused entry is not kept either.
  const overdraw = await staff.post('/api/logPoint', entry(alice.id!, -71));
  expect(overdraw.statusCode).toBe(409);
  expect(overdraw.json().message).toBe(message('coinsInsufficient'));
  expect(await balance(alice.id!)).toEqual({ point: 70, ledger: 70 });

  // The balance is not a field anyone writes, and ledger rows are never changed or removed.
  const rewrite = await staff.post('/api/user', { id: alice.id, point: 999_999 });
  expect(rewrite.statusCode).toBe(200);
  expect(rewrite.json().data.point).toBe(70);
  const [first] = (await staff.get(`/api/logPointByUserId?user_id=${alice.id}`)).json().data;
  expect((await staff.post('/api/logPoint', { id: first.id, log_point_amount: 5000 })).statusCode).toBe(403);
  expect((await staff.del(`/api/logPoint?id=${first.id}`)).statusCode).toBe(404);
  expect((await alice.post('/api/logPoint', entry(alice.id!, 1000))).statusCode).toBe(403);
  expect(await balance(alice.id!)).toEqual({ point: 70, ledger: 70 });

  // An entry for nobody moves nothing.
  expect((await staff.post('/api/logPoint', entry(2_000_000_000, 5))).statusCode).toBe(422);
});

test('concurrent entries never overdraw and always add up to the ledger', async () => {
  const bob = await t.member('coins-bob@example.com');
  expect((await staff.post('/api/logPoint', entry(bob.id!, 100))).statusCode).toBe(200);
  // 20 debits of 10 race for a balance of 100: exactly 10 can pass.
  const answers = await Promise.all(Array.from({ length: 20 }, () => staff.post('/api/logPoint', entry(bob.id!, -10))));
  const codes = answers.map((a) => a.statusCode).sort();
  expect(codes.filter((c) => c === 200)).toHaveLength(10);
  expect(codes.filter((c) => c === 409)).toHaveLength(10);
  expect(await balance(bob.id!)).toEqual({ point: 0, ledger: 0 });

  await Promise.all(Array.from({ length: 20 }, () => staff.post('/api/logPoint', entry(bob.id!, 5))));
  expect(await balance(bob.id!)).toEqual({ point: 100, ledger: 100 });
});
