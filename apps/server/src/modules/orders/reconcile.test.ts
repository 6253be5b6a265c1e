import { message } from '@sikkha/contract';
import { baht, satang, toSatang } from '@sikkha/contract/rules';
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import {
  KPGW_MERCHANT_ID,
  KPGW_PUBLIC_KEY,
  KPGW_SECRET_KEY,
  type KpgwNotice,
  kpgwCards,
  startKpgwDouble,
} from '../../../test/kpgw-double.js';
import {
  OPN_PUBLIC_KEY,
  OPN_SECRET_KEY,
  OPN_WEBHOOK_SECRET,
  type OpnWebhook,
  opnCards,
  startOpnDouble,
} from '../../../test/opn-double.js';
import {
  auditLog,
  job,
  notification,
  orders,
  paymentCharge,
  product,
  reconcileMismatch,
} from '../../db/schema/index.js';
import { reconcileGateway } from '../../jobs/orders.job.js';
import { SANDBOX_PREFIX } from '../../providers/payments/sandbox/sandbox.js';

// Reconciliation through the real app against local doubles of Opn (which lists a window of charges, a page of 100
// at a time) and KBank's K-Payment Gateway (which is asked about each charge the shop knows), and the built-in
// sandbox. Each kind of disagreement is made by acting on the gateway's side alone, as its dashboard, a lost
// notification or a late bank confirmation would, then found by staff's route or the daily job.

type App = Awaited<ReturnType<typeof testApp>>;
type Mismatch = {
  id: number;
  kind: string;
  charge_id: string;
  orders_id: number | null;
  orders_ref: string | null;
  gateway_record: Record<string, unknown>;
  shop_record: Record<string, unknown>;
  fixed: boolean;
  resolved_at: string | null;
};

const METRICS_TOKEN = 'reconcile-metrics-token-0123456789';
const CALLBACK = 'http://shop.test/order/callback';
const paidAfterCancelText = 'หลังจากยกเลิกแล้ว';

