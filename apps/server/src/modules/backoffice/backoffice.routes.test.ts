import { backofficeMessageTexts } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_PASSWORD, testApp } from '../../../test/app.js';
import * as s from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const loginStaff = (username: string) =>
  t.visitor.post('/api/loginPersonnel', { username, password: TEST_PASSWORD }).then((r) => r.statusCode);

describe('who may call', () => {
  test.each(['/api/auditLog', '/api/dashboard'])('%s: a visitor 401, a member 403, staff 200', async (url) => {
    expect((await t.visitor.get(url)).statusCode).toBe(401);
    const member = await t.member(`ladder-${url.length}@example.com`);
    expect((await member.get(url)).statusCode).toBe(403);
    const staff = await t.staff(`ladder-staff-${url.length}`);
    expect((await staff.get(url)).statusCode).toBe(200);
  });

  test("a member's e-mail and password never open the back office, nor does a member's username", async () => {
    await t.member('member-at-admin@example.com');
    await t.db
      .update(s.user)
      .set({ username: 'member-at-admin' })
      .where(eq(s.user.email, 'member-at-admin@example.com'));
    for (const username of ['member-at-admin@example.com', 'member-at-admin']) {
      const res = await t.visitor.post('/api/loginPersonnel', { username, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(401);
      // The form asks for a username, and so does the refusal.
      expect(res.json()).toMatchObject({
        result: false,
        data: null,
        message: backofficeMessageTexts.staffLoginFailed.th,
      });
    }
  });
});

describe('the audit log', () => {
  test("a staff save records who changed what, before and after; a delete records the row; a member's write nothing", async () => {
    const staff = await t.staff('auditor');
    const created = await staff.post('/api/product', { product_title: 'คอร์สบันทึก', product_price: 990 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().insertId as number;
    expect((await staff.post('/api/product', { id, product_price: 1290, product_title: 'คอร์สบันทึก' })).statusCode).toBe(
      200,
    );
    expect((await staff.del(`/api/product?id=${id}`)).statusCode).toBe(200);

    const res = await staff.get(`/api/auditLog?subject=product&subject_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(3);
    expect(data.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const entry of data) expect(entry).toMatchObject({ personnel_id: staff.id, personnel_username: 'auditor' });
    // Only what changed: the price, not the title sent again.
    expect(data[1].changes).toEqual({ product_price: [990, 1290] });
    expect(data[2].changes).toMatchObject({ product_title: 'คอร์สบันทึก', product_price: 990 });
    expect(data[0].changes).toMatchObject({ id, product_price: 1290 });

    const member = await t.member('audit-member@example.com');
    const before = (await staff.get('/api/auditLog?pageSize=500')).json().total;
    await member.post('/api/userDetail', { name_th: 'ของฉัน' });
    expect((await staff.get('/api/auditLog?pageSize=500')).json().total).toBe(before);
  });

  test("a coin adjustment shows on the member's history, and a password only as changed", async () => {
    const staff = await t.staff('coin-auditor');
    const member = await t.member('audit-coins@example.com');
    const entry = { user_id: member.id, log_point_amount: 50, log_point_type: 'staff', log_point_note: 'ชดเชย' };
    expect((await staff.post('/api/logPoint', entry)).statusCode).toBe(200);
    const other = await t.staff('audit-password');
    expect((await staff.post('/api/personnel', { id: other.id, password: 'a-new-password-1' })).statusCode).toBe(200);

    const history = (await staff.get(`/api/auditLog?member_id=${member.id}`)).json();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      action: 'create',
      subject: 'logPoint',
      member_id: member.id,
      changes: { log_point_amount: 50, log_point_note: 'ชดเชย' },
    });
    const personnelHistory = (await staff.get(`/api/auditLog?subject=personnel&subject_id=${other.id}`)).json();
    expect(personnelHistory.data[0].changes).toEqual({ password: ['[secret]', '[secret]'] });
    expect(JSON.stringify(personnelHistory)).not.toContain('argon2');
  });

  test('a coin adjustment needs its reason and an amount; the form shows the server words on the field', async () => {
    const staff = await t.staff('coin-reason');
    const member = await t.member('coin-reason@example.com');
    const noNote = await staff.post('/api/logPoint', { user_id: member.id, log_point_amount: 20 });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe('log_point_note: กรุณากรอก เหตุผลการปรับเหรียญ');
    const zero = await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: 0,
      log_point_note: 'ทดลอง',
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('log_point_amount: จำนวนเหรียญต้องไม่เป็น 0');
    // Whatever type is sent, a staff entry is a staff adjustment; the balance moved once, by the good entry only.
    const good = await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: 20,
      log_point_type: 'coupon',
      log_point_note: 'ชดเชยวิดีโอเสีย',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({ log_point_type: 'staff', log_point_note: 'ชดเชยวิดีโอเสีย' });
    const [row] = await t.db.select({ point: s.user.point }).from(s.user).where(eq(s.user.id, member.id!));
    expect(row!.point).toBe(20);
  });

  test('a write that fails leaves no record: the record is in the same unit of work', async () => {
    const staff = await t.staff('audit-rollback');
    const before = (await staff.get('/api/auditLog?subject=logPoint')).json().total;
    const member = await t.member('audit-rollback@example.com');
    const overdraw = await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: -5,
      log_point_note: 'หัก',
    });
    expect(overdraw.statusCode).toBe(409);
    expect((await staff.get('/api/auditLog?subject=logPoint')).json().total).toBe(before);
  });
});

describe('the last staff account', () => {
  test('staff can disable and re-enable another account; a disabled one cannot sign in and its session ends', async () => {
    const boss = await t.staff('boss');
    const clerk = await t.staff('clerk');
    expect((await clerk.get('/api/auditLog')).statusCode).toBe(200);
    const off = await boss.post('/api/personnel', { id: clerk.id, personnel_disable: 'Y' });
    expect(off.statusCode, off.body).toBe(200);
    expect((await clerk.get('/api/auditLog')).statusCode).toBe(401);
    expect(await loginStaff('clerk')).toBe(401);
    expect((await boss.post('/api/personnel', { id: clerk.id, personnel_disable: 'N' })).statusCode).toBe(200);
    expect(await loginStaff('clerk')).toBe(200);
  });

  test('nobody disables or deletes the last enabled account, not even their own', async () => {
    const fresh = await testApp();
    try {
      const only = await fresh.staff('only-one');
      for (const res of [
        await only.post('/api/personnel', { id: only.id, personnel_disable: 'Y' }),
        await only.del(`/api/personnel?id=${only.id}`),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(backofficeMessageTexts.lastStaff.th);
      }
      // A disabled account may go: it locks nobody out.
      const second = await fresh.staff('second');
      expect((await only.post('/api/personnel', { id: second.id, personnel_disable: 'Y' })).statusCode).toBe(200);
      expect((await only.del(`/api/personnel?id=${second.id}`)).statusCode).toBe(200);
      expect((await only.get('/api/auditLog')).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  test('two staff disabling each other at once: one wins, one account stays enabled', async () => {
    const fresh = await testApp();
    try {
      const a = await fresh.staff('racer-a');
      const b = await fresh.staff('racer-b');
      const answers = await Promise.all([
        a.post('/api/personnel', { id: b.id, personnel_disable: 'Y' }),
        b.post('/api/personnel', { id: a.id, personnel_disable: 'Y' }),
      ]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      // The loser is refused by the rule, or, when its check ran after the winner's commit, by its ended session.
      expect(answers.map((r) => r.statusCode).sort()).toEqual(expect.arrayContaining([200]));
      const enabled = await fresh.db
        .select({ id: s.personnel.id })
        .from(s.personnel)
        .where(eq(s.personnel.personnel_disable, 'N'));
      expect(enabled).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('the dashboard', () => {
  test('sales by day and month, waiting orders, new members, best sellers and hours watched', async () => {
    const fresh = await testApp();
    try {
      const staff = await fresh.staff('dash');
      const buyer = await fresh.member('dash-buyer@example.com');
      const db = fresh.db;
      const [course] = await db
        .insert(s.product)
        .values({ product_title: 'คอร์สขายดี', product_price: baht(1500) })
        .returning();
      const now = fresh.clock.now().toISOString();
      const [sold, waiting] = await db
        .insert(s.orders)
        .values([
          { user_id: buyer.id!, orders_net: baht(1500), orders_status: 'finish', approve_date: now },
          { user_id: buyer.id!, orders_net: baht(700), orders_status: 'wait' },
        ])
        .returning();
      await db.insert(s.ordersDetail).values([
        { orders_id: sold!.id, product_id: course!.id, orders_detail_net: baht(1500) },
        { orders_id: waiting!.id, product_id: course!.id, orders_detail_net: baht(700) },
      ]);
      const [lesson] = await db.insert(s.video).values({ video_name: 'บท 1' }).returning();
      // Two overlapping stretches of one lesson count once: 0-1800 and 900-3600 are one hour played.
      await db.insert(s.videoStatistics).values([
        {
          user_id: buyer.id!,
          video_id: lesson!.id,
          product_id: course!.id,
          event: 'Pause',
          time_start: 0,
          time_end: 1800,
        },
        {
          user_id: buyer.id!,
          video_id: lesson!.id,
          product_id: course!.id,
          event: 'Pause',
          time_start: 900,
          time_end: 3600,
        },
      ]);

      const res = await staff.get('/api/dashboard?days=7');
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json();
      expect(data.salesByDay).toHaveLength(7);
      expect(data.salesByDay.at(-1)).toEqual({ date: '2026-11-22', net: 1500, orders: 1 });
      expect(data.salesByMonth).toHaveLength(12);
      expect(data.salesByMonth.at(-1)).toEqual({ month: '2026-11', net: 1500, orders: 1 });
      expect(data.waitingOrders).toBe(1);
      expect(data.newMembers.period).toBe(1);
      expect(data.bestSelling).toEqual([{ product_id: course!.id, product_title: 'คอร์สขายดี', orders: 1, net: 1500 }]);
      expect(data.hoursWatched).toBe(1);
      expect((await staff.get('/api/dashboard?days=1000')).statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});
