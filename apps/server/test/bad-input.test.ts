import { resources } from '@sikkha/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from './app.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('input-staff');
});
afterAll(() => t.close());

const raw = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/category',
    headers: { authorization: `Bearer ${staff.token}`, 'content-type': contentType },
    payload,
  });

describe('bad input gets a 4xx and a clear message, never a 500', () => {
  test('malformed JSON', async () => {
    const res = await raw('{"category_name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ result: false, data: null, message: 'รูปแบบข้อมูล JSON ไม่ถูกต้อง', code: 'BAD_REQUEST' });
  });

  test('an unsupported content type', async () => {
    expect((await raw('category_name=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
  });

  test('a body over the size limit', async () => {
    const res = await raw(JSON.stringify({ category_name: 'x'.repeat(2_000_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('ข้อมูลหรือไฟล์มีขนาดใหญ่เกินกำหนด');
  });

  test('a missing required field names the field in Thai', async () => {
    const res = await staff.post('/api/category', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('category_name: กรุณากรอก ข้อมูล');
  });

  test('each wrong field is listed with a stable code and a Thai sentence, none of the validator wording', async () => {
    const res = await staff.post('/api/product', {
      product_title: 'x'.repeat(300),
      product_price: 1.005,
      product_status: 'Maybe',
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    const { fields, message } = res.json();
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: 'product_title', code: 'too_long', message: expect.stringMatching(/^ต้องมีไม่เกิน \d+ ตัวอักษร$/) },
        { path: 'product_price', code: 'format', message: 'ใส่ทศนิยมได้ไม่เกิน 2 ตำแหน่ง' },
        { path: 'product_status', code: 'not_allowed', message: 'กรุณาเลือกจากตัวเลือกที่มี' },
        { path: 'colour', code: 'unknown_field', message: 'มีข้อมูลที่ระบบไม่รู้จัก' },
      ]),
    );
    for (const text of [message, ...fields.map((field: { message: string }) => field.message)]) {
      expect(text).not.toMatch(/string|number|ควรมี|ควรเป็น|เกินกำหนด:|\/\^/);
    }
    const missing = await staff.post('/api/category', {});
    expect(missing.json().fields).toEqual([{ path: 'category_name', code: 'required', message: 'กรุณากรอก ข้อมูล' }]);
  });

  test('a wrong type, an unknown field and a bad enum value', async () => {
    expect((await staff.post('/api/category', { category_name: 42 })).statusCode).toBe(400);
    const unknown = await staff.post('/api/category', { category_name: 'ก', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('colour');
    expect(
      (await staff.post('/api/product', { product_title: 'x', product_price: 1, product_status: 'Maybe' })).statusCode,
    ).toBe(400);
    expect((await staff.post('/api/product', { product_title: 'x', product_price: 1.005 })).statusCode).toBe(400);
    expect((await staff.post('/api/product', { product_title: 'x', product_price: -1 })).statusCode).toBe(400);
  });

  test('ids that are not ids', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', '']) {
      const res = await t.visitor.get(`/api/categoryById?id=${id}`);
      expect(res.statusCode, id).toBe(400);
    }
    expect((await t.visitor.get('/api/categoryById')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/coachDetailListByCoachId?coach_id=x')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/coachDetailListByCoachId')).statusCode).toBe(400);
  });

  test('unknown ids: 404 on read, update and delete', async () => {
    expect((await t.visitor.get('/api/categoryById?id=424242')).statusCode).toBe(404);
    expect((await staff.post('/api/category', { id: 424242, category_name: 'ก' })).statusCode).toBe(404);
    expect((await staff.del('/api/category?id=424242')).statusCode).toBe(404);
  });

  test('a reference to a missing row is 422, deleting a referenced row is 409', async () => {
    const res = await staff.post('/api/coachDetailList', { coach_id: 424242, coach_detail_text: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('ข้อมูลที่อ้างอิงไม่มีในระบบ');

    const product = (await staff.post('/api/product', { product_title: 'มีคำสั่งซื้อ', product_price: 100 })).json().data;
    const member = await t.member('buyer@example.com');
    const cert = await staff.post('/api/certificate', { user_id: member.id, product_id: product.id });
    expect(cert.statusCode).toBe(200);
    const del = await staff.del(`/api/product?id=${product.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('ไม่สามารถลบได้ เนื่องจากมีข้อมูลอื่นอ้างอิงอยู่');
  });

  test('a duplicate of a unique value is 409', async () => {
    await staff.post('/api/coupon', { coupon_code: 'SAME' });
    const again = await staff.post('/api/coupon', { coupon_code: 'SAME' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('มีรหัสคูปองนี้เเล้ว');
  });

  test('clearing a required field on update is refused', async () => {
    const id = (await staff.post('/api/category', { category_name: 'ก' })).json().insertId;
    expect((await staff.post('/api/category', { id, category_name: null })).statusCode).toBe(400);
    expect(
      (await staff.post('/api/product', { product_title: 'ค', product_price: 1, product_status: null })).statusCode,
    ).toBe(400);
  });

  test('paging, sorting and filters are checked', async () => {
    expect((await t.visitor.get('/api/category?pageSize=100000')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/category?page=0')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/category?sort=password')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/category?nope=1')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/user?password=x')).statusCode).toBe(400);
  });

  test('an expired or forged token is refused where a sign-in is needed', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { category_name: 'x' },
    });
    expect(forged.statusCode).toBe(401);
    t.clock.advance(21_601_000);
    const expired = await staff.post('/api/category', { category_name: 'x' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: 'The token has expired.', code: 'TOKEN_EXPIRED' });
    expect((await t.visitor.get('/api/category')).statusCode).toBe(200);
    staff = await t.staff('input-staff-after-expiry');
  });

  test('unknown API routes answer the envelope', async () => {
    const res = await t.visitor.get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: false, code: 'NOT_FOUND' });
  });
});

describe('lists', () => {
  test('page, sort, filter and total', async () => {
    for (const name of ['ข', 'ก', 'ค']) await staff.post('/api/question', { question: name, item: name.charCodeAt(0) });
    const page = (await t.visitor.get('/api/question?pageSize=2&page=1&sort=question&order=desc')).json();
    expect(page.total).toBe(3);
    expect(page.data.map((q: { question: string }) => q.question)).toEqual(['ค', 'ข']);
    const second = (await t.visitor.get('/api/question?pageSize=2&page=2&sort=question&order=desc')).json();
    expect(second.data.map((q: { question: string }) => q.question)).toEqual(['ก']);
    const filtered = (await t.visitor.get(`/api/question?question=${encodeURIComponent('ข')}`)).json();
    expect(filtered.total).toBe(1);
  });

  test('newsLimit gives the latest news', async () => {
    for (const title of ['เก่า', 'กลาง', 'ใหม่']) await staff.post('/api/news', { news_title: title });
    const res = (await t.visitor.get('/api/newsLimit?limit=2')).json();
    expect(res.data.map((n: { news_title: string }) => n.news_title)).toEqual(['ใหม่', 'กลาง']);
  });

  test('lookups accept the field name or id=', async () => {
    const coach = (await staff.post('/api/coach', { coach_name: 'โค้ช' })).json().data;
    await staff.post('/api/coachStatus', { coach_id: coach.id, award: 'รางวัล' });
    expect((await t.visitor.get(`/api/coachStatusByCoachId?coach_id=${coach.id}`)).json().total).toBe(1);
    expect((await t.visitor.get(`/api/coachStatusByCoachId?id=${coach.id}`)).json().total).toBe(1);
  });
});

describe('OpenAPI', () => {
  test('documents every plain resource route', async () => {
    const doc = (await t.visitor.get('/api/openapi.json')).json();
    const paths = Object.keys(doc.paths);
    for (const r of resources) {
      expect(paths).toContain(`/api/${r.name}`);
      expect(paths).toContain(`/api/${r.name}ById`);
      for (const l of (r as { lookups?: { suffix: string }[] }).lookups ?? [])
        expect(paths).toContain(`/api/${r.name}${l.suffix}`);
    }
    expect(doc.paths['/api/category'].post).toBeDefined();
    expect(doc.paths['/api/category'].delete).toBeDefined();
    expect((await t.visitor.get('/api/docs/')).statusCode).toBe(200);
  });

  test('every operation lists the failures any request can meet, besides its own', async () => {
    const doc = (await t.visitor.get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['400', '413', '414', '415', '429', '431', '500', '503']) {
          if (!operation.responses[status]) missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test('the error envelope lists its field errors, each with its path, code and message', async () => {
    const doc = (await t.visitor.get('/api/openapi.json')).json();
    const refused = doc.paths['/api/category'].post.responses['400'].content['application/json'].schema;
    const fields = refused.properties.fields;
    expect(refused.required).not.toContain('fields');
    expect(fields.type).toBe('array');
    expect(fields.items.required).toEqual(['path', 'code', 'message']);
    expect(fields.items.properties.code.enum).toEqual(expect.arrayContaining(['required', 'too_short', 'format']));
  });
});

describe('control characters and broken URLs answer the envelope, never a 500', () => {
  const member = () => t.member(`nul-${Math.random().toString(36).slice(2)}@example.com`);

  test('a NUL or control character anywhere in a request is refused with 400', async () => {
    const alice = await member();
    const cases = [
      () => t.visitor.get('/api/category?category_name=%00'),
      () => t.visitor.get('/api/productByVideoId?video_id=1%00'),
      () => t.visitor.get('/api/productSearch?q=%E0%B8%84%00'),
      () => t.visitor.get('/api/userByEmail?email=a%00%40b.com'),
      () => t.visitor.post('/api/loginEmail', { email: 'a\u0000@example.com', password: 'x' }),
      () => t.visitor.post('/api/loginPersonnel', { username: 'a\u0000', password: 'x' }),
      () => alice.post('/api/userUpdate', { name_th: 'ชื่อ\u0000' }),
      () => staff.post('/api/category', { category_name: 'หมวด\u0007' }),
      () => staff.post('/api/news', { news_title: 'ข่าว', news_detail: { nested: ['ok', 'bad\u0000'] } }),
      () => t.visitor.get('/api/coach/%00.png'),
    ];
    for (const call of cases) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ result: false, data: null, code: 'BAD_REQUEST' });
      expect(res.json().message).toContain('ข้อมูลไม่ถูกต้อง');
    }
    // Tabs and line breaks are ordinary text.
    expect((await staff.post('/api/category', { category_name: 'หนึ่ง\tสอง' })).statusCode).toBe(200);
  });

  test('a body nested deeper than any form is refused, however deep', async () => {
    for (const depth of [40, 3_000, 400_000]) {
      const res = await raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
      expect(res.statusCode, `${depth}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ result: false, data: null, message: 'ข้อมูลไม่ถูกต้อง', code: 'BAD_REQUEST' });
    }
    const deepObject = `{"news_title":"ข่าว","news_detail":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    expect((await raw(deepObject)).statusCode).toBe(400);
  });

  test('a time-zone offset the database cannot hold is a 400', async () => {
    const member = await t.member(`tz-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await staff.post('/api/couponPoint', {
      user_id: member.id,
      coupon_point_code: 'TZ-OFFSET',
      coupon_point_amount: 10,
      coupon_point_start: '2026-02-28T22:08:29+20:20',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ result: false, data: null, message: 'ข้อมูลไม่ถูกต้อง' });
  });

  test('a URL cut mid-character, an over-long path part and oversized headers answer the envelope', async () => {
    const badUrl = await t.visitor.get('/api/%E0%B8');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ result: false, data: null, message: 'ข้อมูลไม่ถูกต้อง', code: 'BAD_REQUEST' });
    const long = await t.visitor.get(`/api/coach/${'a'.repeat(400)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ result: false, data: null, code: 'URI_TOO_LONG' });
    // A page link cut mid-character is a page that does not exist (without a built web app: the 404 envelope).
    const page = await t.visitor.get('/product/%E0%B8');
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ result: false, code: 'NOT_FOUND' });

    // The HTTP parser's own refusals need a real socket.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/category`, { headers: { 'x-big': 'a'.repeat(40_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      result: false,
      data: null,
      message: 'ข้อมูลหรือไฟล์มีขนาดใหญ่เกินกำหนด',
      code: 'HEADERS_TOO_LARGE',
    });
  });
});
