import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OrderStatus } from '@sikkha/contract';
import { memberStatus } from '@sikkha/contract/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseOnShow } from '../../../test/fixtures.js';
import { blankPicture, slipForm, slipPicture } from '../../../test/slip.js';
import { migrationsFolder } from '../../db/client.js';
import { orders, paymentCharge, user } from '../../db/schema/index.js';
import { SANDBOX_PREFIX } from '../../providers/payments/sandbox/sandbox.js';
import { cancelOrder } from './finish.js';

// A member's status (new, wait, premium) follows their orders through the real routes: placing, paying,
// cancelling, refunding, a charge that arrives after a cancel; and staff list members by it.
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let slips = 0;

const course = (title: string, price: number, extra: Parameters<typeof courseOnShow>[3] = {}) =>
  courseOnShow(t.db, title, price, extra);

const statusOf = async (member: Caller) =>
  (await t.db.select({ status: user.status }).from(user).where(eq(user.id, member.id!)))[0]!.status;

/** A bank transfer with its slip: it waits for staff. */
async function placeTransfer(member: Caller, productId: number) {
  slips += 1;
  const slip = await member.request(
    'POST',
    '/api/uploadSlip',
    slipForm(await slipPicture(`MEMBERSTATUS${String(slips).padStart(8, '0')}`, '014')),
  );
  expect(slip.statusCode, slip.body).toBe(200);
  const res = await member.post('/api/orders', {
    order: {
      orders_payment_type_id: 4,
      orders_payment_slip: slip.json().data,
      orders_payment_date: '2026-11-22',
      orders_payment_time: '09:15',
      orders_payment_bank: 'KBANK',
    },
    ordersDetail: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const approve = async (orderId: number) =>
  expect((await staff.post('/api/ordersUpdate', { id: orderId, orders_status: 'finish' })).statusCode).toBe(200);

/** Staff give a transfer order's money back at the bank, in full. */
async function refundInFull(orderId: number) {
  const upload = await staff.request('POST', '/api/uploadSlip', slipForm(await blankPicture()));
  const res = await staff.post('/api/ordersRefund', {
    id: orderId,
    reason: 'ลูกค้าขอยกเลิก',
    manual: { bank: 'SCB', account: '123-4-56789-0', date: '2026-11-23', slip: upload.json().data },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.orders_status).toBe('refund');
}

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('status-staff');
});
afterAll(() => t?.close());

describe('a member status follows their orders', () => {
  test('New, Wait on placing, Premium on payment, kept while another waits, then back on refund and cancel', async () => {
    const member = await t.member('status-journey@example.com');
    expect(await statusOf(member)).toBe('new');

    const first = await placeTransfer(member, await course('สถานะ 1', 1200));
    expect(await statusOf(member)).toBe('wait');
    await approve(first);
    expect(await statusOf(member)).toBe('premium');

    // A second order waiting does not take the crown away.
    const second = await placeTransfer(member, await course('สถานะ 2', 900));
    expect(await statusOf(member)).toBe('premium');

    // Refunding the only paid order: what is left is an order awaiting confirmation.
    await refundInFull(first);
    expect(await statusOf(member)).toBe('wait');

    // Cancelling that one too leaves nothing: New again.
    const cancel = await member.post('/api/ordersUpdate', { id: second, orders_status: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await statusOf(member)).toBe('new');
  });

  test('cancelling the only waiting order, by staff refusing the slip, is New again; a paid one is kept', async () => {
    const member = await t.member('status-refused@example.com');
    const order = await placeTransfer(member, await course('สถานะ ปฏิเสธ', 500));
    const refused = await staff.post('/api/ordersUpdataAll', {
      id: [order],
      orders_status: 'cancel',
      cancel_note: 'ยอดเงินในสลิปไม่ตรง',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await statusOf(member)).toBe('new');

    const paid = await placeTransfer(member, await course('สถานะ จ่ายแล้ว', 500));
    await approve(paid);
    const waiting = await placeTransfer(member, await course('สถานะ รอ', 500));
    expect((await member.post('/api/ordersUpdate', { id: waiting, orders_status: 'cancel' })).statusCode).toBe(200);
    expect(await statusOf(member)).toBe('premium');
  });

  test('a coin payment is placed and paid at once: Premium', async () => {
    const member = await t.member('status-coins@example.com');
    await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: 50,
      log_point_type: 'staff',
      log_point_note: 'เติม',
    });
    const paid = await member.post('/api/ordersCoinPay', {
      order: { orders_payment_type_id: 6 },
      ordersDetail: { product_id: await course('สถานะ เหรียญ', 30, { product_coin_pay: 'Y' }) },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await statusOf(member)).toBe('premium');
  });

  test('money confirmed after a cancel waits for staff: Wait, then Premium once they grant the course', async () => {
    const member = await t.member('status-late@example.com');
    const placed = await member.post('/api/orders', {
      order: { orders_payment_type_id: 1 },
      ordersDetail: { product_id: await course('สถานะ จ่ายช้า', 800) },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { id, token } = placed.json().data as { id: number; token: string };
    const card = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/tokens`,
      payload: {
        card: { number: '4000000000003220', expiration_month: 12, expiration_year: 2030, security_code: '123' },
      },
    });
    const pending = (await member.post('/api/ordersPay', { ref: token, token: card.json().data.id })).json().data;
    expect(pending.status).toBe('pending');
    // The shop believed the charge had failed, so the cancel had nothing to stop; then the person paid.
    await t.db.update(paymentCharge).set({ status: 'failed' }).where(eq(paymentCharge.orders_id, id));
    expect((await member.post('/api/ordersUpdate', { id, orders_status: 'cancel' })).statusCode).toBe(200);
    expect(await statusOf(member)).toBe('new');
    await t.app.inject({
      method: 'POST',
      url: new URL(pending.authorizeUrl, 'http://localhost').pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=pay',
    });
    await t.app.inject({ method: 'GET', url: `/order/callback?ref=${encodeURIComponent(token)}` });
    expect(await statusOf(member)).toBe('wait');

    const granted = await staff.post('/api/ordersResolvePaid', { id, action: 'grant', reason: 'ลูกค้ายังต้องการเรียน' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await statusOf(member)).toBe('premium');
  });

  test('the status moves in the order’s unit of work: a rolled-back cancel leaves both as they were', async () => {
    const member = await t.member('status-rollback@example.com');
    const order = await placeTransfer(member, await course('สถานะ ย้อนกลับ', 700));
    const failed = t.transact(async (work) => {
      expect(await cancelOrder(work, t.clock, order, 'staff')).toBe(true);
      throw new Error('the rest of the unit of work failed');
    });
    await expect(failed).rejects.toThrow('the rest of the unit of work failed');
    expect(await statusOf(member)).toBe('wait');
  });

  test('two orders of one member changing at once leave the status of both', async () => {
    const member = await t.member('status-race@example.com');
    for (let round = 0; round < 3; round++) {
      const paid = await placeTransfer(member, await course(`สถานะ พร้อมกัน ก${round}`, 300));
      const dropped = await placeTransfer(member, await course(`สถานะ พร้อมกัน ข${round}`, 300));
      const [approved, cancelled] = await Promise.all([
        staff.post('/api/ordersUpdate', { id: paid, orders_status: 'finish' }),
        member.post('/api/ordersUpdate', { id: dropped, orders_status: 'cancel' }),
      ]);
      expect([approved.statusCode, cancelled.statusCode]).toEqual([200, 200]);
      expect(await statusOf(member)).toBe('premium');
      await refundInFull(paid);
      expect(await statusOf(member)).toBe('new');
    }
  });
});

describe('staff list members by status', () => {
  test('?status= filters the back office member list; members may not list members', async () => {
    const premium = await t.member('status-filter-premium@example.com');
    const waiting = await t.member('status-filter-wait@example.com');
    await approve(await placeTransfer(premium, await course('สถานะ กรอง 1', 400)));
    await placeTransfer(waiting, await course('สถานะ กรอง 2', 400));

    const ids = async (status: string) => {
      const res = await staff.get(`/api/user?status=${status}&pageSize=100`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number; status: string }[]).map((r) => [r.id, r.status]);
    };
    const premiums = await ids('premium');
    expect(premiums).toContainEqual([premium.id, 'premium']);
    expect(premiums.every(([, status]) => status === 'premium')).toBe(true);
    expect(premiums.map(([id]) => id)).not.toContain(waiting.id);
    expect(await ids('wait')).toContainEqual([waiting.id, 'wait']);
    expect((await staff.get('/api/user?status=gold')).statusCode).toBe(400);
    expect((await premium.get('/api/user?status=premium')).statusCode).toBe(403);
  });

  test('staff cannot set a status by hand: it is what the orders say', async () => {
    const member = await t.member('status-by-hand@example.com');
    const res = await staff.post('/api/user', { id: member.id, status: 'premium' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(member)).toBe('new');
  });
});

describe('the migration that set every member status once', () => {
  test('gives each existing member what memberStatus gives their orders', async () => {
    const cases: OrderStatus[][] = [
      [],
      ['cancel'],
      ['refund'],
      ['cancel', 'wait'],
      ['refund', 'paid_after_cancel'],
      ['finish'],
      ['refund', 'finish', 'wait'],
    ];
    const members = [];
    for (const [i, statuses] of cases.entries()) {
      const expected = memberStatus(statuses);
      // A stale status, as the shop left every member before it moved them.
      const stale = expected === 'premium' ? 'new' : 'premium';
      const [row] = await t.db
        .insert(user)
        .values({ email: `status-migration-${i}@example.com`, status: stale })
        .returning({ id: user.id });
      for (const status of statuses) await t.db.insert(orders).values({ user_id: row!.id, orders_status: status });
      members.push({ id: row!.id, expected });
    }
    const file = readdirSync(migrationsFolder).find((name) => name.endsWith('_member_status.sql'));
    await t.db.execute(sql.raw(readFileSync(join(migrationsFolder, file!), 'utf8')));
    for (const { id, expected } of members) {
      const [row] = await t.db.select({ status: user.status }).from(user).where(eq(user.id, id));
      expect(row!.status, `member ${id}`).toBe(expected);
    }
  });
});
