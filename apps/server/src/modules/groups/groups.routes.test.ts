import { message } from '@sikkha/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseFixture, purchase } from '../../../test/fixtures.js';
import { messageOutbox, notification, productGroup, userProductGroup } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let f: Awaited<ReturnType<typeof courseFixture>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('groups-staff');
  f = await courseFixture(t.db, { title: 'คอร์สกลุ่มเรียน' });
});
afterAll(() => t.close());

async function buyer(email: string, approvedDaysAgo = 1) {
  const m = await t.member(email);
  await purchase(t.db, m.id!, f.course.id, 'finish', new Date(t.clock.now().getTime() - approvedDaysAgo * DAY));
  return m;
}

const rowsOf = async (userId: number) =>
  t.db.select().from(userProductGroup).where(eq(userProductGroup.user_id, userId));

describe('generating a code', () => {
  test('buyers only, for a group that is shown', async () => {
    const body = { id: f.groups.line.id };
    expect((await t.visitor.post('/api/userProductGroupGennarate', body)).statusCode).toBe(401);
    expect((await staff.post('/api/userProductGroupGennarate', body)).statusCode).toBe(403);
    expect(
      (await (await t.member('groups-new@example.com')).post('/api/userProductGroupGennarate', {})).statusCode,
    ).toBe(400);

    const stranger = await t.member('groups-stranger@example.com');
    const refused = await stranger.post('/api/userProductGroupGennarate', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(message('groupCodeBuyersOnly'));
    const pending = await t.member('groups-pending@example.com');
    await purchase(t.db, pending.id!, f.course.id, 'wait', t.clock.now());
    expect((await pending.post('/api/userProductGroupGennarate', body)).statusCode).toBe(403);
    expect(await rowsOf(stranger.id!)).toEqual([]);

    const m = await buyer('groups-hidden@example.com');
    const [hidden] = await t.db
      .insert(productGroup)
      .values({ product_id: f.course.id, product_group_type: 'line', product_group_hide: 'Y' })
      .returning();
    expect((await m.post('/api/userProductGroupGennarate', { id: hidden!.id })).statusCode).toBe(404);
    expect((await m.post('/api/userProductGroupGennarate', { id: 2_000_000_000 })).statusCode).toBe(404);
  });

  test('one typable code per member and group; it is announced to the channel and to the member once', async () => {
    const m = await buyer('groups-buyer@example.com');
    const first = await m.post('/api/userProductGroupGennarate', { id: f.groups.line.id });
    expect(first.statusCode).toBe(200);
    const made = first.json().data;
    expect(made).toMatchObject({
      product_group_id: f.groups.line.id,
      product_group_type: 'line',
      product_group_url: 'https://line.me/ti/g/abc',
    });
    expect(made.user_product_group_code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);

    const again = await m.post('/api/userProductGroupGennarate', { id: f.groups.line.id });
    expect(again.json().data.user_product_group_code).toBe(made.user_product_group_code);
    const other = (await m.post('/api/userProductGroupGennarate', { id: f.groups.facebook.id })).json().data;
    expect(other.user_product_group_code).not.toBe(made.user_product_group_code);
    expect(await rowsOf(m.id!)).toHaveLength(2);

    const notes = await t.db.select().from(notification).where(eq(notification.user_id, m.id!));
    expect(notes.map((n) => n.notification_message)).toEqual(
      expect.arrayContaining([`รหัสเข้ากลุ่ม LINE คอร์ส คอร์สกลุ่มเรียน: ${made.user_product_group_code}`]),
    );
    expect(notes).toHaveLength(2);

    await t.app.ctx.jobs.runDue();
    const sent = await t.db.select().from(messageOutbox).where(eq(messageOutbox.channel, 'line'));
    expect(sent.filter((s) => s.text.includes(made.user_product_group_code))).toHaveLength(1);
    expect(sent[0]!.text).toContain('groups-buyer@example.com');

    // The member's groups of the course: their codes, and the links because they bought it.
    const mine = (await m.get(`/api/userProductGroupByUserAndProduct?product_id=${f.course.id}`)).json().data;
    expect(mine).toEqual([
      { ...made },
      {
        product_group_id: f.groups.facebook.id,
        product_group_type: 'facebook',
        product_group_url: 'https://fb.com/groups/x',
        user_product_group_code: other.user_product_group_code,
      },
    ]);
  });

  test('parallel requests (two tabs, double clicks) make one code, one message and one notification', async () => {
    const m = await buyer('groups-race@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => m.post('/api/userProductGroupGennarate', { id: f.groups.line.id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const codes = new Set(answers.map((a) => a.json().data.user_product_group_code));
    expect(codes.size).toBe(1);
    expect(await rowsOf(m.id!)).toHaveLength(1);
    const [notes] = await t.db.select({ n: count() }).from(notification).where(eq(notification.user_id, m.id!));
    expect(notes!.n).toBe(1);
    await t.app.ctx.jobs.runDue();
    const sent = await t.db.select().from(messageOutbox);
    expect(sent.filter((s) => s.text.includes([...codes][0]!))).toHaveLength(1);
  });
});

describe('reading groups', () => {
  test('a member sees only their own codes, and the links only once they bought the course', async () => {
    const owner = await buyer('groups-owner@example.com');
    const code = (await owner.post('/api/userProductGroupGennarate', { id: f.groups.line.id })).json().data
      .user_product_group_code;
    const stranger = await t.member('groups-reader@example.com');
    const seen = (await stranger.get(`/api/userProductGroupByUserAndProduct?product_id=${f.course.id}`)).json().data;
    expect(seen).toEqual([
      {
        product_group_id: f.groups.line.id,
        product_group_type: 'line',
        product_group_url: null,
        user_product_group_code: null,
      },
      {
        product_group_id: f.groups.facebook.id,
        product_group_type: 'facebook',
        product_group_url: null,
        user_product_group_code: null,
      },
    ]);
    expect(
      JSON.stringify((await stranger.get(`/api/userProductGroupByProductId?product_id=${f.course.id}`)).json()),
    ).not.toContain(code);
    expect((await t.visitor.get(`/api/userProductGroupByUserAndProduct?product_id=${f.course.id}`)).statusCode).toBe(
      401,
    );
    expect((await stranger.get('/api/userProductGroupByUserAndProduct?product_id=2000000000')).statusCode).toBe(404);
  });

  test('staff list the group rows of buyers whose two years are over', async () => {
    const lapsed = await buyer('groups-lapsed@example.com', 800);
    const current = await buyer('groups-current@example.com', 10);
    const [row] = await t.db
      .insert(userProductGroup)
      .values({ user_id: lapsed.id!, product_group_id: f.groups.line.id, user_product_group_code: 'LAPSE-D0001' })
      .returning();
    await t.db
      .insert(userProductGroup)
      .values({ user_id: current.id!, product_group_id: f.groups.line.id, user_product_group_code: 'CURRE-NT001' });

    expect((await t.visitor.get('/api/userProductGroupExpire')).statusCode).toBe(401);
    expect((await current.get('/api/userProductGroupExpire')).statusCode).toBe(403);
    const listed = (await staff.get('/api/userProductGroupExpire')).json().data;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([row!.id]);
    expect(listed[0]).toMatchObject({
      user_id: lapsed.id,
      product_id: f.course.id,
      product_group_type: 'line',
      email: 'groups-lapsed@example.com',
    });
    expect(listed[0].expired_on < '2026-11-22').toBe(true);
  });
});
