import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cancelNoteRequired, message } from '@sikkha/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { courseOnShow } from '../../../test/fixtures.js';
import { slipForm, slipPicture } from '../../../test/slip.js';
import { auditLog, job, notification, user } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;
let alice: Caller;
let bob: Caller;
let courses: Record<'a' | 'b' | 'c' | 'book', number>;
let slipCount = 0;

const course = (title: string, price: number, extra: Parameters<typeof courseOnShow>[3] = {}) =>
  courseOnShow(t.db, title, price, extra);

/** A transfer order waiting for staff, with a slip of its own (each slip a new reference). */
async function transferOrder(member: Caller, productId: number) {
  slipCount += 1;
  const picture = await slipPicture(`STAFF${String(slipCount).padStart(14, '0')}`, '014');
  const upload = await member.request('POST', '/api/uploadSlip', slipForm(picture));
  expect(upload.statusCode, upload.body).toBe(200);
  const res = await member.post('/api/orders', {
    order: {
      orders_payment_type_id: 4,
      orders_payment_slip: upload.json().data,
      orders_payment_date: '2569-11-22',
      orders_payment_time: '09:15',
      orders_payment_bank: 'SCB',
    },
    ordersDetail: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const history = async (orderId: number) =>
  (await staff.get(`/api/auditLog?subject=orders&subject_id=${orderId}`)).json().data as {
    action: string;
    changes: Record<string, unknown>;
    note: string | null;
    personnel_id: number;
  }[];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-staff-orders-'));
  t = await testApp({ dataDir });
  staff = await t.staff('desk');
  alice = await t.member('desk-alice@example.com');
  bob = await t.member('desk-bob@example.com');
  // A course with posted documents needs the buyer's delivery address.
  await t.db
    .update(user)
    .set({ send_address: '1 ถนนสุขุมวิท กรุงเทพฯ' })
    .where(inArray(user.id, [alice.id!, bob.id!]));
  courses = {
    a: await course('คอร์สการเงิน', 1990),
    b: await course('คอร์สภาษา', 990),
    c: await course('คอร์สดนตรี', 1500),
    book: await course('คอร์สมีหนังสือ', 1200, { product_book: 'Y' }),
  };
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('who may call the staff order routes', () => {
  test.each([
    ['GET', '/api/ordersReview'],
    ['GET', '/api/ordersTotalStatus'],
    ['POST', '/api/ordersUpdataAll'],
    ['POST', '/api/ordersUpdataListBookSend'],
  ] as const)('%s %s: a visitor 401, a member 403', async (method, url) => {
    const body = url.endsWith('BookSend')
      ? { id: [1], status: 'Y' }
      : method === 'POST'
        ? { id: [1], orders_status: 'finish' }
        : undefined;
    const asVisitor = await t.visitor.request(method, url, body);
    expect(asVisitor.statusCode).toBe(401);
    const asMember = await alice.request(method, url, body);
    expect(asMember.statusCode).toBe(403);
  });

  test('a member may not give a refusal reason, nor refuse their own order as staff would', async () => {
    const id = await transferOrder(bob, courses.b);
    const res = await bob.post('/api/ordersUpdate', { id, orders_status: 'cancel', cancel_note: 'ไม่อยากได้' });
    expect(res.statusCode).toBe(403);
    // Their own plain cancellation still works, without a reason.
    expect((await bob.post('/api/ordersUpdate', { id, orders_status: 'cancel' })).statusCode).toBe(200);
    expect((await staff.get(`/api/ordersView?id=${id}`)).json().data).toMatchObject({
      cancel_reason: 'member',
      cancel_note: null,
    });
  });
});

describe('the order lists of the back office', () => {
  test('filters, search, sort and paging on the server, with the member, course and coupon in each row', async () => {
    const first = await transferOrder(alice, courses.a);
    const second = await transferOrder(bob, courses.book);
    const waiting = (await staff.get('/api/ordersReview?orders_status=wait&pageSize=500')).json();
    const ids = waiting.data.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(waiting.data.every((o: { orders_status: string }) => o.orders_status === 'wait')).toBe(true);

    const row = waiting.data.find((o: { id: number }) => o.id === first);
    expect(row).toMatchObject({
      email: 'desk-alice@example.com',
      name_th: 'ทดสอบ',
      product_title: 'คอร์สการเงิน',
      product_book: 'N',
      orders_net: 1990,
      fee: 0,
      coupon_id: null,
      cancel_note: null,
      orders_payment: 'transfer',
    });
    expect(row.slipCheck).toMatchObject({ bank: 'SCB', flags: [] });

    const byMember = (await staff.get(`/api/ordersReview?user_id=${bob.id}`)).json();
    expect(byMember.data.every((o: { user_id: number }) => o.user_id === bob.id)).toBe(true);
    const byCourse = (await staff.get(`/api/ordersReview?product_id=${courses.book}`)).json();
    expect(byCourse.data.map((o: { id: number }) => o.id)).toEqual([second]);
    const books = (await staff.get('/api/ordersReview?product_book=Y&orders_book_send=N')).json();
    expect(books.data.map((o: { id: number }) => o.id)).toEqual([second]);

    // The search finds the member by e-mail or name and the order by its reference.
    const byEmail = (await staff.get('/api/ordersReview?q=desk-alice')).json();
    expect(byEmail.data.map((o: { id: number }) => o.id)).toContain(first);
    expect(byEmail.data.every((o: { email: string }) => o.email === 'desk-alice@example.com')).toBe(true);
    const byRef = (await staff.get(`/api/ordersReview?q=SPSK${String(second).padStart(10, '0')}`)).json();
    expect(byRef.data.map((o: { id: number }) => o.id)).toEqual([second]);

    // Bangkok days of placing: the test clock's day is 2026-11-22 in Bangkok.
    expect((await staff.get('/api/ordersReview?from=2026-11-22&to=2026-11-22')).json().total).toBeGreaterThanOrEqual(2);
    expect((await staff.get('/api/ordersReview?from=2026-11-23')).json().total).toBe(0);
    expect((await staff.get('/api/ordersReview?to=2026-11-21')).json().total).toBe(0);

    // Sorted by net, either way; paged with the total of the filter.
    const cheap = (await staff.get('/api/ordersReview?sort=orders_net&order=asc&pageSize=1')).json();
    const dear = (await staff.get('/api/ordersReview?sort=orders_net&order=desc&pageSize=1')).json();
    expect(cheap.data[0].orders_net).toBeLessThanOrEqual(dear.data[0].orders_net);
    expect(cheap.total).toBeGreaterThan(1);
    expect(cheap.data).toHaveLength(1);

    expect((await staff.get('/api/ordersReview?sort=password')).statusCode).toBe(400);
    expect((await staff.get('/api/ordersReview?from=yesterday')).statusCode).toBe(400);
    expect((await staff.get('/api/ordersReview?orders_status=lost')).statusCode).toBe(400);
  });
});

describe('approving and refusing', () => {
  test('a refusal needs a reason; the member reads it in the app and by e-mail; the audit log says who', async () => {
    const id = await transferOrder(alice, courses.b);
    const bare = await staff.post('/api/ordersUpdate', { id, orders_status: 'cancel' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(`cancel_note: ${cancelNoteRequired}`);
    const blank = await staff.post('/api/ordersUpdataAll', { id: [id], orders_status: 'cancel', cancel_note: '  ' });
    expect(blank.statusCode).toBe(400);

    const res = await staff.post('/api/ordersUpdate', { id, orders_status: 'cancel', cancel_note: 'ยอดในสลิปไม่ตรง' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      orders_status: 'cancel',
      cancel_reason: 'staff',
      cancel_note: 'ยอดในสลิปไม่ตรง',
    });
    // The member sees the reason on their own order.
    expect((await alice.get(`/api/ordersView?id=${id}`)).json().data.cancel_note).toBe('ยอดในสลิปไม่ตรง');
    const told = await t.db.select().from(notification).where(eq(notification.user_id, alice.id!));
    expect(told.some((n) => n.notification_message?.includes('ยอดในสลิปไม่ตรง'))).toBe(true);
    const mails = await t.db
      .select()
      .from(job)
      .where(eq(job.key, `orders.refused:${id}`));
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0]!.payload)).toContain('ยอดในสลิปไม่ตรง');

    expect(await history(id)).toEqual([
      expect.objectContaining({
        action: 'reject',
        personnel_id: staff.id,
        note: 'ยอดในสลิปไม่ตรง',
        changes: { orders_status: ['wait', 'cancel'] },
      }),
    ]);
    // It shows on the member's page too.
    const memberHistory = (await staff.get(`/api/auditLog?member_id=${alice.id}`)).json().data;
    expect(memberHistory.some((e: { subject_id: number }) => e.subject_id === id)).toBe(true);

    // Refused once: a second refusal or an approval finds it no longer waiting.
    const again = await staff.post('/api/ordersUpdate', { id, orders_status: 'finish' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(message('orderNotWaiting'));
  });

  test('approval in bulk finishes each waiting order once, unlocks the courses and records each approval', async () => {
    const one = await transferOrder(alice, courses.c);
    const two = await transferOrder(bob, courses.c);
    const res = await staff.post('/api/ordersUpdataAll', { id: [one, two, one], orders_status: 'finish' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 2 });
    for (const [member, id] of [
      [alice, one],
      [bob, two],
    ] as const) {
      expect((await member.get(`/api/courseView?id=${courses.c}`)).json().data.state).toBe('finish');
      expect(await history(id)).toEqual([
        expect.objectContaining({ action: 'approve', changes: { orders_status: ['wait', 'finish'] } }),
      ]);
    }
    // Done already: nothing moves the second time.
    expect((await staff.post('/api/ordersUpdataAll', { id: [one], orders_status: 'finish' })).json().data).toEqual({
      updated: 0,
    });
  });

  test('book shipping in bulk and the certificate mark are recorded with what they were', async () => {
    const id = await transferOrder(alice, courses.book);
    expect((await staff.post('/api/ordersUpdate', { id, orders_status: 'finish' })).statusCode).toBe(200);
    const sent = await staff.post('/api/ordersUpdataListBookSend', { id: [id], status: 'Y' });
    expect(sent.json().data).toEqual({ updated: 1 });
    expect((await staff.post('/api/ordersUpdate', { id, orders_certificate: 'Y' })).statusCode).toBe(200);
    const entries = await history(id);
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['update', { orders_certificate: ['N', 'Y'] }],
      ['update', { orders_book_send: ['N', 'Y'] }],
      ['approve', { orders_status: ['wait', 'finish'] }],
    ]);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, 'orders'), eq(auditLog.subject_id, id)));
    expect(rows.every((r) => r.member_id === alice.id)).toBe(true);
  });
});

