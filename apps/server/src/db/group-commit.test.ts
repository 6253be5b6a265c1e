import { expect, test } from 'vitest';
import { groupCommit } from './group-commit.js';

test('items added together are written as one group, later ones in the next, each add settles after its write', async () => {
  const groups: number[][] = [];
  const writes = groupCommit<number>(
    async (items) => {
      groups.push([...items]);
      await new Promise((r) => setTimeout(r, 20));
    },
    { size: (n) => n, max: 100 },
  );
  const settled: number[] = [];
  const first = [1, 2, 3].map((n) => writes.add(n).then(() => settled.push(n)));
  await new Promise((r) => setTimeout(r, 5));
  // The first group is being written: these wait for it, then go together.
  const second = [4, 5].map((n) => writes.add(n).then(() => settled.push(n)));
  expect(settled).toEqual([]);
  await Promise.all([...first, ...second]);
  expect(groups).toEqual([
    [1, 2, 3],
    [4, 5],
  ]);
  expect(settled).toEqual([1, 2, 3, 4, 5]);
});

test('a refused item fails only its own add: the group is written again one item at a time', async () => {
  const written: number[] = [];
  const writes = groupCommit<number>(
    async (items) => {
      if (items.includes(13)) throw new Error('refused');
      written.push(...items);
    },
    { size: () => 1, max: 100 },
  );
  const results = await Promise.allSettled([12, 13, 14].map((n) => writes.add(n)));
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
  expect(written).toEqual([12, 14]);
});

test('a group that could not reach the database fails whole, once, without a try per item', async () => {
  let calls = 0;
  const writes = groupCommit<number>(
    async () => {
      calls++;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    },
    { size: () => 1, max: 100 },
  );
  const results = await Promise.allSettled([1, 2, 3].map((n) => writes.add(n)));
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(calls).toBe(1);
});

test('a group stops at its size limit; an item larger than the limit is written alone', async () => {
  const groups: number[][] = [];
  const writes = groupCommit<number>(
    async (items) => {
      groups.push([...items]);
    },
    { size: (n) => n, max: 10 },
  );
  await Promise.all([4, 5, 3, 20, 1].map((n) => writes.add(n)));
  expect(groups).toEqual([[4, 5], [3], [20], [1]]);
});