/** What every suite does with its app: courses, orders, the charge behind one, and staff's three routes. */
function shopOf(get: () => App) {
  let titles = 0;
  const self = {
    async course(price = 990) {
      const title = `คอร์สกระทบยอด ${++titles}`;
      const [row] = await get()
        .db.insert(product)
        .values({ product_title: title, product_price: baht(price), product_status: 'Show' })
        .returning({ id: product.id });
      return { id: row!.id, title };
    },
    /** A member's order of a new course, paid by `typeId` (1 card, 5 QR). */
    async place(member: Caller, typeId: number, price = 990) {
      const course = await self.course(price);
      const res = await member.post('/api/orders', {
        order: { orders_payment_type_id: typeId },
        ordersDetail: { product_id: course.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { id: number; token: string };
      return { ...data, title: course.title };
    },
    async order(id: number) {
      return (await get().db.select().from(orders).where(eq(orders.id, id)))[0]!;
    },
    async charge(orderId: number) {
      const [row] = await get()
        .db.select()
        .from(paymentCharge)
        .where(eq(paymentCharge.orders_id, orderId))
        .orderBy(desc(paymentCharge.id))
        .limit(1);
      return row!;
    },
    /** The member's "payment complete" notices for a course. */
    async paidNotices(member: Caller, title: string) {
      return get()
        .db.select({ id: notification.id })
        .from(notification)
        .where(
          and(eq(notification.user_id, member.id!), eq(notification.notification_message, `ชำระเงินสำเร็จ: ${title}`)),
        );
    },
    async notices(member: Caller, containing: string) {
      return get()
        .db.select({ id: notification.id })
        .from(notification)
        .where(and(eq(notification.user_id, member.id!), like(notification.notification_message, `%${containing}%`)));
    },
    async reconcile(staff: Caller, days = 2) {
      const res = await staff.post('/api/ordersReconcile', { days });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { checked: number; fixed: number; found: number };
    },
    async listed(staff: Caller, resolved: 'N' | 'Y' = 'N') {
      const res = await staff.get(`/api/ordersReconcileList?resolved=${resolved}&pageSize=500`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Mismatch[];
    },
    /** Every line kept for a charge, open or resolved, straight from the table. */
    async rowsOf(chargeId: string) {
      return get().db.select().from(reconcileMismatch).where(eq(reconcileMismatch.charge_id, chargeId));
    },
    /** The daily job, through the queue: enqueued as the schedule does, run by the runner. */
    async runJob(days = 2) {
      const t = get();
      await t.transact((work) => t.app.ctx.jobs.enqueue(work, reconcileGateway, { days }));
      await t.app.ctx.jobs.runDue();
      const [row] = await t.db
        .select()
        .from(job)
        .where(eq(job.name, reconcileGateway.name))
        .orderBy(desc(job.id))
        .limit(1);
      return row!;
    },
  };
  return self;
}

const lineOf = (lines: Mismatch[], chargeId: string, kind: string) =>
  lines.find((l) => l.charge_id === chargeId && l.kind === kind);

describe('Opn: a window listed page by page', () => {
  let t: App;
  let opn: Awaited<ReturnType<typeof startOpnDouble>>;
  let staff: Caller;
  let member: Caller;
  /** Webhooks Opn sends are kept from the shop while set: the notification that never came. */
  let hold = false;
  const shop = shopOf(() => t);

  const notify = (webhook: OpnWebhook) =>
    t.app.inject({ method: 'POST', url: '/order/notify', headers: webhook.headers, payload: webhook.body });
  const listRequests = () => opn.requests.filter((r) => r.method === 'GET' && r.path === '/charges').length;

  /** A card order paid at once: finished, its charge paid. */
  async function paidByCard(price = 990) {
    const placed = await shop.place(member, 1, price);
    const paid = await member.post('/api/ordersPay', { ref: placed.token, token: await opn.token(opnCards.success) });
    expect(paid.json().data.status, paid.body).toBe('paid');
    return { ...placed, charge: await shop.charge(placed.id) };
  }

  /** A QR order whose page was opened: its PromptPay charge waits at Opn. */
  async function qrOrder(price = 450) {
    const placed = await shop.place(member, 5, price);
    expect((await t.visitor.get(`/api/ordersByRef?ref=${placed.token}`)).statusCode).toBe(200);
    return { ...placed, charge: await shop.charge(placed.id) };
  }

  async function payQrUnnoticed(chargeId: string) {
    hold = true;
    try {
      await opn.payQr(chargeId);
    } finally {
      hold = false;
    }
  }

  beforeAll(async () => {
    opn = await startOpnDouble({ clock: { now: () => t.clock.now() } });
    t = await testApp({
      env: {
        PAYMENT_GATEWAY: 'opn',
        OPN_API_URL: opn.origin,
        OPN_SCRIPT_URL: `${opn.origin}/omise.js`,
        OPN_PUBLIC_KEY,
        OPN_SECRET_KEY,
        OPN_WEBHOOK_SECRET,
        METRICS_TOKEN,
      },
    });
    opn.deliverTo(async (webhook) => {
      if (!hold) expect((await notify(webhook)).statusCode).toBe(200);
    });
    staff = await t.staff('reconcile-opn-staff');
    member = await t.member('reconcile-opn@example.com');
    // The schedule's slot of today runs first, on a shop with nothing to compare.
    await t.app.ctx.jobs.runDue();
    // More than one page of Opn's list: charges of the window the shop has nothing to say about (not paid), earlier
    // than the shop's own, so the shop's are all on the second page.
    for (let n = 0; n < 105; n++) opn.seed({ amount: 99_000, status: 'expired' });
    t.clock.advance(60_000);
  });
  afterAll(async () => {
    await t?.close();
    await opn?.close();
  });

  test('the daily schedule enqueues the job for the last two days', async () => {
    const scheduled = await t.db.select().from(job).where(like(job.key, 'schedule:orders.reconcile:%'));
    expect(scheduled).toEqual([expect.objectContaining({ name: 'orders.reconcile', payload: { days: 2 } })]);
    expect(scheduled[0]!.state).toBe('done');
    // 03:30 in Bangkok.
    expect(new Date(scheduled[0]!.run_at).toISOString()).toMatch(/T20:30:00\.000Z$/);
  });

  test('paid at Opn, never notified: the order finishes through the one finish, once, and is listed fixed', async () => {
    const order = await qrOrder();
    await payQrUnnoticed(order.charge.charge_id);
    expect((await shop.order(order.id)).orders_status).toBe('wait');

    const pages = listRequests();
    const first = await shop.reconcile(staff);
    // Every page of the window was read: 105 charges before the shop's own, then the rest.
    expect(listRequests() - pages).toBe(2);
    expect(first).toEqual({ checked: 106, fixed: 1, found: 1 });

    const finished = await shop.order(order.id);
    expect(finished.orders_status).toBe('finish');
    expect(finished.order_no).toMatch(/^RC\d{4}-\d{6}$/);
    expect((await shop.charge(order.id)).status).toBe('paid');
    expect(await shop.paidNotices(member, order.title)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(job)
        .where(eq(job.key, `orders.paid:${order.id}`)),
    ).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(job)
        .where(eq(job.key, `documents.issue:${order.id}`)),
    ).toHaveLength(1);

    // Put right by the shop itself: kept among the resolved, not in the open list staff work through.
    expect(lineOf(await shop.listed(staff), order.charge.charge_id, 'paidNotFinished')).toBeUndefined();
    const line = lineOf(await shop.listed(staff, 'Y'), order.charge.charge_id, 'paidNotFinished');
    expect(line).toMatchObject({
      orders_id: order.id,
      orders_ref: finished.orders_ref,
      fixed: true,
      resolved_at: expect.any(String),
      gateway_record: { status: 'paid', amount: 450, orderRef: finished.orders_ref },
      shop_record: { charge: 'pending', orders_status: 'wait', now: 'finish' },
    });

    // Asked again: nothing new, no second line, no second finish.
    expect(await shop.reconcile(staff)).toEqual({ checked: 106, fixed: 0, found: 0 });
    expect(await shop.rowsOf(order.charge.charge_id)).toHaveLength(1);
    expect(await shop.paidNotices(member, order.title)).toHaveLength(1);
  });

  test('paid at Opn after its order was cancelled: the order ends paid_after_cancel and is listed', async () => {
    const order = await qrOrder();
    // Opn had given up on the QR when the member cancelled: the cancel asked Opn, which said expired.
    hold = true;
    await opn.expire(order.charge.charge_id);
    hold = false;
    const cancelled = await t.visitor.post('/api/ordersCancelByCode', { code: order.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await shop.charge(order.id)).status).toBe('expired');
    // The bank's confirmation came through after all, and no webhook told the shop.
    opn.change(order.charge.charge_id, { status: 'successful' });

    expect(await shop.reconcile(staff)).toMatchObject({ fixed: 0, found: 1 });
    expect((await shop.order(order.id)).orders_status).toBe('paid_after_cancel');
    expect(await shop.paidNotices(member, order.title)).toHaveLength(0);
    expect(await shop.notices(member, paidAfterCancelText)).toHaveLength(1);
    expect(lineOf(await shop.listed(staff), order.charge.charge_id, 'paidNotFinished')).toMatchObject({
      orders_id: order.id,
      fixed: false,
      gateway_record: { status: 'paid', amount: 450 },
      shop_record: { charge: 'expired', orders_status: 'cancel', now: 'paid_after_cancel' },
    });
    expect(await shop.reconcile(staff)).toMatchObject({ found: 0 });
    expect(await shop.notices(member, paidAfterCancelText)).toHaveLength(1);
  });

  let amountLine: Mismatch;
  test('finished here but not paid there, amounts that differ, refunds made on the dashboard: each listed with both sides', async () => {
    const reversed = await paidByCard();
    const otherAmount = await paidByCard(1200);
    const refundedThere = await paidByCard(1500);
    const refundedHere = await paidByCard(800);
    const untouched = await paidByCard(600);
    const vanished = await paidByCard(650);
    // Opn's side, without a word to the shop.
    opn.change(reversed.charge.charge_id, { status: 'reversed' });
    // Opn has nothing of this one in the window (dated a month before): paid here, unknown there.
    opn.change(vanished.charge.charge_id, {
      created_at: new Date(t.clock.now().getTime() - 30 * 86_400_000).toISOString(),
    });
    const theirAmount = toSatang(otherAmount.charge.amount) - 10_000;
    opn.change(otherAmount.charge.charge_id, { amount: theirAmount });
    opn.refundAtDashboard(refundedThere.charge.charge_id, 30_000);
    // A refund staff made through the shop is on both sides: no line.
    const refund = await staff.post('/api/ordersRefund', { id: refundedHere.id, amount: 100, reason: 'คืนบางส่วน' });
    expect(refund.statusCode, refund.body).toBe(200);
    // A charge made at Opn under a reference the shop never made (another system on the same account).
    const stranger = opn.seed({ amount: 55_500, orderRef: 'SPSK9999999999' });

    expect(await shop.reconcile(staff)).toMatchObject({ fixed: 0, found: 5 });
    const lines = await shop.listed(staff);

    expect(lineOf(lines, reversed.charge.charge_id, 'finishedNotPaid')).toMatchObject({
      orders_id: reversed.id,
      gateway_record: { status: 'failed', amount: reversed.charge.amount },
      shop_record: { charge: 'paid', orders_status: 'finish', amount: reversed.charge.amount },
    });
    expect(lineOf(lines, vanished.charge.charge_id, 'finishedNotPaid')).toMatchObject({
      orders_id: vanished.id,
      gateway_record: { status: null },
      shop_record: { charge: 'paid', orders_status: 'finish', amount: vanished.charge.amount },
    });
    amountLine = lineOf(lines, otherAmount.charge.charge_id, 'amountDiffers')!;
    expect(amountLine).toMatchObject({
      orders_id: otherAmount.id,
      gateway_record: { status: 'paid', amount: theirAmount / 100 },
      shop_record: { amount: otherAmount.charge.amount, orders_status: 'finish' },
    });
    expect(lineOf(lines, refundedThere.charge.charge_id, 'refundNotRecorded')).toMatchObject({
      orders_id: refundedThere.id,
      gateway_record: { status: 'paid', refunded: 300 },
      shop_record: { refunded: 0, orders_status: 'finish' },
    });
    expect(lineOf(lines, stranger.id, 'paidNotFinished')).toMatchObject({
      orders_id: null,
      orders_ref: null,
      fixed: false,
      gateway_record: { status: 'paid', amount: 555, orderRef: 'SPSK9999999999' },
      shop_record: { charge: null, orders_status: null },
    });
    // Nothing else about these charges: one line each, none for what both sides agree on.
    for (const charge of [reversed, otherAmount, refundedThere, vanished]) {
      expect(await shop.rowsOf(charge.charge.charge_id)).toHaveLength(1);
    }
    expect(await shop.rowsOf(refundedHere.charge.charge_id)).toEqual([]);
    expect(await shop.rowsOf(untouched.charge.charge_id)).toEqual([]);
    // The shop's orders stay as they were: staff decide.
    expect((await shop.order(reversed.id)).orders_status).toBe('finish');

    expect(await shop.reconcile(staff)).toMatchObject({ found: 0 });
  });

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** A series' value in a scrape; 0 when it is absent. */
  const gauge = (text: string, kind: string, resolved: 'Y' | 'N') => {
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('sikkha_reconcile_mismatches{') &&
          l.includes(`kind="${kind}"`) &&
          l.includes(`resolved="${resolved}"`),
      );
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  test('/metrics counts the open lines by kind; resolving one with a note moves it to resolved and audits it', async () => {
    const before = await scrape();
    // The un-notified payment the shop finished itself is counted among the resolved.
    expect(gauge(before, 'paidNotFinished', 'N')).toBe(2);
    expect(gauge(before, 'paidNotFinished', 'Y')).toBe(1);
    expect(gauge(before, 'finishedNotPaid', 'N')).toBe(2);
    expect(gauge(before, 'amountDiffers', 'N')).toBe(1);
    expect(gauge(before, 'refundNotRecorded', 'N')).toBe(1);
    expect(gauge(before, 'amountDiffers', 'Y')).toBe(0);

    const note = 'ตรวจกับ Opn แล้ว ยอดถูกปรับที่แดชบอร์ด';
    const resolved = await staff.post('/api/ordersReconcileResolve', { id: amountLine.id, note });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      result: true,
      message: message('saved'),
      data: { id: amountLine.id, kind: 'amountDiffers', resolved_at: expect.any(String) },
    });
    expect((await shop.listed(staff, 'N')).map((l) => l.id)).not.toContain(amountLine.id);
    expect((await shop.listed(staff, 'Y')).map((l) => l.id)).toContain(amountLine.id);
    const [row] = await t.db.select().from(reconcileMismatch).where(eq(reconcileMismatch.id, amountLine.id));
    expect(row).toMatchObject({ note, resolved_by: staff.id });

    const after = await scrape();
    expect(gauge(after, 'amountDiffers', 'N')).toBe(0);
    expect(gauge(after, 'amountDiffers', 'Y')).toBe(1);
    expect(gauge(after, 'paidNotFinished', 'N')).toBe(2);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, 'reconcileMismatch'), eq(auditLog.subject_id, amountLine.id)));
    expect(audit).toEqual([
      expect.objectContaining({ personnel_id: staff.id, action: 'resolve', note, changes: expect.any(Object) }),
    ]);

    // Once is enough; a line that is not there is not found.
    expect((await staff.post('/api/ordersReconcileResolve', { id: amountLine.id, note })).statusCode).toBe(409);
    expect((await staff.post('/api/ordersReconcileResolve', { id: 99_999_999 })).statusCode).toBe(404);
    // The disagreement is still there at Opn: the next run does not open it again.
    expect(await shop.reconcile(staff)).toMatchObject({ found: 0 });
    expect(await shop.rowsOf(amountLine.charge_id)).toHaveLength(1);
  });

  test('only staff: a visitor gets 401 and a member 403 on all three routes', async () => {
    const [open] = await t.db.select().from(reconcileMismatch).where(isNull(reconcileMismatch.resolved_at)).limit(1);
    const calls = (caller: Caller) => [
      caller.post('/api/ordersReconcile', { days: 2 }),
      caller.get('/api/ordersReconcileList?resolved=N'),
      caller.post('/api/ordersReconcileResolve', { id: open!.id, note: 'ไม่ใช่เจ้าหน้าที่' }),
    ];
    const requests = listRequests();
    expect((await Promise.all(calls(t.visitor))).map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect((await Promise.all(calls(member))).map((r) => r.statusCode)).toEqual([403, 403, 403]);
    // Opn was not asked, and the line is still open.
    expect(listRequests()).toBe(requests);
    const [still] = await t.db.select().from(reconcileMismatch).where(eq(reconcileMismatch.id, open!.id));
    expect(still).toMatchObject({ resolved_at: null, note: null });
  });

  test('the daily job, through the queue, does what the route does', async () => {
    const order = await qrOrder(700);
    await payQrUnnoticed(order.charge.charge_id);
    const other = await paidByCard(900);
    opn.change(other.charge.charge_id, { amount: toSatang(other.charge.amount) + 5_000 });

    const ran = await shop.runJob();
    expect(ran).toMatchObject({ state: 'done', attempts: 1, last_error: null });
    const finished = await shop.order(order.id);
    expect(finished.orders_status).toBe('finish');
    expect(finished.order_no).toMatch(/^RC\d{4}-\d{6}$/);
    expect(await shop.paidNotices(member, order.title)).toHaveLength(1);
    const lines = await shop.listed(staff);
    expect(lineOf(await shop.listed(staff, 'Y'), order.charge.charge_id, 'paidNotFinished')).toMatchObject({
      orders_id: order.id,
      fixed: true,
    });
    expect(lineOf(lines, other.charge.charge_id, 'amountDiffers')).toMatchObject({ orders_id: other.id });
    // The route finds the same, nothing more.
    expect(await shop.reconcile(staff)).toMatchObject({ fixed: 0, found: 0 });
    expect(await shop.paidNotices(member, order.title)).toHaveLength(1);
  });

  test('Opn down: the route answers 503 in Thai, the job is tried again later and then runs', async () => {
    opn.outage(true);
    try {
      const down = await staff.post('/api/ordersReconcile', { days: 2 });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ result: false, message: message('gatewayUnreachable') });
      expect(down.json().message).toMatch(/[\u0E00-\u0E7F]/);

      const failed = await shop.runJob();
      expect(failed).toMatchObject({ state: 'retry', attempts: 1 });
      expect(failed.last_error).toBeTruthy();
      // The shop goes on.
      expect((await staff.get('/api/ordersReconcileList?resolved=N')).statusCode).toBe(200);
    } finally {
      opn.outage(false);
    }
    // Opn is back when the retry comes (30 s later).
    const order = await qrOrder(350);
    await payQrUnnoticed(order.charge.charge_id);
    t.clock.advance(31_000);
    await t.app.ctx.jobs.runDue();
    const [again] = await t.db
      .select()
      .from(job)
      .where(eq(job.name, reconcileGateway.name))
      .orderBy(desc(job.id))
      .limit(1);
    expect(again).toMatchObject({ state: 'done', attempts: 2 });
    expect((await shop.order(order.id)).orders_status).toBe('finish');
  });

  test('at the edge of the window, Opn’s clock and the shop’s apart: no disagreement is made up', async () => {
    // Every charge so far was made at least 10 minutes before this one.
    t.clock.advance(10 * 60_000);
    const start = t.clock.now();
    const edge = await paidByCard(750);
    // Opn dates the charge two minutes before the shop recorded it.
    opn.change(edge.charge.charge_id, { created_at: new Date(start.getTime() - 2 * 60_000).toISOString() });
    // A day later, less a minute: the shop's record is just inside the last day, Opn's date just outside it, and the
    // earlier charges Opn lists near the edge are the shop's too, recorded before the window.
    t.clock.advance(86_400_000 - 60_000);
    // Staff signed in again: yesterday's session has lapsed.
    const result = await shop.reconcile(await t.staff('reconcile-opn-staff-next-day'), 1);
    expect(result).toMatchObject({ fixed: 0, found: 0 });
    expect(await shop.rowsOf(edge.charge.charge_id)).toEqual([]);
  });
});