describe('races', () => {
  test("approval in bulk racing the members' own cancellations: each order ends one way, counted once", async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => t.member(`desk-racer-${i}@example.com`)));
    const ids = await Promise.all(racers.map((member) => transferOrder(member, courses.a)));
    const [bulk, ...cancels] = await Promise.all([
      staff.post('/api/ordersUpdataAll', { id: ids, orders_status: 'finish' }),
      ...racers.map((member, i) => member.post('/api/ordersUpdate', { id: ids[i], orders_status: 'cancel' })),
    ]);
    expect(bulk.statusCode, bulk.body).toBe(200);
    const finished: number[] = [];
    for (const [i, id] of ids.entries()) {
      const order = (await staff.get(`/api/ordersView?id=${id}`)).json().data;
      const cancelled = cancels[i]!.statusCode === 200;
      // The member's cancel won exactly when the order ended cancelled; otherwise it was refused as not waiting.
      expect(order.orders_status).toBe(cancelled ? 'cancel' : 'finish');
      if (!cancelled) {
        expect(cancels[i]!.statusCode).toBe(409);
        finished.push(id);
        expect(order.order_no).toMatch(/^(RC|INV)\d{4}-\d{6}$/);
      }
      const entries = await history(id);
      expect(entries.map((e) => e.action)).toEqual(cancelled ? [] : ['approve']);
    }
    expect(bulk.json().data.updated).toBe(finished.length);
  });
});
