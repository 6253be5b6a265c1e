import { createDecipheriv } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp } from '../../test/app.js';
import { demoAccounts } from './content.js';
import { seedDemo } from './seed.js';

let t: Awaited<ReturnType<typeof testApp>>;
const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-seed-'));

beforeAll(async () => {
  t = await testApp({ dataDir });
});
afterAll(() => t.close());

test('an empty database gets the Thai demo shop, once', async () => {
  const first = await seedDemo(t.db, { dataDir, clock: t.clock });
  expect(first.created).toBe(true);
  expect((await seedDemo(t.db, { dataDir, clock: t.clock })).created).toBe(false);

  const products = (await t.visitor.get('/api/product')).json();
  expect(products.total).toBe(5);
  expect(products.data.some((p: { product_disable: string }) => p.product_disable === 'Y')).toBe(true);
  expect(products.data.some((p: { product_book: string }) => p.product_book === 'Y')).toBe(true);
  expect(products.data.some((p: { product_coin_pay: string }) => p.product_coin_pay === 'Y')).toBe(true);
  expect((await t.visitor.get('/api/category')).json().total).toBeGreaterThanOrEqual(3);
  expect((await t.visitor.get('/api/coach')).json().total).toBe(3);
  expect((await t.visitor.get('/api/coachDetailListByCoachId?coach_id=1')).json().total).toBeGreaterThan(0);
  expect((await t.visitor.get('/api/coachStatusByCoachId?coach_id=1')).json().total).toBeGreaterThan(0);
  expect((await t.visitor.get('/api/question')).json().total).toBeGreaterThanOrEqual(5);
  expect((await t.visitor.get('/api/news')).json().total).toBe(3);
  const types = (await t.visitor.get('/api/ordersPaymentType')).json().data.map((p: { id: number }) => p.id);
  expect(types).toEqual([1, 4, 5, 6, 7, 8]);
  const statuses = (await t.visitor.get('/api/videoListByProductId?product_id=1'))
    .json()
    .data.map((v: { video_list_status: string }) => v.video_list_status);
  expect(statuses).toEqual(expect.arrayContaining(['preview', 'public', 'private']));

  const login = await t.visitor.post('/api/loginEmail', demoAccounts.member);
  expect(login.statusCode).toBe(200);
  // The staff password is random, answered once, and never the one an earlier README published.
  expect(first.created && first.staff.password).toMatch(/^[\w-]{16}$/);
  const staffLogin = await t.visitor.post('/api/loginPersonnel', first.created ? first.staff : {});
  expect(staffLogin.statusCode).toBe(200);
  const published = await t.visitor.post('/api/loginPersonnel', { username: 'admin', password: 'sikkha-admin-2026' });
  expect(published.statusCode).toBe(401);
  const staffToken = staffLogin.json().data.token;
  const all = await t.app.inject({ url: '/api/product', headers: { authorization: `Bearer ${staffToken}` } });
  expect(all.json().total).toBe(6);

  for (const file of ['uploads/productMini/course-1.jpg', 'uploads/pdfProduct/course-outline.pdf']) {
    expect(existsSync(join(dataDir, file)), file).toBe(true);
  }
});

test('the demo lessons play through protected playback: encrypted segments, the key only through its route', async () => {
  const lessons = (await t.visitor.get('/api/videoListByProductId?product_id=1')).json().data;
  const preview = lessons.find((l: { video_list_status: string }) => l.video_list_status === 'preview');
  const res = await t.visitor.get(`/api/playback?productId=1&videoId=${preview.video_id}`);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json().data;
  const at = (uri: string, base: string) => new URL(uri, `http://shop${base}`).href.slice('http://shop'.length);
  const firstUri = (text: string) => text.split('\n').find((l) => l !== '' && !l.startsWith('#'))!;
  const mediaUrl = at(firstUri((await t.visitor.get(url)).body), url);
  const media = (await t.visitor.get(mediaUrl)).body;
  const segment = (await t.visitor.get(at(firstUri(media), mediaUrl))).rawPayload;
  const key = (await t.visitor.get(at(/URI="([^"]+)"/.exec(media)![1]!, mediaUrl))).rawPayload;
  expect(key).toHaveLength(16);
  // Stored encrypted: an MPEG-TS packet's sync byte appears only once the key opens the segment.
  expect(segment[0]).not.toBe(0x47);
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.alloc(16));
  expect(Buffer.concat([decipher.update(segment), decipher.final()])[0]).toBe(0x47);
  // The shipped plain clip is not placed where anything could serve it.
  expect(existsSync(join(dataDir, 'hls', 'lesson'))).toBe(false);
});
