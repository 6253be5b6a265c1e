import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { certificate, user } from '../../db/schema/index.js';
import { demoAccounts } from '../../demo/content.js';
import { seedDemo } from '../../demo/seed.js';

let t: Awaited<ReturnType<typeof testApp>>;
let demo: Caller;
let staff: Caller;
const dataDir = mkdtempSync(join(tmpdir(), 'sikkha-catalogue-'));

const titles = {
  bought: 'การตลาดออนไลน์ฉบับมืออาชีพ',
  pending: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
  other: 'ภาษาอังกฤษเพื่อการทำงาน',
  hidden: 'ทำอาหารไทยแบบมืออาชีพ',
};
const view = (caller: Caller, title: string) => caller.get(`/api/courseView?title=${encodeURIComponent(title)}`);

beforeAll(async () => {
  t = await testApp({ dataDir });
  await seedDemo(t.db, { dataDir, clock: t.clock });
  const login = await t.visitor.post('/api/loginEmail', demoAccounts.member);
  const token = login.json().data.token;
  demo = {
    ...t.visitor,
    get: (url) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } }),
  };
  staff = await t.staff('catalogue-staff');
});
afterAll(() => t.close());

describe('the course view', () => {
  test('a visitor: not logged in, private lessons locked, no group links', async () => {
    const res = await view(t.visitor, titles.bought);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c.state).toBe('notLogin');
    expect(c.product.product_title).toBe(titles.bought);
    expect(c.lessons.map((l: { status: string; locked: boolean }) => [l.status, l.locked])).toEqual([
      ['preview', false],
      ['public', false],
      ['private', true],
      ['private', true],
    ]);
    expect(c.groups.length).toBe(2);
    expect(c.groups.every((g: { url: string | null }) => g.url === null)).toBe(true);
    expect(c.tabs.map((tab: { name: string }) => tab.name)).toEqual([
      'รายละเอียดคอร์ส',
      'เนื้อหาที่จะได้เรียน',
      'เอกสารประกอบ',
    ]);
    const documents = c.tabs[2].items;
    expect(documents.map((d: { file: string; document: boolean }) => [d.file, d.document])).toEqual([
      ['course-outline.pdf', true],
      ['worksheet.xlsx', true],
    ]);
    expect(c.coaches[0].lines.length).toBeGreaterThan(0);
    expect(c.coaches[0].awards.length).toBeGreaterThan(0);
    expect(c.remainingDays).toBeNull();
    expect(c.lastWatched).toBeNull();
  });

  test('the buyer: finished, everything unlocked, group links and remaining days', async () => {
    const c = (await view(demo, titles.bought)).json().data;
    expect(c.state).toBe('finish');
    expect(c.lessons.every((l: { locked: boolean }) => !l.locked)).toBe(true);
    expect(c.groups.every((g: { url: string | null }) => g.url?.startsWith('https://'))).toBe(true);
    expect(c.remainingDays).toBeGreaterThan(700);
  });

  test('a pending purchase says how it is being paid', async () => {
    const c = (await view(demo, titles.pending)).json().data;
    expect(c.state).toBe('wait');
    // The payment page's opaque reference, never the guessable SPSK one.
    expect(c.wait).toEqual({ type: 'transfer', ref: expect.stringMatching(/^[\w-]{43}$/) });
    expect(c.lessons.some((l: { locked: boolean }) => l.locked)).toBe(true);
  });

  test('a course the member has not bought can be bought', async () => {
    expect((await view(demo, titles.other)).json().data.state).toBe('create');
  });

  test('a hidden course is not there for visitors or members, only for staff', async () => {
    expect((await view(t.visitor, titles.hidden)).statusCode).toBe(404);
    expect((await view(demo, titles.hidden)).statusCode).toBe(404);
    expect((await view(staff, titles.hidden)).statusCode).toBe(200);
  });

  test('by id too; neither id nor title is a 400', async () => {
    expect((await t.visitor.get('/api/courseView?id=1')).json().data.product.id).toBe(1);
    expect((await t.visitor.get('/api/courseView')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/courseView?id=999999')).statusCode).toBe(404);
  });

  test('a logged-out or forged token is told so (401), never shown the course as a visitor', async () => {
    const login = await t.visitor.post('/api/loginEmail', demoAccounts.member);
    const token: string = login.json().data.token;
    const withToken = (bearer: string) =>
      t.app.inject({
        url: `/api/courseView?title=${encodeURIComponent(titles.bought)}`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    // A visitor's answer is cached first: a refused token must not be served from it.
    expect((await view(t.visitor, titles.bought)).statusCode).toBe(200);
    expect((await withToken(token)).json().data.state).toBe('finish');
    await t.app.inject({ url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    const revoked = await withToken(token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('TOKEN_EXPIRED');
    expect((await withToken(`${token.slice(0, -2)}xx`)).statusCode).toBe(401);
  });

  test('course documents download for the buyer only', async () => {
    expect((await t.visitor.get('/api/pdfProduct/course-outline.pdf')).statusCode).toBe(401);
    const other = await t.member('not-a-buyer@example.com');
    expect((await other.get('/api/pdfProduct/course-outline.pdf')).statusCode).toBe(403);
    const buyer = await demo.get('/api/pdfProduct/course-outline.pdf');
    expect(buyer.statusCode).toBe(200);
    expect(buyer.headers['content-type']).toContain('application/pdf');
  });
});

describe('search', () => {
  const search = async (q: string) =>
    (await t.visitor.get(`/api/productSearch?q=${encodeURIComponent(q)}`))
      .json()
      .data.map((p: { product_title: string }) => p.product_title);

  test('finds a Thai word inside a title, not only at its start', async () => {
    expect(await search('ตลาด')).toContain(titles.bought);
    expect(await search('หุ้น')).toContain(titles.pending);
    expect(await search('อังกฤษ ทำงาน')).toEqual([titles.other]);
  });

  test('ranks title matches first and searches tags and descriptions too', async () => {
    const found = await search('Python');
    expect(found[0]).toBe('โค้ดดิ้งเบื้องต้นด้วย Python');
    expect(await search('Facebook Ads')).toContain(titles.bought);
  });

  test('never finds a hidden course, and wildcards are only characters', async () => {
    expect(await search('อาหาร')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect((await t.visitor.get('/api/productSearch?q=')).statusCode).toBe(400);
  });
});

describe('certificates', () => {
  test('a certificate file is served to the member it is made out to and to staff only', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    staff = await t.staff('certificate-staff');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploadCertificate',
      headers: {
        authorization: `Bearer ${staff.token}`,
        'content-type': 'multipart/form-data; boundary=X',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--X\r\nContent-Disposition: form-data; name="images"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n--X--\r\n'),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = upload.json().data as string;
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, demoAccounts.member.email));
    await t.db.insert(certificate).values({ user_id: owner!.id, product_id: 1, path: file });

    expect((await demo.get(`/api/certificate/${file}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/certificate/${file}`)).statusCode).toBe(200);
    expect((await t.visitor.get(`/api/certificate/${file}`)).statusCode).toBe(401);
    const stranger = await t.member('stranger@example.com');
    expect((await stranger.get(`/api/certificate/${file}`)).statusCode).toBe(404);
    expect((await view(demo, titles.bought)).json().data.certificate).toBe(file);
  });
});
