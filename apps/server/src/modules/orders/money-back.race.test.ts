import { message } from '@sikkha/contract';
import { baht, toSatang } from '@sikkha/contract/rules';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import {
  job,
  logPoint,
  notification,
  orderPayment,
  orderRefund,
  orders,
  paymentCharge,
  product,
  reconcileMismatch,
  user,
} from '../../db/schema/index.js';
import { coursesOf } from '../../policies/index.js';
import { SANDBOX_PREFIX } from '../../providers/payments/sandbox/sandbox.js';

// Money both ways under races that only really race on PostgreSQL (TEST_DATABASE_URL; PGlite has one connection and
// serializes them): a cancel, by each of its paths, against the payment of the 3-D Secure charge it must stop; the
// expiry job against the same payment; refunds of one order against each other, through the gateway and the coin
// ledger. Whatever wins, every charge is accounted for: a finished order with its charge paid, a cancelled order with
// its charge stopped at the gateway (never paid there), or a cancelled order the payment reached afterwards
// (`paid_after_cancel`) with its charge paid; and the sandbox's own record of each charge is the shop's.
type App = Awaited<ReturnType<typeof testApp>>;
type Pending = { id: number; token: string; productId: number; chargeId: string; authorize: string };
type Outcome = 'finish' | 'cancel' | 'paid_after_cancel';

const PER_PATH = 10;
const MINUTE = 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Starts `run` after `ms` milliseconds. */
const after = <T>(ms: number, run: () => Promise<T>) => wait(ms).then(run);