describe('KBank: each known charge asked', () => {
  let t: App;
  let kbank: Awaited<ReturnType<typeof startKpgwDouble>>;
  let staff: Caller;
  let member: Caller;
  let hold = false;
  const shop = shopOf(() => t);

  const notify = (notice: KpgwNotice) =>
    t.app.inject({ method: 'POST', url: '/order/notify', headers: notice.headers, payload: notice.body });

  async function paidByCard(price = 990) {
    const placed = await shop.place(member, 1, price);
    const paid = await member.post('/api/ordersPay', { ref: placed.token, token: kbank.token(kpgwCards.success) });
    expect(paid.json().data.status, paid.body).toBe('paid');
    return { ...placed, charge: await shop.charge(placed.id) };
  }

  /** A QR order whose page was opened: KBank's QR order waits to be paid. */
  async function qrOrder(price = 450) {
    const placed = await shop.place(member, 5, price);
    const page = (await t.visitor.get(`/api/ordersByRef?ref=${placed.token}`)).json().data;
    const charge = await shop.charge(placed.id);
    expect(charge.charge_id).toBe(page.qr.script.orderId);
    return { ...placed, charge };
  }

  beforeAll(async () => {
    kbank = await startKpgwDouble({ resultUrl: CALLBACK, clock: { now: () => t.clock.now() } });
    t = await testApp({
      env: {
        PAYMENT_GATEWAY: 'kpgw',
        KPGW_API_URL: kbank.origin,
        KPGW_SCRIPT_URL: `${kbank.origin}/ui/v2/kpayment.min.js`,
        KPGW_PUBLIC_KEY,
        KPGW_SECRET_KEY,
        KPGW_MERCHANT_ID,
      },
    });
    kbank.deliverTo(async (notice) => {
      if (!hold) expect((await notify(notice)).statusCode).toBe(200);
    });
    staff = await t.staff('reconcile-kpgw-staff');
    member = await t.member('reconcile-kpgw@example.com');
    await t.app.ctx.jobs.runDue();
  });
  afterAll(async () => {
    await t?.close();
    await kbank?.close();
  });

  test('a QR paid at KBank, never notified: KBank is asked about each known charge and the order finishes once', async () => {
    const order = await qrOrder();
    const card = await paidByCard();
    hold = true;
    await kbank.payQr(order.charge.charge_id);
    hold = false;
    expect((await shop.order(order.id)).orders_status).toBe('wait');

    const asked = kbank.requests.length;
    expect(await shop.reconcile(staff)).toEqual({ checked: 2, fixed: 1, found: 1 });
    const inquiries = kbank.requests.slice(asked).filter((r) => r.method === 'GET');
    expect(inquiries.map((r) => r.path)).toEqual(
      expect.arrayContaining([`/qr/v2/order/${order.charge.charge_id}`, `/card/v2/charge/${card.charge.charge_id}`]),
    );

    const finished = await shop.order(order.id);
    expect(finished.orders_status).toBe('finish');
    expect(finished.order_no).toMatch(/^RC\d{4}-\d{6}$/);
    expect(await shop.paidNotices(member, order.title)).toHaveLength(1);
    expect(lineOf(await shop.listed(staff, 'Y'), order.charge.charge_id, 'paidNotFinished')).toMatchObject({
      orders_id: order.id,
      fixed: true,
      gateway_record: { status: 'paid', amount: 450 },
    });
    expect(await shop.reconcile(staff)).toMatchObject({ fixed: 0, found: 0 });
    expect(await shop.rowsOf(order.charge.charge_id)).toHaveLength(1);
    expect(await shop.paidNotices(member, order.title)).toHaveLength(1);
    expect(await shop.rowsOf(card.charge.charge_id)).toEqual([]);
  });

  test('a QR paid after its order was cancelled ends paid_after_cancel and is listed', async () => {
    const order = await qrOrder();
    kbank.expire(order.charge.charge_id);
    expect((await t.visitor.post('/api/ordersCancelByCode', { code: order.token })).statusCode).toBe(200);
    expect((await shop.charge(order.id)).status).toBe('expired');
    kbank.change(order.charge.charge_id, { transaction_state: 'Authorized', status: 'success' });

    expect(await shop.reconcile(staff)).toMatchObject({ found: 1 });
    expect((await shop.order(order.id)).orders_status).toBe('paid_after_cancel');
    expect(await shop.notices(member, paidAfterCancelText)).toHaveLength(1);
    expect(lineOf(await shop.listed(staff), order.charge.charge_id, 'paidNotFinished')).toMatchObject({
      orders_id: order.id,
      fixed: false,
      shop_record: { orders_status: 'cancel', now: 'paid_after_cancel' },
    });
  });

  test('declined at KBank but finished here, another amount, a refund in KBank’s portal: listed; the shop’s own refunds are not', async () => {
    const declined = await paidByCard();
    const otherAmount = await paidByCard(1200);
    const refundedThere = await paidByCard(1500);
    const voidedHere = await paidByCard(800);
    const partlyHere = await paidByCard(600);
    kbank.change(declined.charge.charge_id, { transaction_state: 'Declined', status: 'fail' });
    kbank.change(otherAmount.charge.charge_id, { amount: otherAmount.charge.amount + 1 });
    kbank.refundAtDashboard(refundedThere.charge.charge_id, 250.5);
    // A full refund on the charge's own day is a void at KBank: the charge then reads Voided, which is not paid.
    const full = await staff.post('/api/ordersRefund', { id: voidedHere.id, reason: 'ยกเลิกการเรียน' });
    expect(full.statusCode, full.body).toBe(200);
    expect(kbank.transaction(voidedHere.charge.charge_id)?.transaction_state).toBe('Voided');
    const part = await staff.post('/api/ordersRefund', { id: partlyHere.id, amount: 100, reason: 'คืนบางส่วน' });
    expect(part.statusCode, part.body).toBe(200);

    expect(await shop.reconcile(staff)).toMatchObject({ found: 3 });
    const lines = await shop.listed(staff);
    expect(lineOf(lines, declined.charge.charge_id, 'finishedNotPaid')).toMatchObject({
      orders_id: declined.id,
      gateway_record: { status: 'failed' },
      shop_record: { charge: 'paid', orders_status: 'finish' },
    });
    expect(lineOf(lines, otherAmount.charge.charge_id, 'amountDiffers')).toMatchObject({
      gateway_record: { amount: otherAmount.charge.amount + 1 },
      shop_record: { amount: otherAmount.charge.amount },
    });
    expect(lineOf(lines, refundedThere.charge.charge_id, 'refundNotRecorded')).toMatchObject({
      gateway_record: { refunded: 250.5 },
      shop_record: { refunded: 0 },
    });
    expect(await shop.rowsOf(voidedHere.charge.charge_id)).toEqual([]);
    expect(await shop.rowsOf(partlyHere.charge.charge_id)).toEqual([]);
  });

  test('KBank down: the route answers 503 in Thai and the job is tried again', async () => {
    kbank.outage(true);
    try {
      const down = await staff.post('/api/ordersReconcile', { days: 2 });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(message('gatewayUnreachable'));
      expect(await shop.runJob()).toMatchObject({ state: 'retry' });
    } finally {
      kbank.outage(false);
    }
    t.clock.advance(31_000);
    await t.app.ctx.jobs.runDue();
    const [again] = await t.db
      .select()
      .from(job)
      .where(eq(job.name, reconcileGateway.name))
      .orderBy(desc(job.id))
      .limit(1);
    expect(again).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('the built-in sandbox', () => {
  let t: App;
  let staff: Caller;
  let member: Caller;
  const shop = shopOf(() => t);
  const gateway = () => t.app.ctx.providers.payments!;

  async function cardToken(number = '4242424242424242') {
    const res = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/tokens`,
      payload: { card: { number, expiration_month: 12, expiration_year: 2030, security_code: '123' } },
    });
    return res.json().data.id as string;
  }

  beforeAll(async () => {
    t = await testApp();
    staff = await t.staff('reconcile-sandbox-staff');
    member = await t.member('reconcile-sandbox@example.com');
    await t.app.ctx.jobs.runDue();
  });
  afterAll(() => t?.close());

  test('a refund made at the sandbox and a charge the shop never made are listed, by the job as by the route', async () => {
    expect(gateway().name).toBe('sandbox');
    const placed = await shop.place(member, 1, 990);
    expect(
      (await member.post('/api/ordersPay', { ref: placed.token, token: await cardToken() })).json().data.status,
    ).toBe('paid');
    const charge = await shop.charge(placed.id);
    // The sandbox's own calls stand for its dashboard: the shop is not told.
    await gateway().refund({ chargeId: charge.charge_id, amount: satang(20_000), idempotencyKey: 'dashboard-1' });
    const stranger = await gateway().chargeCard({
      token: await cardToken(),
      amount: satang(30_000),
      orderRef: 'SPSK0000009999',
      description: 'นอกระบบ',
      returnUrl: CALLBACK,
    });

    expect(await shop.runJob()).toMatchObject({ state: 'done' });
    const lines = await shop.listed(staff);
    expect(lineOf(lines, charge.charge_id, 'refundNotRecorded')).toMatchObject({
      orders_id: placed.id,
      gateway_record: { refunded: 200 },
      shop_record: { refunded: 0 },
    });
    expect(lineOf(lines, stranger.chargeId, 'paidNotFinished')).toMatchObject({
      orders_id: null,
      gateway_record: { status: 'paid', amount: 300 },
    });
    expect(lines).toHaveLength(2);
    expect(await shop.reconcile(staff)).toEqual({ checked: 2, fixed: 0, found: 0 });
  });
});
