import { message, type Resource, resources, storedForm } from '@sikkha/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as s from '../src/db/schema/index.js';
import { type Caller, testApp } from './app.js';
import { catalogueFixture, type Fixture, samples } from './fixtures.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let f: Fixture;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('url-staff');
  f = await catalogueFixture(t.db, (await t.member('url-member@example.com')).id!);
});
afterAll(() => t.close());

// The link fields: those whose stored rows may hold what a write may no longer send.
const urlFields = (resources as readonly Resource[]).flatMap((r) =>
  Object.entries(r.entity.fields)
    .filter(([, field]) => storedForm(field) !== field)
    .map(([field]) => [r.name, field] as const),
);

test('the link fields are the group links and the advert link', () => {
  expect(urlFields).toEqual(
    expect.arrayContaining([
      ['productGroup', 'product_group_url'],
      ['advert', 'advert_link'],
    ]),
  );
});

describe.each(urlFields)('%s.%s', (name, field) => {
  test('a staff save takes http(s) addresses only', async () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'ftp://example.com/x']) {
      const res = await staff.post(`/api/${name}`, { ...samples[name]!(f, 0), [field]: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toContain(message('webLink'));
    }
    for (const good of ['https://line.me/ti/g/abc', 'http://example.com/promotion']) {
      const res = await staff.post(`/api/${name}`, { ...samples[name]!(f, 0), [field]: good });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data[field]).toBe(good);
    }
  });
});

test('rows saved before the rule are still answered, for the web to show inert', async () => {
  const [group] = await t.db
    .insert(s.productGroup)
    .values({ product_id: f.product.id, product_group_type: 'line', product_group_url: 'javascript:alert(1)' })
    .returning();
  const res = await staff.get(`/api/productGroupById?id=${group!.id}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.product_group_url).toBe('javascript:alert(1)');
  await t.db
    .insert(s.advert)
    .values({ advert_img: 'advert.png', advert_link: 'javascript:alert(1)', advert_show: 'Y' });
  expect((await t.visitor.get('/api/advert')).statusCode).toBe(200);
});