/** The racing helpers of one app (the expiry race has its own app, so its job queue holds only its own jobs). */
function shop(t: () => App) {
  const gateway = () => t().app.ctx.providers.payments!;

  async function courses(count: number, price: number, extra: Partial<typeof product.$inferInsert> = {}) {
    const rows = await t()
      .db.insert(product)
      .values(
        Array.from({ length: count }, (_, i) => ({
          product_title: `เงินคืน ${price} ${Math.random().toString(36).slice(2, 8)} ${i}`,
          product_price: baht(price),
          product_status: 'Show' as const,
          ...extra,
        })),
      )
      .returning({ id: product.id });
    return rows.map((r) => r.id);
  }

  async function cardToken(number: string) {
    const res = await t().app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/tokens`,
      payload: { card: { number, expiration_month: 12, expiration_year: 2030, security_code: '123' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  }

  async function placeCard(member: Caller, productId: number) {
    const res = await member.post('/api/orders', {
      order: { orders_payment_type_id: 1 },
      ordersDetail: { product_id: productId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; token: string };
  }

  /** A card order whose 3-D Secure page is open at the sandbox: its one charge is pending there and here. */
  async function pendingCard(member: Caller, productId: number): Promise<Pending> {
    const placed = await placeCard(member, productId);
    const res = await member.post('/api/ordersPay', { ref: placed.token, token: await cardToken('4000000000003220') });
    expect(res.statusCode, res.body).toBe(200);
    const { status, authorizeUrl } = res.json().data as { status: string; authorizeUrl: string };
    expect(status).toBe('pending');
    const [charge] = await t().db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, placed.id));
    expect(charge?.status).toBe('pending');
    return {
      ...placed,
      productId,
      chargeId: charge!.charge_id,
      authorize: new URL(authorizeUrl, 'http://localhost').pathname,
    };
  }

  /** A card order paid at once by the sandbox's good card: finished. */
  async function paidByCard(member: Caller, productId: number) {
    const placed = await placeCard(member, productId);
    const res = await member.post('/api/ordersPay', { ref: placed.token, token: await cardToken('4242424242424242') });
    expect(res.json().data.status).toBe('paid');
    const [charge] = await t().db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, placed.id));
    return { ...placed, chargeId: charge!.charge_id };
  }

  /**
   * The person completes the 3-D Secure page: the sandbox pays the charge if it still may and sends its signed
   * notification to /order/notify, then the person's browser comes back to /order/callback. Answers where the shop
   * sent them.
   */
  async function payAtGateway(order: Pending) {
    const page = await t().app.inject({
      method: 'POST',
      url: order.authorize,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=pay',
    });
    expect(page.statusCode, page.body).toBe(303);
    const back = new URL(page.headers.location as string);
    expect(back.pathname).toBe('/order/callback');
    return comeBack(order);
  }

  /** The member's return to /order/callback (a reload of the return page, an early back button). */
  async function comeBack(order: Pending) {
    const landed = await t().app.inject({
      method: 'GET',
      url: `/order/callback?ref=${encodeURIComponent(order.token)}`,
    });
    expect(landed.statusCode).toBe(303);
    return landed.headers.location as string;
  }

  const orderRow = async (id: number) => (await t().db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const ownedCourses = async (member: Caller) =>
    (await coursesOf(t().db, member.id!, t().clock.now())).finished.map((c) => c.product_id);

  /**
   * The invariant, for one raced order: its one charge accounted for, the shop's record of it the sandbox's, nothing
   * listed for staff as a disagreement, the course and the "paid" mail exactly when the order finished.
   */
  async function accountedFor(member: Caller, order: Pending): Promise<Outcome> {
    const row = await orderRow(order.id);
    const charges = await t().db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id));
    expect(charges, `order ${order.id}`).toHaveLength(1);
    const here = charges[0]!;
    const there = await gateway().getCharge(order.chargeId);
    expect({ order: order.id, status: here.status }).toEqual({ order: order.id, status: there.status });
    const status = row.orders_status;
    const where = `order ${order.id} ended ${status}, its charge ${there.status} at the sandbox`;
    switch (status) {
      case 'finish':
      case 'paid_after_cancel':
        expect(there.status, where).toBe('paid');
        break;
      case 'cancel':
        expect(there.status, where).not.toBe('paid');
        break;
      default:
        expect.fail(where);
    }
    const listed = await t()
      .db.select({ kind: reconcileMismatch.kind, shop: reconcileMismatch.shop_record })
      .from(reconcileMismatch)
      .where(eq(reconcileMismatch.charge_id, order.chargeId));
    expect(listed, where).toEqual([]);
    // Finished once: one number, one "paid" mail; a cancelled order neither.
    const paidMail = await t()
      .db.select({ id: job.id })
      .from(job)
      .where(eq(job.key, `orders.paid:${order.id}`));
    expect(paidMail, where).toHaveLength(status === 'finish' ? 1 : 0);
    expect(row.order_no !== null, where).toBe(status === 'finish');
    expect((await ownedCourses(member)).includes(order.productId), where).toBe(status === 'finish');
    return status;
  }

  return {
    gateway,
    courses,
    cardToken,
    placeCard,
    pendingCard,
    paidByCard,
    payAtGateway,
    comeBack,
    orderRow,
    accountedFor,
    ownedCourses,
  };
}

let t: App;
let staff: Caller;
const s = shop(() => t);

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('money-back-staff');
});
afterAll(() => t?.close());

/**
 * When each order's payment comes, by its place in the batch: with the cancel (both fired at once, the payment
 * usually first), or at the moment the cancel asks the sandbox to stop the charge, landing just before the stop or
 * just after it. At both meetings a reload of the return page has just asked the sandbox too, while the charge was
 * still pending, so its answer is out of date by the time it is written. The meetings make each side win every run;
 * the database work after them (the notification's finish, the reload's settle, the cancel's own settle or cancel)
 * still races.
 */
const timings = ['together', 'payFirst', 'stopFirst'] as const;
type Timing = (typeof timings)[number];
const timingOf = (i: number): Timing => timings[i % timings.length]!;

/**
 * Runs `cancel` (the orders cancelled by one path) against the payment of each order's charge, timed by
 * `timingOf`, and reloads of each return page. A payment the cancel never met at the gateway (a cancel that did not
 * stop the charge) comes right after the cancel answered. Answers the cancel's answer and where each payment's
 * return landed.
 */
async function raceCancel<T>(app: App, pending: Pending[], cancel: () => Promise<T>) {
  const { payAtGateway, comeBack } = shop(() => app);
  const port = app.app.ctx.providers.payments!;
  const stop = port.cancelCharge.bind(port);
  const read = port.getCharge.bind(port);
  const paying = new Map<string, Promise<string>>();
  const payOnce = (order: Pending) => {
    if (!paying.has(order.chargeId)) paying.set(order.chargeId, payAtGateway(order));
    return paying.get(order.chargeId)!;
  };
  const reloads: Promise<string>[] = pending.map((order, i) => after(i % 5, () => comeBack(order)));
  const asked = new Map<string, () => void>();
  port.getCharge = async (chargeId) => {
    const info = await read(chargeId);
    asked.get(chargeId)?.();
    return info;
  };
  const plan = new Map(pending.map((order, i) => [order.chargeId, { order, timing: timingOf(i) }]));
  port.cancelCharge = async (chargeId) => {
    const planned = plan.get(chargeId);
    if (!planned || paying.has(chargeId)) return stop(chargeId);
    // A reload asks the sandbox first and is answered "pending".
    const reloadAsked = new Promise<void>((resolve) => {
      asked.set(chargeId, resolve);
      setTimeout(resolve, 2000);
    });
    reloads.push(comeBack(planned.order));
    await reloadAsked;
    asked.delete(chargeId);
    if (planned.timing === 'stopFirst') {
      const stopped = await stop(chargeId);
      void payOnce(planned.order);
      return stopped;
    }
    void payOnce(planned.order);
    // The person's press of "pay" reaches the sandbox first.
    for (let i = 0; i < 2000 && (await read(chargeId)).status === 'pending'; i++) await wait(1);
    return stop(chargeId);
  };
  try {
    pending.forEach((order, i) => {
      if (timingOf(i) === 'together') void payOnce(order);
    });
    const cancelled = await cancel();
    const returns = await Promise.all(pending.map(payOnce));
    await Promise.all(reloads);
    return { cancelled, returns };
  } finally {
    port.cancelCharge = stop;
    port.getCharge = read;
  }
}

/** Checks every raced order and the outcome its timing decides; tallies the rest for the log. */
async function checkRace(x: ReturnType<typeof shop>, member: Caller, path: string, pending: Pending[]) {
  const outcomes: Outcome[] = [];
  for (const [i, order] of pending.entries()) {
    const outcome = await x.accountedFor(member, order);
    // The charge was pending before the cancel began: the cancel stops it at the gateway first, or finds it paid
    // and finishes the order. A payment after the cancel (`paid_after_cancel`) cannot happen here.
    expect(['finish', 'cancel'], `order ${order.id}`).toContain(outcome);
    if (timingOf(i) === 'payFirst') expect(outcome, `order ${order.id} paid before the stop`).toBe('finish');
    if (timingOf(i) === 'stopFirst') expect(outcome, `order ${order.id} stopped before the payment`).toBe('cancel');
    outcomes.push(outcome);
  }
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
  console.info(`${path}: ${count('finish')} finished, ${count('cancel')} cancelled`);
  return outcomes;
}

describe('a cancel and the payment of its pending 3-D Secure charge at the same moment', () => {
  const single = [
    {
      path: 'the member cancels',
      cancel: (member: Caller, order: Pending) =>
        member.post('/api/ordersUpdate', { id: order.id, orders_status: 'cancel' }),
    },
    {
      path: 'someone holding the payment page cancels by its code',
      cancel: (_member: Caller, order: Pending) => t.visitor.post('/api/ordersCancelByCode', { code: order.token }),
    },
    {
      path: 'staff cancel the order',
      cancel: (_member: Caller, order: Pending) =>
        staff.post('/api/ordersUpdate', { id: order.id, orders_status: 'cancel', cancel_note: 'ลูกค้าขอยกเลิกทางโทรศัพท์' }),
    },
  ];

  test.each(single)('$path: paid and finished, or stopped and cancelled, never both', async ({ path, cancel }) => {
    const member = await t.member(`race-cancel-${single.findIndex((p) => p.path === path)}@example.com`);
    const ids = await s.courses(PER_PATH, 890);
    const pending: Pending[] = [];
    for (const id of ids) pending.push(await s.pendingCard(member, id));

    const { cancelled, returns } = await raceCancel(t, pending, () =>
      Promise.all(pending.map((order) => cancel(member, order))),
    );

    const outcomes = await checkRace(s, member, path, pending);
    for (const [i, outcome] of outcomes.entries()) {
      const answer = cancelled[i]!;
      expect(answer.statusCode, answer.body).toBe(outcome === 'cancel' ? 200 : 409);
      if (outcome === 'finish') expect(answer.json().message).toBe(message('orderNotWaiting'));
      expect(returns[i]).toBe(outcome === 'finish' ? '/courses/onlyOrder#gateway-success' : '/courses/onlyOrder');
    }
    // Nobody was told money arrived after a cancel.
    const late = await t.db
      .select({ id: notification.id })
      .from(notification)
      .where(and(eq(notification.user_id, member.id!), like(notification.notification_message, '%หลังจากยกเลิกแล้ว%')));
    expect(late).toEqual([]);
  });

  test('staff cancel ten orders in bulk while each is being paid', async () => {
    const member = await t.member('race-cancel-bulk@example.com');
    const ids = await s.courses(PER_PATH, 590);
    const pending: Pending[] = [];
    for (const id of ids) pending.push(await s.pendingCard(member, id));

    // The bulk cancel works through the orders one by one, each meeting its payment.
    const { cancelled } = await raceCancel(t, pending, () =>
      staff.post('/api/ordersUpdataAll', {
        id: pending.map((o) => o.id),
        orders_status: 'cancel',
        cancel_note: 'ปิดรอบการขาย',
      }),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const outcomes = await checkRace(s, member, 'staff bulk cancel', pending);
    expect(cancelled.json().data.updated).toBe(outcomes.filter((o) => o === 'cancel').length);
  });
});

describe('the expiry job and the payment at the same moment', () => {
  let e: App;
  const x = shop(() => e);

  beforeAll(async () => {
    e = await testApp();
    // Today's scheduled reconciliation runs now, before there is anything to compare: the race is the expiry's.
    await e.app.ctx.jobs.runDue();
  });
  afterAll(() => e?.close());

  test('a card order past its time is finished by the charge paid meanwhile, or expired with its charge stopped', async () => {
    const member = await e.member('race-expiry@example.com');
    const ids = await x.courses(PER_PATH, 450);
    const placed = [];
    for (const id of ids) placed.push(await x.placeCard(member, id));
    // The member opens the 3-D Secure page half an hour later: the sandbox's charge lives another hour, the order
    // only half an hour more.
    e.clock.advance(30 * MINUTE);
    const pending: Pending[] = [];
    for (const [i, order] of placed.entries()) {
      const res = await member.post('/api/ordersPay', {
        ref: order.token,
        token: await x.cardToken('4000000000003220'),
      });
      const [charge] = await e.db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id));
      pending.push({
        ...order,
        productId: ids[i]!,
        chargeId: charge!.charge_id,
        authorize: new URL(res.json().data.authorizeUrl, 'http://localhost').pathname,
      });
    }
    e.clock.advance(31 * MINUTE);

    // Several job runners (instances) work the queue while the people pay.
    await raceCancel(e, pending, () => Promise.all(Array.from({ length: 4 }, () => e.app.ctx.jobs.runDue())));

    const outcomes = await checkRace(x, member, 'expiry job', pending);
    for (const [i, order] of pending.entries()) {
      if (outcomes[i] !== 'cancel') continue;
      const [payment] = await e.db
        .select({ reason: orderPayment.cancel_reason })
        .from(orderPayment)
        .where(eq(orderPayment.orders_id, order.id));
      expect(payment?.reason).toBe('expiry');
    }
    // Told of the expiry only when it did expire: "no money was taken" is then true.
    const expiredMails = await e.db.select({ key: job.key }).from(job).where(like(job.key, 'orders.expired:%'));
    expect(expiredMails.map((m) => Number(m.key!.split(':')[1])).sort((a, b) => a - b)).toEqual(
      pending
        .filter((_, i) => outcomes[i] === 'cancel')
        .map((o) => o.id)
        .sort((a, b) => a - b),
    );
  });
});

describe('refunds of one order at once', () => {
  /** The order's refunds as recorded, and what the order says it gave back. */
  async function refundsOf(orderId: number) {
    const rows = await t.db.select().from(orderRefund).where(eq(orderRefund.orders_id, orderId));
    const row = await s.orderRow(orderId);
    const recorded = rows.reduce((sum, r) => sum + toSatang(r.amount), 0);
    expect(toSatang(row.orders_refunded)).toBe(recorded);
    return { rows, row, recorded };
  }

  const refused = (res: { statusCode: number; json(): { message: string } }) =>
    (res.statusCode === 422 && res.json().message === message('refundTooMuch')) ||
    (res.statusCode === 409 && res.json().message === message('refundNotAllowed'));

  test('two full refunds of a card order: one gives the money back once, the other is refused', async () => {
    const member = await t.member('race-refund-two@example.com');
    const [productId] = await s.courses(1, 1990);
    const order = await s.paidByCard(member, productId!);
    expect(await s.ownedCourses(member)).toContain(productId);

    const answers = await Promise.all([
      staff.post('/api/ordersRefund', { id: order.id, reason: 'ขอคืนเงิน (แท็บแรก)' }),
      staff.post('/api/ordersRefund', { id: order.id, reason: 'ขอคืนเงิน (แท็บที่สอง)' }),
    ]);
    const done = answers.filter((a) => a.statusCode === 200);
    expect(done).toHaveLength(1);
    expect(done[0]!.json().message).toBe(message('refunded'));
    const other = answers.find((a) => a.statusCode !== 200)!;
    expect(refused(other), other.body).toBe(true);

    const { rows, row, recorded } = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'gateway', status: 'done', amount: 1990 });
    expect(recorded).toBe(199_000);
    expect(row.orders_status).toBe('refund');
    const atSandbox = await s.gateway().getCharge(order.chargeId);
    expect({ status: atSandbox.status, refunded: atSandbox.refunded }).toEqual({ status: 'paid', refunded: 199_000 });
    expect(await s.ownedCourses(member)).not.toContain(productId);
  });

  test('ten full refunds at once: exactly one', async () => {
    const member = await t.member('race-refund-ten@example.com');
    const [productId] = await s.courses(1, 750);
    const order = await s.paidByCard(member, productId!);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => staff.post('/api/ordersRefund', { id: order.id, reason: `คืน ${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const other of answers.filter((a) => a.statusCode !== 200)) expect(refused(other), other.body).toBe(true);
    const { rows, row } = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(row).toMatchObject({ orders_status: 'refund', orders_refunded: 750 });
    expect((await s.gateway().getCharge(order.chargeId)).refunded).toBe(75_000);
    expect(await s.ownedCourses(member)).not.toContain(productId);
  });

  test('ten partial card refunds at once never pass what was paid; the rest then ends the order', async () => {
    const member = await t.member('race-refund-partial@example.com');
    const [productId] = await s.courses(1, 1000);
    const order = await s.paidByCard(member, productId!);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staff.post('/api/ordersRefund', { id: order.id, amount: 150, reason: `คืนบางส่วน ${i}` }),
      ),
    );
    // 6 × 150 = 900 fit in 1000; a seventh would not.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
    for (const other of answers.filter((a) => a.statusCode !== 200)) {
      expect(other.statusCode, other.body).toBe(422);
      expect(other.json().message).toBe(message('refundTooMuch'));
    }
    let { rows, row } = await refundsOf(order.id);
    expect(rows).toHaveLength(6);
    expect(row).toMatchObject({ orders_status: 'finish', orders_refunded: 900 });
    expect((await s.gateway().getCharge(order.chargeId)).refunded).toBe(90_000);
    expect(await s.ownedCourses(member)).toContain(productId);

    // The rest, asked ten times at once: given once.
    const rest = await Promise.all(
      Array.from({ length: 10 }, (_, i) => staff.post('/api/ordersRefund', { id: order.id, reason: `ส่วนที่เหลือ ${i}` })),
    );
    expect(rest.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const other of rest.filter((a) => a.statusCode !== 200)) expect(refused(other), other.body).toBe(true);
    ({ rows, row } = await refundsOf(order.id));
    expect(rows).toHaveLength(7);
    expect(row).toMatchObject({ orders_status: 'refund', orders_refunded: 1000 });
    expect((await s.gateway().getCharge(order.chargeId)).refunded).toBe(100_000);
    expect(await s.ownedCourses(member)).not.toContain(productId);
  });

  test('ten partial refunds of a coin order at once: the balance is the ledger, never more coins back than paid', async () => {
    const member = await t.member('race-refund-coins@example.com');
    const topUp = await staff.post('/api/logPoint', {
      user_id: member.id,
      log_point_amount: 130,
      log_point_type: 'staff',
      log_point_note: 'เติม',
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    const [productId] = await s.courses(1, 100, { product_coin_pay: 'Y' });
    const paid = await member.post('/api/ordersCoinPay', {
      order: { orders_payment_type_id: 6 },
      ordersDetail: { product_id: productId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().data.id as number;

    const ledger = async () => {
      const [row] = await t.db.select({ point: user.point }).from(user).where(eq(user.id, member.id!));
      const [sum] = await t.db
        .select({ sum: sql<number>`coalesce(sum(${logPoint.log_point_amount}), 0)::int` })
        .from(logPoint)
        .where(eq(logPoint.user_id, member.id!));
      expect(row!.point).toBe(sum!.sum);
      return row!.point;
    };
    const coinsBack = async () => {
      const rows = await t.db
        .select({ coins: orderRefund.coins })
        .from(orderRefund)
        .where(eq(orderRefund.orders_id, orderId));
      return rows.reduce((sum, r) => sum + r.coins, 0);
    };
    expect(await ledger()).toBe(30);

    // 33.33 baht of 100 is 33 coins of 100 (rounded down); three fit, a fourth would pass what was paid.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staff.post('/api/ordersRefund', { id: orderId, amount: 33.33, reason: `คืนเหรียญบางส่วน ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const other of answers.filter((a) => a.statusCode !== 200)) {
      expect(other.statusCode, other.body).toBe(422);
      expect(other.json().message).toBe(message('refundTooMuch'));
    }
    let refunds = await refundsOf(orderId);
    expect(refunds.rows.map((r) => [r.method, r.amount, r.coins])).toEqual(Array(3).fill(['coins', 33.33, 33]));
    expect(refunds.row).toMatchObject({ orders_status: 'finish', orders_refunded: 99.99 });
    expect(await coinsBack()).toBe(99);
    expect(await ledger()).toBe(30 + 99);

    // The last satang, asked ten times at once: once, with every coin left (no coin lost to rounding).
    const rest = await Promise.all(
      Array.from({ length: 10 }, (_, i) => staff.post('/api/ordersRefund', { id: orderId, reason: `ส่วนที่เหลือ ${i}` })),
    );
    expect(rest.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const other of rest.filter((a) => a.statusCode !== 200)) expect(refused(other), other.body).toBe(true);
    refunds = await refundsOf(orderId);
    expect(refunds.rows).toHaveLength(4);
    expect(refunds.row).toMatchObject({ orders_status: 'refund', orders_refunded: 100 });
    expect(await coinsBack()).toBe(100);
    expect(await ledger()).toBe(130);
    expect(await s.ownedCourses(member)).not.toContain(productId);
  });
});
