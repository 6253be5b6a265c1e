import { message, type Resource, resources } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as s from '../src/db/schema/index.js';
import { type Caller, testApp } from './app.js';
import { catalogueFixture, type Fixture, samples } from './fixtures.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let alice: Caller;
let bob: Caller;
let f: Fixture;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('policy-staff');
  alice = await t.member('alice@example.com');
  bob = await t.member('bob@example.com');
  f = await catalogueFixture(t.db, alice.id!);
});
afterAll(() => t.close());

const all = resources as readonly Resource[];
/** Members create and delete their own rows of these; of the others (quota 0) they only change what staff made. */
const memberAdds = (r: Resource) => r.write === 'owner' && (r.memberQuota ?? 0) > 0;
const sample = (name: string, userId: number) => {
  const make = samples[name];
  if (!make) throw new Error(`no sample payload for ${name}`);
  return make(f, userId);
};

/** A valid value of a field other than `now`: another of a closed set's values, else a number or a text. */
function otherValue(resource: Resource, field: string, now: unknown) {
  const options = (resource.entity.fields[field] as { options?: unknown[] } | undefined)?.options;
  if (options) return options.find((option) => option !== now);
  return typeof now === 'number' ? 987_654 : 'REWRITTEN-987654';
}

describe.each(all.map((r) => [r.name, r] as const))('%s', (name, resource) => {
  test('reads: visitors only where public, members only their own, staff everything', async () => {
    const visitor = await t.visitor.get(`/api/${name}`);
    expect(visitor.statusCode).toBe(resource.read === 'public' ? 200 : 401);
    expect(visitor.json().result).toBe(resource.read === 'public');

    const member = await alice.get(`/api/${name}`);
    expect(member.statusCode).toBe(resource.read === 'staff' ? 403 : 200);

    const asStaff = await staff.get(`/api/${name}`);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json()).toMatchObject({ result: true, total: expect.any(Number) });
  });

  test.runIf(resource.write === 'none')(
    'no generic writes: these rows move only through their own services',
    async () => {
      // A service may answer POST /api/{name} itself (the player's statistics), with its own body and rights.
      expect([400, 404]).toContain((await staff.post(`/api/${name}`, {})).statusCode);
      expect((await staff.del(`/api/${name}?id=1`)).statusCode).toBe(404);
    },
  );

  test.runIf(resource.write !== 'none')(
    'writes: 401 without a token, 403 for a member on staff resources',
    async () => {
      const body = sample(name, alice.id!);
      const visitor = await t.visitor.post(`/api/${name}`, body);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ result: false, code: 'UNAUTHORIZED' });
      // A ledger has no delete route at all.
      expect((await t.visitor.del(`/api/${name}?id=1`)).statusCode).toBe(resource.appendOnly ? 404 : 401);

      const member = await alice.post(`/api/${name}`, body);
      expect(member.statusCode, member.body).toBe(memberAdds(resource) ? 200 : 403);
      const del = await alice.del(`/api/${name}?id=2147483647`);
      expect(del.statusCode).toBe(memberAdds(resource) || resource.appendOnly ? 404 : 403);
      if (memberAdds(resource)) {
        expect((await alice.del(`/api/${name}?id=${member.json().insertId}`)).statusCode).toBe(200);
      }
    },
  );

  test.runIf(resource.write !== 'none')('staff create, read by id, update and delete', async () => {
    const created = await staff.post(`/api/${name}`, sample(name, alice.id!));
    expect(created.statusCode, created.body).toBe(200);
    const { insertId, data } = created.json();
    expect(insertId).toBe(data.id);
    expect(data.create_by).toBe(staff.id);
    expect(data).not.toHaveProperty('password');

    const byId = await staff.get(`/api/${name}ById?id=${insertId}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.id).toBe(insertId);

    t.clock.advance(60_000);
    const updated = await staff.post(`/api/${name}`, { id: insertId });
    if (resource.appendOnly) {
      // A ledger row, once written, is never changed or removed; a correction is a new row.
      expect(updated.statusCode, updated.body).toBe(403);
      expect((await staff.del(`/api/${name}?id=${insertId}`)).statusCode).toBe(404);
      expect((await staff.get(`/api/${name}ById?id=${insertId}`)).json().data).toEqual(data);
      return;
    }
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.update_at > data.update_at).toBe(true);
    expect(updated.json().data.create_at).toBe(data.create_at);

    const removed = await staff.del(`/api/${name}?id=${insertId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await staff.get(`/api/${name}ById?id=${insertId}`)).statusCode).toBe(404);
    expect((await staff.del(`/api/${name}?id=${insertId}`)).statusCode).toBe(404);
  });

  test.runIf(resource.write !== 'none')('server-owned fields are never taken from the client', async () => {
    const created = await staff.post(`/api/${name}`, {
      ...sample(name, alice.id!),
      create_by: 999,
      create_at: '2000-01-01T00:00:00.000Z',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.create_by).toBe(staff.id);
    expect(created.json().data.create_at).toBe(t.clock.now().toISOString());
    const id = created.json().insertId;
    const readOnly = resource.readOnlyFields ?? [];
    if (!resource.appendOnly) {
      const before = created.json().data;
      // A value of the field's own type, so the write is valid and only the rule can keep the field as it was.
      const rewrite = Object.fromEntries(readOnly.map((field) => [field, otherValue(resource, field, before[field])]));
      const updated = await staff.post(`/api/${name}`, { id, ...rewrite, create_by: 999, update_at: '2000-01-01' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.create_by).toBe(staff.id);
      for (const field of readOnly) expect(updated.json().data[field], field).toBe(before[field]);
      expect((await staff.del(`/api/${name}?id=${id}`)).statusCode).toBe(200);
    }
  });
});

