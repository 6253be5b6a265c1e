import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../test/app.js';
import { category, user } from './schema/index.js';
import { lockRow, type Transact, transactor } from './unit-of-work.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let transact: Transact;
const effectErrors: unknown[] = [];

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('uow-staff');
  transact = transactor(t.database, { onEffectError: (error) => effectErrors.push(error) });
});
afterAll(() => t.close());

test('effects run once the unit of work commits, and never after a rollback', async () => {
  const ran: string[] = [];
  await transact(async (work) => {
    await work.db.insert(category).values({ category_name: 'committed' });
    work.afterCommit(() => {
      ran.push('committed');
    });
    expect(ran).toEqual([]);
  });
  expect(ran).toEqual(['committed']);

  await expect(
    transact(async (work) => {
      await work.db.insert(category).values({ category_name: 'rolled back' });
      work.afterCommit(() => {
        ran.push('rolled back');
      });
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(ran).toEqual(['committed']);
  const names = (await t.db.select().from(category)).map((c) => c.category_name);
  expect(names).toContain('committed');
  expect(names).not.toContain('rolled back');
});

test('a unit of work inside another joins it: its effects wait for the outer commit', async () => {
  const ran: string[] = [];
  await expect(
    transact(async (outer) => {
      await transact(async (inner) => {
        inner.afterCommit(() => {
          ran.push('inner');
        });
      }, outer);
      expect(ran).toEqual([]);
      throw new Error('outer fails');
    }),
  ).rejects.toThrow('outer fails');
  expect(ran).toEqual([]);
});

test('an effect that fails is reported and does not undo the commit', async () => {
  effectErrors.length = 0;
  await transact(async (work) => {
    await work.db.insert(category).values({ category_name: 'kept' });
    work.afterCommit(() => {
      throw new Error('mail server down');
    });
  });
  expect(effectErrors).toHaveLength(1);
  expect((await t.db.select().from(category).where(eq(category.category_name, 'kept'))).length).toBe(1);
});

test('two units of work that lock one row run one after the other', async () => {
  const [row] = await t.db.insert(user).values({ email: 'lock@example.com', password: 'x' }).returning({ id: user.id });
  const id = row!.id;
  // Each reads the balance, waits, then writes it back plus one: without the lock both would read 0.
  const increment = () =>
    transact(async (work) => {
      expect(await lockRow(work, user, id)).toBe(true);
      const [{ point }] = (await work.db.select({ point: user.point }).from(user).where(eq(user.id, id))) as [
        { point: number },
      ];
      await new Promise((resolve) => setTimeout(resolve, 100));
      await work.db
        .update(user)
        .set({ point: point + 1 })
        .where(eq(user.id, id));
    });
  await Promise.all([increment(), increment(), increment()]);
  const [after] = await t.db.select({ point: user.point }).from(user).where(eq(user.id, id));
  expect(after!.point).toBe(3);
  expect(await transact((work) => lockRow(work, user, 2_147_483_000))).toBe(false);
});

test('a write made outside the resource engine still reaches the public catalogue at once', async () => {
  await staff.post('/api/category', { category_name: 'ผ่าน API' });
  const read = () => t.visitor.get('/api/category?pageSize=500');
  const before = (await read()).json().total;
  expect((await read()).headers['x-cache']).toBe('hit');

  // A unit of work of some other service: the table is forgotten at its commit.
  await t.transact(async (work) => {
    await work.db.insert(category).values({ category_name: 'จากบริการอื่น' });
  });
  expect((await read()).json().total).toBe(before + 1);

  // A plain statement outside any unit of work: every instance hears the database's notice.
  await t.db.insert(category).values({ category_name: 'คำสั่งตรง' });
  await expect.poll(async () => (await read()).json().total).toBe(before + 2);

  // A rolled-back write changes nothing, so the stored answer stays.
  expect((await read()).headers['x-cache']).toBe('hit');
  await expect(
    t.transact(async (work) => {
      await work.db.execute(sql`INSERT INTO category (category_name) VALUES ('ย้อนกลับ')`);
      throw new Error('rollback');
    }),
  ).rejects.toThrow('rollback');
  expect((await read()).headers['x-cache']).toBe('hit');
  expect((await read()).json().total).toBe(before + 2);
});
