import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp } from './app.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

test('smoke', async () => {
  const staff = await t.staff('admin1');
  const res = await staff.post('/api/category', { category_name: 'ธุรกิจ' });
  console.log(res.statusCode, res.body);
  const list = await t.visitor.get('/api/category');
  console.log(list.statusCode, list.body);
  const bad = await t.visitor.post('/api/category', { category_name: 'x' });
  console.log(bad.statusCode, bad.body);
  const m = await t.member('a@b.co');
  console.log((await m.post('/api/category', { category_name: 'x' })).body);
  console.log((await staff.post('/api/category', { category_name: 5 })).body);
  console.log((await staff.post('/api/category', {})).body);
  console.log((await staff.request('POST', '/api/category', '{bad')).body);
  console.log((await staff.post('/api/product', { product_title: 'a', product_price: 10.5, product_category_list: [1] })).body);
  console.log((await t.visitor.get('/api/product')).body);
  console.log((await staff.get('/api/product?sort=product_price&order=desc')).body);
  console.log((await m.get('/api/notificationFindByUserId?user_id=99')).body);
  console.log((await m.post('/api/notification', { notification_message: 'hi' })).body);
  console.log((await m.get('/api/notification')).body);
  expect(res.statusCode).toBe(200);
});