describe('owner resources keep members apart', () => {
  const owned = all.filter((r) => r.read === 'owner' && r.write !== 'none' && r.owner && !('via' in r.owner));

  test.each(owned.map((r) => [r.name]))('%s: another member sees nothing of alice', async (name) => {
    const created = await staff.post(`/api/${name}`, sample(name, alice.id!));
    const resource = all.find((r) => r.name === name)!;
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().insertId;

    const mine = await alice.get(`/api/${name}ById?id=${id}`);
    expect(mine.statusCode).toBe(200);
    expect((await alice.get(`/api/${name}`)).json().data.map((r: { id: number }) => r.id)).toContain(id);

    expect((await bob.get(`/api/${name}ById?id=${id}`)).statusCode).toBe(404);
    const list = await bob.get(`/api/${name}`);
    expect(list.json().data.every((r: { user_id: number }) => r.user_id === bob.id)).toBe(true);
    const byUser = resource.lookups?.find((l) => l.fields.length === 1 && l.fields[0] === 'user_id');
    if (byUser) {
      expect((await bob.get(`/api/${name}${byUser.suffix}?user_id=${alice.id}`)).statusCode).toBe(403);
      expect((await alice.get(`/api/${name}${byUser.suffix}?user_id=${alice.id}`)).json().total).toBeGreaterThan(0);
    }
    expect((await bob.del(`/api/${name}?id=${id}`)).statusCode).toBe(
      memberAdds(resource) || resource.appendOnly ? 404 : 403,
    );
    if (resource.write === 'owner') {
      expect((await bob.post(`/api/${name}`, { id })).statusCode).toBe(404);
    }
  });

  test('a member cannot create rows for someone else', async () => {
    const res = await bob.post('/api/userDetail', sample('userDetail', alice.id!));
    expect(res.statusCode).toBe(403);
    const own = await bob.post('/api/userDetail', { ...sample('userDetail', bob.id!), user_id: undefined });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.user_id).toBe(bob.id);
  });

  test('a member may only mark a notification read: never write, create or delete one', async () => {
    const created = await staff.post('/api/notification', sample('notification', alice.id!));
    const id = created.json().insertId;
    expect((await alice.post('/api/notification', { id, notification_message: 'แก้ไข' })).statusCode).toBe(403);
    const read = await alice.post('/api/notification', { id, notification_status: 'N' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.notification_status).toBe('N');
    const forged = { notification_message: 'โอนเงินด่วน', notification_from: 'Sikkha', notification_to: '/x' };
    expect((await alice.post('/api/notification', forged)).statusCode).toBe(403);
    expect((await alice.del(`/api/notification?id=${id}`)).statusCode).toBe(403);
    expect((await alice.get(`/api/notificationById?id=${id}`)).statusCode).toBe(200);
  });

  test('a member holds at most the quota of their own rows; deleting one makes room', async () => {
    const carol = await t.member('carol@example.com');
    const quota = all.find((r) => r.name === 'userDetail')!.memberQuota!;
    const ids: number[] = [];
    for (let i = 0; i < quota; i++) {
      const res = await carol.post('/api/userDetail', { name_th: `ที่ ${i}` });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().insertId);
    }
    const over = await carol.post('/api/userDetail', { name_th: 'เกิน' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ result: false, message: message('quotaReached') });
    // Staff are not held to it, and one member's rows do not count against another's.
    expect((await staff.post('/api/userDetail', { user_id: carol.id, name_th: 'โดยเจ้าหน้าที่' })).statusCode).toBe(200);
    expect((await bob.post('/api/userDetail', { name_th: 'ของบ๊อบ' })).statusCode).toBe(200);
    // The row staff made for her counts too: she removes two of hers to add one.
    expect((await carol.del(`/api/userDetail?id=${ids[0]}`)).statusCode).toBe(200);
    expect((await carol.post('/api/userDetail', { name_th: 'แทนที่' })).statusCode).toBe(409);
    expect((await carol.del(`/api/userDetail?id=${ids[1]}`)).statusCode).toBe(200);
    expect((await carol.post('/api/userDetail', { name_th: 'แทนที่' })).statusCode).toBe(200);
  });

  test.runIf(process.env.DB_ENGINE === 'postgres')('parallel creates cannot pass the quota together', async () => {
    const dave = await t.member('dave@example.com');
    const quota = all.find((r) => r.name === 'userDetail')!.memberQuota!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => dave.post('/api/userDetail', { name_th: `พร้อมกัน ${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(quota);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(20 - quota);
  });

  test("order details follow their order's owner", async () => {
    await t.db.insert(s.ordersDetail).values({ orders_id: f.order.id, product_id: f.product.id });
    expect((await alice.get(`/api/ordersDetailByOrderId?orders_id=${f.order.id}`)).json().total).toBe(1);
    expect((await bob.get(`/api/ordersDetailByOrderId?orders_id=${f.order.id}`)).json().total).toBe(0);
    expect((await bob.get('/api/orders')).json().total).toBe(0);
  });
});

describe('visibility rules', () => {
  test('hidden courses never reach visitors or members, staff see them', async () => {
    const titles = (body: { data: { product_title: string }[] }) => body.data.map((p) => p.product_title);
    expect(titles((await t.visitor.get('/api/product?pageSize=500')).json())).not.toContain('คอร์สซ่อน');
    expect(titles((await alice.get('/api/product?pageSize=500')).json())).not.toContain('คอร์สซ่อน');
    expect((await t.visitor.get(`/api/productById?id=${f.hidden.id}`)).statusCode).toBe(404);
    expect(titles((await staff.get('/api/product?pageSize=500')).json())).toContain('คอร์สซ่อน');
  });

  test("a hidden course's content is hidden with it, through every list and lookup", async () => {
    const hidden = f.hidden.id;
    await t.db.insert(s.productDetailText).values({ product_id: hidden, product_detail_type_id: f.detailType.id });
    await t.db.insert(s.productDetailList).values({ product_id: hidden, product_detail_type_id: f.detailType.id });
    await t.db.insert(s.videoList).values({ product_id: hidden, video_id: f.video.id, video_list_status: 'public' });
    await t.db.insert(s.productCoach).values({ product_id: hidden, coach_id: f.coach.id });
    await t.db.insert(s.productGroup).values({ product_id: hidden, product_group_type: 'line' });
    const urls = [
      `/api/productDetailTextByProductId?product_id=${hidden}`,
      `/api/productDetailListByProductId?product_id=${hidden}`,
      `/api/videoListByProductId?product_id=${hidden}`,
      `/api/videoByProductId?product_id=${hidden}`,
      `/api/productCoachByProductId?product_id=${hidden}`,
      `/api/productGroupByProductId?product_id=${hidden}`,
      `/api/productDetailText?product_id=${hidden}`,
      `/api/videoList?product_id=${hidden}`,
    ];
    for (const url of urls) {
      expect((await t.visitor.get(url)).json().total, url).toBe(0);
      expect((await alice.get(url)).json().total, url).toBe(0);
      expect((await staff.get(url)).json().total, url).toBeGreaterThan(0);
    }
    const [row] = await t.db.select({ id: s.videoList.id }).from(s.videoList).where(eq(s.videoList.product_id, hidden));
    expect((await t.visitor.get(`/api/videoListById?id=${row!.id}`)).statusCode).toBe(404);
    // The same lesson in a course on show stays visible, and the course of a video lists only courses on show.
    expect((await t.visitor.get(`/api/productByVideoId?video_id=${f.video.id}`)).json().data).not.toContainEqual(
      expect.objectContaining({ id: hidden }),
    );
  });

  test('video sources and private group links are for staff only', async () => {
    const visitor = (await t.visitor.get(`/api/videoById?id=${f.video.id}`)).json().data;
    expect(visitor).not.toHaveProperty('video_HLS');
    expect(visitor).not.toHaveProperty('video_content_id');
    expect((await staff.get(`/api/videoById?id=${f.video.id}`)).json().data.video_HLS).toBe('secret-source');
    const group = (await t.visitor.get(`/api/productGroupByProductId?product_id=${f.product.id}`)).json();
    expect(group.total).toBeGreaterThan(0);
    expect(group.data[0]).not.toHaveProperty('product_group_url');
    expect((await t.visitor.get('/api/video?video_HLS=secret-source')).statusCode).toBe(403);
  });

  test('passwords are hashed on write and never returned', async () => {
    const res = await staff.post('/api/personnel', { username: 'newstaff', password: 'a-long-password' });
    expect(res.json().data).not.toHaveProperty('password');
    const [row] = await t.db.select().from(s.personnel).where(eq(s.personnel.username, 'newstaff'));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    const login = await t.visitor.post('/api/loginPersonnel', { username: 'newstaff', password: 'a-long-password' });
    expect(login.statusCode).toBe(200);
  });
});

describe('list search', () => {
  test('q finds every word anywhere in the text fields the caller may see', async () => {
    await staff.post('/api/news', { news_title: 'เปิดคอร์สใหม่ เดือนธันวาคม', news_detail: 'สมัครได้แล้ววันนี้' });
    const titles = async (caller: Caller, q: string) =>
      (await caller.get(`/api/news?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((n: { news_title: string }) => n.news_title);
    expect(await titles(t.visitor, 'คอร์สใหม่')).toEqual(['เปิดคอร์สใหม่ เดือนธันวาคม']);
    expect(await titles(t.visitor, 'ธันวาคม สมัคร')).toEqual(['เปิดคอร์สใหม่ เดือนธันวาคม']);
    expect(await titles(t.visitor, 'ธันวาคม มกราคม')).toEqual([]);
    expect(await titles(t.visitor, '100%')).toEqual([]);
    // A field only staff see is searched only for staff.
    expect((await t.visitor.get('/api/video?q=secret-source')).json().total).toBe(0);
    expect((await staff.get('/api/video?q=secret-source')).json().total).toBe(1);
  });

  test('q searches only text columns: a table with dates and amounts answers, by its text', async () => {
    const coupons = await staff.get('/api/coupon?q=fixture');
    expect(coupons.statusCode, coupons.body).toBe(200);
    expect(coupons.json().data.map((c: { coupon_code: string }) => c.coupon_code)).toEqual(['FIXTURE']);
    expect((await alice.get('/api/orders?q=2026')).statusCode).toBe(200);
  });
});
