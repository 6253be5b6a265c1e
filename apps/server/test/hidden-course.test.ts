import { type Resource, resources } from '@sikkha/contract';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as s from '../src/db/schema/index.js';
import { resourceTables } from '../src/http/resources/bindings.js';
import { type Caller, testApp } from './app.js';
import { catalogueFixture, type Fixture, samples } from './fixtures.js';

/**
 * Every public read of the resource engine, walked for a hidden course's rows: the course, the rows naming it, and
 * the rows that reach it only through a link table (a lesson through the course's lesson list). Which rows those
 * are comes from the schema's foreign keys, so a new resource inside a course is walked without being listed here.
 */

/**
 * Rows a link table ties to courses that still stand on their own: a coach has a page of their own and teaches
 * several courses; a tab type names tabs of every course.
 */
const shared = new Set(['coach', 'productDetailType']);

const all = resources as readonly Resource[];
const tables = resourceTables as Record<string, PgTable>;

/** The columns of a table that refer to another table. */
const referencesTo = (table: PgTable, target: PgTable) =>
  getTableConfig(table)
    .foreignKeys.map((fk) => fk.reference())
    .filter((ref) => ref.foreignTable === target)
    .map((ref) => ref.columns[0]!.name);

const courseColumn = (name: string) => referencesTo(tables[name]!, s.product)[0];

const publicReads = all.filter((r) => r.read === 'public');

/**
 * For a resource without a course column: a public resource in a course whose rows refer to it (a course's lesson
 * list), and the referring column. A member's own rows that name a course and a lesson (statistics) link nothing.
 */
function linkTo(name: string) {
  for (const link of publicReads) {
    const column = referencesTo(tables[link.name]!, tables[name]!)[0];
    if (link.name !== name && column && courseColumn(link.name)) return { link: link.name, column };
  }
  return undefined;
}

const inCourse = publicReads.filter(
  (r) => r.name === 'product' || courseColumn(r.name) || (linkTo(r.name) && !shared.has(r.name)),
);

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let bob: Caller;
let f: Fixture;
/** Each resource's rows of the hidden course, as staff read them. */
const hiddenRows = new Map<string, Record<string, unknown>[]>();

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('hidden-staff');
  bob = await t.member('bob@example.com');
  f = await catalogueFixture(t.db, bob.id!);
  const add = async (name: string, values: Record<string, unknown>) => {
    const res = await staff.post(`/api/${name}`, { ...samples[name]!(f, bob.id!), ...values });
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    const row = res.json().data as Record<string, unknown>;
    hiddenRows.set(name, [...(hiddenRows.get(name) ?? []), row]);
    return row;
  };
  const course = (await staff.get(`/api/productById?id=${f.hidden.id}`)).json().data;
  hiddenRows.set('product', [course]);
  for (const r of inCourse) {
    const column = courseColumn(r.name);
    if (column) await add(r.name, { [column]: f.hidden.id });
  }
  for (const r of inCourse) {
    const via = !courseColumn(r.name) && r.name !== 'product' ? linkTo(r.name) : undefined;
    if (!via) continue;
    const row = await add(r.name, {});
    await add(via.link, { [courseColumn(via.link)!]: f.hidden.id, [via.column]: row.id });
  }
});
afterAll(() => t.close());

const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

test('the walk covers every public resource that reaches a course', () => {
  expect(inCourse.map((r) => r.name)).toEqual(expect.arrayContaining(['product', 'video', 'videoList']));
  // A resource named shared that no longer reaches a course through a link is a stale exception.
  for (const name of shared) expect(linkTo(name), name).toBeDefined();
});

describe.each(inCourse.map((r) => [r.name, r] as const))('%s of a hidden course', (name, resource) => {
  const hidden = () => hiddenRows.get(name)!.map((row) => row.id as number);
  const callers = () =>
    [
      ['a visitor', t.visitor],
      ['a member who has not bought it', bob],
    ] as const;

  test('no list answers it', async () => {
    expect(ids((await staff.get(`/api/${name}?pageSize=500`)).json())).toEqual(expect.arrayContaining(hidden()));
    for (const [who, caller] of callers()) {
      const listed = ids((await caller.get(`/api/${name}?pageSize=500`)).json());
      expect(
        listed.filter((id) => hidden().includes(id)),
        who,
      ).toEqual([]);
    }
  });

  test('no read by id answers it', async () => {
    for (const id of hidden()) {
      expect((await staff.get(`/api/${name}ById?id=${id}`)).statusCode).toBe(200);
      for (const [who, caller] of callers()) {
        const res = await caller.get(`/api/${name}ById?id=${id}`);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
      }
    }
  });

  // Each lookup asked with the values of a hidden row of the resource it matches in.
  const lookups = (resource.lookups ?? []).filter((l) =>
    inCourse.some((r) => r.name === (l.through?.resource ?? name)),
  );
  test.each(lookups.map((l) => [l.suffix, l] as const))('no lookup %s answers it', async (suffix, lookup) => {
    const source = hiddenRows.get(lookup.through?.resource ?? name)![0]!;
    const query = lookup.fields.map((field) => `${field}=${source[field]}`).join('&');
    const url = `/api/${name}${suffix}?${query}&pageSize=500`;
    expect(
      ids((await staff.get(url)).json()).some((id) => hidden().includes(id)),
      url,
    ).toBe(true);
    for (const [who, caller] of callers()) {
      const res = await caller.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(
        ids(res.json()).filter((id) => hidden().includes(id)),
        `${who}: ${url}`,
      ).toEqual([]);
    }
  });
});

test('a lesson taken out of its last course on show is gone at once, though its answer was kept in memory', async () => {
  const video = (await staff.post('/api/video', samples.video!(f, bob.id!))).json().insertId as number;
  const listed = await staff.post('/api/videoList', { product_id: f.product.id, video_id: video });
  expect((await t.visitor.get(`/api/videoById?id=${video}`)).statusCode).toBe(200);
  expect((await staff.del(`/api/videoList?id=${listed.json().insertId}`)).statusCode).toBe(200);
  expect((await t.visitor.get(`/api/videoById?id=${video}`)).statusCode).toBe(404);
});
