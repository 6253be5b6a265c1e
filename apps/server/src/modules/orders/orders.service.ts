import { createHash, randomBytes } from 'node:crypto';
import {
  type BookSendState,
  type CancelReason,
  cancelNoteRequired,
  message,
  type NewOrderBody,
  type OrderPayment,
  type OrderStatus,
  type OrderUpdateBody,
  orderReference,
  type reviewQuery,
  type SlipCheck,
  type SlipFlag,
  type StaffOrder,
  uploadKinds,
} from '@sikkha/contract';
import {
  bangkokDate,
  coinsToPay,
  couponEffect,
  feeOf,
  HEAD_OFFICE,
  isPaymentTypeId,
  normalisePaymentDate,
  paymentOfType,
  paymentProblem,
  receiptTypeOf,
  type Satang,
  satang,
  toBaht,
  toSatang,
} from '@sikkha/contract/rules';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { recordCoins } from '../../db/coin-ledger.js';
import {
  coupon,
  notification,
  orderPayment,
  orderSlip,
  orders,
  ordersDetail,
  ordersPaymentType,
  product,
  upload,
  user,
} from '../../db/schema/index.js';
import { lockRow, type Transact, type Work } from '../../db/unit-of-work.js';
import { AppError, badRequest, fail, forbidden, notFound } from '../../errors.js';
import { issueCertificate } from '../../jobs/certificate.job.js';
import type { Jobs } from '../../jobs/jobs.js';
import { expireOrder } from '../../jobs/orders.job.js';
import { couponRefused, redeemCoupon } from '../../policies/coupons.policy.js';
import { type Actor, allows, authorize, coursesOf, ordersVisibleTo, type SignedIn } from '../../policies/index.js';
import type { PaymentGateway } from '../../providers/payments/port.js';
import type { Storage } from '../../providers/storage.js';
import { cancelOrder, type FinishDeps, finishOrder } from './finish.js';
import { insertOrder } from './insert-order.js';
import { readSlipQr, type SlipQr, slipBankNames } from './slips.js';
import {
  approveOrder,
  ordersMarks,
  recordOrderMarks,
  refuseOrder,
  staffOrdersSort,
  staffOrdersWhere,
} from './staff-orders.js';

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
  storage: Storage;
  gateway: PaymentGateway | undefined;
  shop: Config['shop'];
  publicUrl: string;
  /** What one coin pays, in baht (COIN_BAHT_RATE). */
  bahtPerCoin: number;
}

/** The member already has a waiting order for the course: it is offered instead of a second (409). */
export class WaitingOrderExists extends AppError {
  constructor(readonly order: { id: number; orders_ref: string | null; token: string; orders_payment: OrderPayment }) {
    super('CONFLICT', message('orderWaiting'));
  }
}

/** The payment page's reference: 32 random bytes, so it can be neither guessed nor derived from the order. */
export const paymentToken = () => randomBytes(32).toString('base64url');

const SLIP_KIND = uploadKinds.find((k) => k.endpoint === 'Slip')!;
const DAY_MS = 86_400_000;

/** Gateway methods of the port, by the order's payment method. */
const gatewayMethodOf = { credit: 'card', smatrpay: 'smartpay', unionpay: 'unionpay', qrcode: 'qr' } as const;

type OrderInput = NewOrderBody['order'];
interface SlipInput {
  orders_payment_slip?: string | undefined;
  orders_payment_date?: string | undefined;
  orders_payment_time?: string | undefined;
  orders_payment_bank?: string | undefined;
  orders_payment_amount?: number | undefined;
}
interface InspectedSlip {
  name: string;
  sha256: string;
  read: SlipQr;
}

const viewColumns = {
  ...getTableColumns(orders),
  product_id: ordersDetail.product_id,
  product_title: product.product_title,
  product_book: product.product_book,
  token: orderPayment.token,
  expires_at: orderPayment.expires_at,
  fee: orderPayment.fee,
  coupon_id: ordersDetail.coupon_id,
  coupon_code: coupon.coupon_code,
  cancel_reason: orderPayment.cancel_reason,
  cancel_note: orderPayment.cancel_note,
  receipt_data: orderPayment.receipt_data,
  // Who placed it: the back office's lists show it (a member's own view leaves it out by its schema).
  email: user.email,
  name_th: user.name_th,
  lname_th: user.lname_th,
  phone: user.phone,
};

export function ordersService(deps: OrdersDeps) {
  const { db, clock, transact, jobs, storage, gateway, shop } = deps;
  const finishDeps: FinishDeps = { clock, jobs, publicUrl: deps.publicUrl };

  const policy = () => ({ db, now: clock.now() });
  /** Staff's order work (approving, cancelling, shipping, the back office's lists): the orders policy decides. */
  const manage = (actor: Actor) => authorize(policy(), actor, 'order.manage', null);

  const personalQr = () => Boolean(shop.promptPayId || shop.promptPayBillerId);
  /** Whether the order's payment goes through the card gateway (and so finishes by itself when paid). */
  const viaGateway = (payment: OrderPayment) =>
    payment === 'credit' || payment === 'smatrpay' || payment === 'unionpay' || (payment === 'qrcode' && !personalQr());
  const offered = (payment: OrderPayment) => {
    switch (payment) {
      case 'transfer':
      case 'coin':
        return true;
      case 'qrcode':
        return personalQr() || Boolean(gateway?.methods.includes('qr'));
      case 'credit':
      case 'smatrpay':
      case 'unionpay':
        return Boolean(gateway?.methods.includes(gatewayMethodOf[payment]));
      default:
        return payment satisfies never;
    }
  };

  /** The joins every order view reads: its course, coupon, payment page and member. */
  const viewed = <Q extends PgSelect>(query: Q) =>
    query
      .leftJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
      .leftJoin(product, eq(product.id, ordersDetail.product_id))
      .leftJoin(coupon, eq(coupon.id, ordersDetail.coupon_id))
      .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
      .leftJoin(user, eq(user.id, orders.user_id));

  /**
   * The views of the orders a condition picks: the row, its course, coupon, member, payment page and latest slip
   * check; newest first unless the back office sorts them.
   */
  async function views(
    executor: Executor,
    where: SQL | undefined,
    page?: { page: number; pageSize: number },
    orderBy: SQL[] = [desc(orders.id)],
  ) {
    const query = viewed(executor.select(viewColumns).from(orders).$dynamic())
      .where(where)
      .orderBy(...orderBy);
    const rows = page ? await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : await query;
    const ids = rows.map((r) => r.id);
    const slips =
      ids.length === 0
        ? []
        : await executor.select().from(orderSlip).where(inArray(orderSlip.orders_id, ids)).orderBy(asc(orderSlip.id));
    const latest = new Map(slips.map((s) => [s.orders_id, s]));
    return rows.map(({ expires_at, fee, receipt_data, ...row }): StaffOrder => {
      const slip = latest.get(row.id);
      return {
        ...row,
        expiresAt: expires_at,
        fee: fee ?? 0,
        receipt_data: (receipt_data as Record<string, string | null> | null) ?? null,
        slipCheck: slip
          ? ({
              qr: slip.qr,
              reference: slip.reference,
              bank: slip.bank ? (slipBankNames[slip.bank] ?? slip.bank) : null,
              typed_date: slip.typed_date,
              typed_time: slip.typed_time,
              typed_amount: slip.typed_amount,
              flags: slip.flags,
            } satisfies SlipCheck)
          : null,
      };
    });
  }

  async function viewOf(executor: Executor, id: number) {
    const [view] = await views(executor, eq(orders.id, id));
    if (!view) throw notFound();
    return view;
  }

  /** A slip the member uploaded (the upload records who), read for its mini-QR before any transaction opens. */
  async function inspectSlip(member: SignedIn, name: string): Promise<InspectedSlip> {
    const [mine] = await db
      .select({ user_id: upload.user_id })
      .from(upload)
      .where(and(eq(upload.upload_kind, SLIP_KIND.endpoint), eq(upload.upload_name, name)));
    if (!mine || mine.user_id !== member.id) throw fail('UNPROCESSABLE', 'fileMissing');
    const file = await storage.read(SLIP_KIND.serve, name);
    if (!file) throw fail('UNPROCESSABLE', 'fileMissing');
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // A picture the reader cannot take is a slip without a QR, for staff to look at: never a failed order.
    const read = await readSlipQr(bytes).catch(() => ({ qr: null, reference: null, bank: null }));
    return { name, sha256: createHash('sha256').update(bytes).digest('hex'), read };
  }

  /**
   * Keeps what was read of a slip and what the member typed, with the flags staff need, replacing the order's
   * earlier slip. The (reference, bank) pair is unique in the database: a slip that paid another order fails here,
   * inside the unit of work, whatever raced it.
   */
  async function recordSlip(
    work: Work,
    order: { id: number; create_at: string; amount: Satang },
    slip: InspectedSlip,
    typed: SlipInput,
  ) {
    const date = typed.orders_payment_date ? normalisePaymentDate(typed.orders_payment_date) : null;
    const flags: SlipFlag[] = [];
    if (!slip.read.reference) flags.push('noQr');
    const [seen] = await work.db
      .select({ id: orderSlip.id })
      .from(orderSlip)
      .where(and(eq(orderSlip.sha256, slip.sha256), sql`${orderSlip.orders_id} <> ${order.id}`))
      .limit(1);
    if (seen) flags.push('reused');
    // Paid on the day the order was placed (or the day before, for a transfer made first) up to today.
    const earliest = bangkokDate(new Date(new Date(order.create_at).getTime() - DAY_MS));
    if (date && (date < earliest || date > bangkokDate(clock.now()))) flags.push('dateOutOfRange');
    const typedAmount = typed.orders_payment_amount;
    if (typedAmount !== undefined && toSatang(typedAmount) !== order.amount) flags.push('amountMismatch');

    await work.db.delete(orderSlip).where(eq(orderSlip.orders_id, order.id));
    try {
      await work.db.insert(orderSlip).values({
        orders_id: order.id,
        slip: slip.name,
        sha256: slip.sha256,
        qr: slip.read.qr,
        reference: slip.read.reference,
        bank: slip.read.bank,
        typed_date: date,
        typed_time: typed.orders_payment_time ?? null,
        typed_amount: typedAmount === undefined ? null : toBaht(toSatang(typedAmount)),
        flags,
        create_at: clock.now().toISOString(),
      });
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw fail('CONFLICT', 'slipReused');
      throw error;
    }
    return date;
  }

  const idempotencyKey = (body: OrderInput, header: string | undefined) => {
    const key = body.idempotency_key ?? header?.trim();
    if (key !== undefined && (key.length < 8 || key.length > 100)) throw fail('BAD_REQUEST', 'invalidInput');
    return key;
  };

  /** The existing order of an idempotency key, answered again as it was placed. */
  async function replay(work: Work, member: SignedIn, key: string | undefined) {
    if (!key) return null;
    const [found] = await work.db
      .select({ id: orderPayment.orders_id })
      .from(orderPayment)
      .where(and(eq(orderPayment.user_id, member.id), eq(orderPayment.idempotency_key, key)));
    return found ? placed(work.db, found.id) : null;
  }

  async function placed(executor: Executor, id: number) {
    const view = await viewOf(executor, id);
    const [pay] = await executor
      .select({ fee: orderPayment.fee, redirect_url: orderPayment.redirect_url })
      .from(orderPayment)
      .where(eq(orderPayment.orders_id, id));
    const fee = pay?.fee ?? 0;
    return {
      id: view.id,
      orders_ref: view.orders_ref,
      orders_status: view.orders_status ?? 'wait',
      orders_payment: view.orders_payment ?? 'transfer',
      orders_payment_type_id: view.orders_payment_type_id ?? 4,
      orders_total: view.orders_total ?? 0,
      orders_discount: view.orders_discount ?? 0,
      orders_net: view.orders_net ?? 0,
      fee,
      amount: toBaht(satang(toSatang(view.orders_net ?? 0) + toSatang(fee))),
      token: view.token ?? '',
      expiresAt: view.expiresAt,
      redirect_url: pay?.redirect_url ?? null,
    };
  }

  /**
   * Checks that the member may buy the course now: it is on sale and visible, not owned within its window, and not
   * already waiting (then that order is offered). Called with the member's row locked, so two tabs cannot both pass.
   */
  async function buyable(work: Work, member: SignedIn, productId: number) {
    const now = clock.now();
    const [course] = await work.db.select().from(product).where(eq(product.id, productId));
    if (!course) throw notFound();
    await authorize({ db: work.db, now }, member, 'product.read', course);
    if (course.product_disable === 'Y') throw fail('UNPROCESSABLE', 'notForSale');
    const courses = await coursesOf(work.db, member.id, now);
    if (courses.finished.some((c) => c.product_id === productId)) throw fail('CONFLICT', 'courseOwned');
    const [waiting] = await work.db
      .select({
        id: orders.id,
        orders_ref: orders.orders_ref,
        orders_payment: orders.orders_payment,
        token: orderPayment.token,
      })
      .from(orders)
      .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
      .leftJoin(orderPayment, eq(orderPayment.orders_id, orders.id))
      .where(
        and(eq(orders.user_id, member.id), eq(orders.orders_status, 'wait'), eq(ordersDetail.product_id, productId)),
      )
      .limit(1);
    if (waiting) {
      throw new WaitingOrderExists({
        id: waiting.id,
        orders_ref: waiting.orders_ref,
        token: waiting.token ?? '',
        orders_payment: waiting.orders_payment ?? 'transfer',
      });
    }
    return course;
  }

  /** Saves the receipt fields the order carries to the member's account (as the spec's user Update does). */
  async function saveReceiptFields(work: Work, member: SignedIn, order: OrderInput) {
    const fields = {
      card_id: order.card_id,
      address: order.address,
      company_id: order.company_id,
      company_name: order.company_name,
      company_address: order.company_address,
      company_address_send: order.company_address_send,
    };
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
    if (Object.keys(given).length > 0) {
      await work.db
        .update(user)
        .set({ ...given, update_at: clock.now().toISOString() })
        .where(eq(user.id, member.id));
    }
    const [account] = await work.db.select().from(user).where(eq(user.id, member.id));
    return account!;
  }

  /**
   * Places an order (POST /api/orders): every amount from the database, the rules of "before any payment" on the
   * member's saved fields, one waiting order per course, one order per idempotency key, its expiry on the queue.
   * A coin order is paid at once (`coinPay`).
   */
  async function place(member: SignedIn, body: NewOrderBody, headerKey: string | undefined) {
    const typeId = body.order.orders_payment_type_id ?? 4;
    if (!isPaymentTypeId(typeId)) throw fail('UNPROCESSABLE', 'paymentTypeOff');
    const payment = paymentOfType[typeId];
    if (payment === 'coin') return coinPay(member, body, headerKey);
    if (!offered(payment)) throw fail('UNPROCESSABLE', 'paymentTypeOff');
    const key = idempotencyKey(body.order, headerKey);
    const slipName = payment === 'transfer' ? body.order.orders_payment_slip : undefined;
    const slip = slipName ? await inspectSlip(member, slipName) : null;

    return transact(async (work) => {
      // One member's orders are placed one at a time: the checks below cannot be passed twice at once.
      await lockRow(work, user, member.id);
      const again = await replay(work, member, key);
      if (again) return again;

      const [type] = await work.db.select().from(ordersPaymentType).where(eq(ordersPaymentType.id, typeId));
      if (!type || type.orders_payment_type_disable === 'Y' || type.remove_by === 'Y') {
        throw fail('UNPROCESSABLE', 'paymentTypeOff');
      }
      const course = await buyable(work, member, body.ordersDetail.product_id);
      const account = await saveReceiptFields(work, member, body.order);
      const receipt = body.order.receipt === 'Y' ? 'Y' : 'N';
      const receiptType = receiptTypeOf(receipt, body.order.receipt_type);
      const problem = paymentProblem({
        product_book: course.product_book,
        ...account,
        receipt,
        receipt_type: receiptType,
        transfer:
          payment === 'transfer'
            ? {
                slip: body.order.orders_payment_slip,
                date: body.order.orders_payment_date,
                time: body.order.orders_payment_time,
              }
            : null,
      });
      if (problem) throw new AppError('UNPROCESSABLE', problem.message);

      const price = toSatang(course.product_price ?? 0);
      // The coupon is checked again here, its row locked, with the payment method: its limit holds under races.
      const couponId = body.ordersDetail.coupon_id ?? null;
      const {
        discount,
        net,
        coins: couponCoins,
      } = couponId
        ? (
            await redeemCoupon(
              work,
              member,
              { coupon_id: couponId, product_id: course.id, price, payment },
              clock.now(),
            )
          ).effect
        : couponEffect(price, null);
      const fee = feeOf(net, shop.feeFactor, payment);
      const now = clock.now();
      const at = now.toISOString();
      const paymentDate =
        payment === 'transfer' && body.order.orders_payment_date
          ? normalisePaymentDate(body.order.orders_payment_date)
          : null;
      // A transfer proved by its slip waits for staff, however long they take (as a slip attached later does).
      const expiresAt = slip
        ? null
        : new Date(now.getTime() + (viaGateway(payment) ? shop.gatewayOrderExpiryMs : shop.orderExpiryMs));
      const order = await insertOrder(work, member.id, at, {
        order: {
          orders_payment_type_id: typeId,
          orders_total: toBaht(price),
          orders_discount: toBaht(discount),
          orders_net: toBaht(net),
          orders_payment: payment,
          orders_payment_date: paymentDate,
          orders_payment_time: payment === 'transfer' ? (body.order.orders_payment_time ?? null) : null,
          orders_payment_bank: payment === 'transfer' ? (body.order.orders_payment_bank ?? null) : null,
          orders_payment_slip: slip?.name ?? null,
          orders_payment_account: payment === 'transfer' ? shop.accountNumber : null,
          receipt,
          receipt_type: receiptType,
        },
        detail: {
          product_id: course.id,
          coupon_id: couponId,
          orders_detail_price: toBaht(price),
          orders_detail_discount: toBaht(discount),
          orders_detail_net: toBaht(net),
        },
        payment: {
          token: paymentToken(),
          idempotency_key: key ?? null,
          fee: toBaht(fee),
          coupon_coins: couponCoins,
          expires_at: expiresAt?.toISOString() ?? null,
          receipt_data:
            receipt === 'Y'
              ? receiptType === 'company'
                ? {
                    type: 'company',
                    company_id: account.company_id,
                    company_name: account.company_name,
                    company_address: account.company_address,
                    company_address_send: account.company_address_send,
                    company_branch: body.order.company_branch ?? HEAD_OFFICE,
                  }
                : {
                    type: 'person',
                    name: [account.name_th, account.lname_th].filter(Boolean).join(' '),
                    card_id: account.card_id,
                    address: account.address,
                  }
              : null,
        },
      });
      const id = order.id;
      if (slip) {
        await recordSlip(work, { id, create_at: order.create_at, amount: satang(net + fee) }, slip, body.order);
      }
      if (expiresAt) {
        await jobs.enqueue(work, expireOrder, { orders_id: id }, { runAt: expiresAt, key: `orders.expire:${id}` });
      }
      await work.db.insert(notification).values({
        user_id: member.id,
        notification_status: 'Y',
        notification_from: 'สิกขา',
        notification_icon: 'hourglass_top',
        notification_to: '/courses/onlyOrder',
        notification_message: `คำสั่งซื้อ ${course.product_title ?? ''} รอการชำระเงิน`,
        create_at: at,
        update_at: at,
      });
      return placed(work.db, id);
    });
  }

  /**
   * ordersCoinPay: the order is placed and finished in one unit of work, the coins leave the member's balance with
   * a ledger row (the member's row locked first: a balance never goes below zero, whatever runs at once).
   * One coin pays `bahtPerCoin` baht; a net with satang costs the next whole coin. Coins take no coupon (§6).
   */
  async function coinPay(member: SignedIn, body: NewOrderBody, headerKey: string | undefined) {
    if (body.ordersDetail.coupon_id) throw couponRefused('couponPayment');
    const key = idempotencyKey(body.order, headerKey);
    return transact(async (work) => {
      await lockRow(work, user, member.id);
      const again = await replay(work, member, key);
      if (again) return { ...again, point: await balanceOf(work.db, member.id) };
      const [type] = await work.db.select().from(ordersPaymentType).where(eq(ordersPaymentType.id, 6));
      if (!type || type.orders_payment_type_disable === 'Y' || type.remove_by === 'Y') {
        throw fail('UNPROCESSABLE', 'paymentTypeOff');
      }
      const course = await buyable(work, member, body.ordersDetail.product_id);
      if (course.product_coin_pay !== 'Y') throw fail('UNPROCESSABLE', 'coinPayOff');
      const account = await saveReceiptFields(work, member, body.order);
      const problem = paymentProblem({ product_book: course.product_book, send_address: account.send_address });
      if (problem) throw new AppError('UNPROCESSABLE', problem.message);

      const price = toSatang(course.product_price ?? 0);
      const net = price;
      const coins = coinsToPay(net, deps.bahtPerCoin);
      const at = clock.now().toISOString();
      const { id } = await insertOrder(work, member.id, at, {
        order: {
          orders_payment_type_id: 6,
          orders_total: toBaht(price),
          orders_discount: toBaht(satang(0)),
          orders_net: toBaht(net),
          orders_payment: 'coin',
          receipt: 'N',
          receipt_type: null,
        },
        detail: {
          product_id: course.id,
          coupon_id: null,
          orders_detail_price: toBaht(price),
          orders_detail_discount: toBaht(satang(0)),
          orders_detail_net: toBaht(net),
          orders_detail_coin: coins,
        },
        payment: { token: paymentToken(), idempotency_key: key ?? null },
      });
      const { point } = await recordCoins(work, clock, {
        user_id: member.id,
        amount: -coins,
        type: 'pay',
        note: `ชำระคอร์ส ${course.product_title ?? ''} (${orderReference(id)})`,
        by: member.id,
      });
      await finishOrder(work, finishDeps, id, member.id);
      return { ...(await placed(work.db, id)), point };
    });
  }

  async function balanceOf(executor: Executor, userId: number) {
    const [row] = await executor.select({ point: user.point }).from(user).where(eq(user.id, userId));
    return row?.point ?? 0;
  }

  /** The order behind a payment page's reference, or 404. */
  async function byToken(executor: Executor, token: string) {
    const [found] = await executor
      .select({ id: orderPayment.orders_id, user_id: orderPayment.user_id })
      .from(orderPayment)
      .where(eq(orderPayment.token, token));
    if (!found) throw notFound();
    return found;
  }

  /**
   * ordersUpdate. A member attaches a slip to their own waiting transfer or personal-QR order, or cancels it; staff
   * approve (the one finish), cancel, and set the book and certificate marks.
   */
  async function update(actor: SignedIn, body: OrderUpdateBody) {
    const [order] = await db
      .select({ id: orders.id, user_id: orders.user_id, payment: orders.orders_payment })
      .from(orders)
      .where(eq(orders.id, body.id));
    if (!order) throw notFound();
    const now = clock.now();
    if (await allows(policy(), actor, 'order.manage', null)) {
      if (body.orders_status === 'cancel' && !body.cancel_note) throw badRequest(`cancel_note: ${cancelNoteRequired}`);
      return transact(async (work) => {
        const [before] = await ordersMarks(work, [order.id]);
        if (body.orders_status === 'finish' && !(await approveOrder(work, finishDeps, order.id, actor.id))) {
          throw fail('CONFLICT', 'orderNotWaiting');
        }
        if (
          body.orders_status === 'cancel' &&
          !(await refuseOrder(work, finishDeps, order.id, actor.id, body.cancel_note!))
        ) {
          throw fail('CONFLICT', 'orderNotWaiting');
        }
        const marks = {
          ...(body.orders_book_send ? { orders_book_send: body.orders_book_send } : {}),
          ...(body.orders_certificate ? { orders_certificate: body.orders_certificate } : {}),
        };
        if (body.orders_certificate === 'Y') {
          // A certificate is for a course that was paid for: asked with the approval, or on a finished order.
          const [current] = await work.db
            .select({ status: orders.orders_status })
            .from(orders)
            .where(eq(orders.id, order.id));
          if (current?.status !== 'finish') throw fail('CONFLICT', 'orderNotFinished');
          // The job makes each course's certificate once, however often staff tick the box.
          await jobs.enqueue(work, issueCertificate, { reason: 'order', orders_id: order.id });
        }
        if (Object.keys(marks).length > 0) {
          await work.db
            .update(orders)
            .set({ ...marks, update_at: now.toISOString() })
            .where(eq(orders.id, order.id));
          if (before) await recordOrderMarks(work, clock, actor.id, before, marks);
        }
        return viewOf(work.db, order.id);
      });
    }
    await authorize({ db, now }, actor, 'order.pay', order);
    if (body.orders_book_send || body.orders_certificate || body.orders_status === 'finish' || body.cancel_note) {
      throw forbidden();
    }
    if (body.orders_status === 'cancel') {
      return transact(async (work) => {
        if (!(await cancelOrder(work, clock, order.id, 'member'))) throw fail('CONFLICT', 'orderNotWaiting');
        return viewOf(work.db, order.id);
      });
    }
    return attachSlip(actor, order, body);
  }

  /** A member's slip for their waiting transfer or personal PromptPay order: the order then waits for staff. */
  async function attachSlip(member: SignedIn, order: { id: number; payment: OrderPayment | null }, body: SlipInput) {
    if (order.payment !== 'transfer' && !(order.payment === 'qrcode' && personalQr())) {
      throw fail('UNPROCESSABLE', 'paymentTypeOff');
    }
    const problem = paymentProblem({
      transfer: { slip: body.orders_payment_slip, date: body.orders_payment_date, time: body.orders_payment_time },
    });
    if (problem) throw new AppError('UNPROCESSABLE', problem.message);
    const slip = await inspectSlip(member, body.orders_payment_slip!);
    return transact(async (work) => {
      const [current] = await work.db
        .select({ status: orders.orders_status, create_at: orders.create_at, net: orders.orders_net })
        .from(orders)
        .where(eq(orders.id, order.id))
        .for('update');
      if (current?.status !== 'wait') throw fail('CONFLICT', 'orderNotWaiting');
      const [pay] = await work.db
        .select({ fee: orderPayment.fee })
        .from(orderPayment)
        .where(eq(orderPayment.orders_id, order.id));
      const amount = satang(toSatang(current.net) + toSatang(pay?.fee ?? 0));
      const date = await recordSlip(work, { id: order.id, create_at: current.create_at, amount }, slip, body);
      await work.db
        .update(orders)
        .set({
          orders_payment_slip: slip.name,
          orders_payment_date: date,
          orders_payment_time: body.orders_payment_time ?? null,
          orders_payment_bank: (body.orders_payment_bank as never) ?? null,
          orders_payment_account: shop.accountNumber,
          update_at: clock.now().toISOString(),
        })
        .where(eq(orders.id, order.id));
      // Staff look at a slip within their working day: the order no longer expires while it waits for them.
      await work.db.update(orderPayment).set({ expires_at: null }).where(eq(orderPayment.orders_id, order.id));
      return viewOf(work.db, order.id);
    });
  }

  /**
   * ordersUpdataAll (staff): approve or refuse (with the reason the members read) several orders, each in its own
   * unit of work; answers how many moved (one cancelled meanwhile by its member stays cancelled).
   */
  async function updateAll(staff: SignedIn, ids: number[], status: 'finish' | 'cancel', note?: string) {
    await manage(staff);
    if (status === 'cancel' && !note) throw badRequest(`cancel_note: ${cancelNoteRequired}`);
    let updated = 0;
    for (const id of [...new Set(ids)]) {
      const moved = await transact((work) =>
        status === 'finish'
          ? approveOrder(work, finishDeps, id, staff.id)
          : refuseOrder(work, finishDeps, id, staff.id, note!),
      );
      if (moved) updated += 1;
    }
    return { updated };
  }

  /** ordersUpdataListBookSend (staff): the shipping state of several book orders at once. */
  async function setBookSend(actor: SignedIn, ids: number[], status: BookSendState) {
    await manage(actor);
    const rows = await transact(async (work) => {
      const before = await ordersMarks(work, ids);
      for (const order of before) await recordOrderMarks(work, clock, actor.id, order, { orders_book_send: status });
      return work.db
        .update(orders)
        .set({ orders_book_send: status, update_at: clock.now().toISOString() })
        .where(inArray(orders.id, ids))
        .returning({ id: orders.id });
    });
    return { updated: rows.length };
  }

  async function view(actor: Actor, id: number) {
    const found = await viewOf(db, id);
    await authorize(policy(), actor, 'order.read', { user_id: found.user_id ?? 0 });
    return found;
  }

  async function cancelByCode(code: string) {
    const found = await byToken(db, code);
    await transact(async (work) => {
      if (!(await cancelOrder(work, clock, found.id, 'code'))) throw fail('CONFLICT', 'orderNotWaiting');
    });
  }

  async function list(where: SQL | undefined, page: { page: number; pageSize: number }, orderBy?: SQL[]) {
    const [total] = await viewed(db.select({ n: count() }).from(orders).$dynamic()).where(where);
    return { data: await views(db, where, page, orderBy), total: total?.n ?? 0 };
  }

  /**
   * The back office's order lists (ordersReview): the confirm screen's waiting orders with their slip checks, every
   * order, the cancelled ones; filtered, searched, sorted and paged on the server.
   */
  async function review(actor: Actor, query: z.output<typeof reviewQuery>) {
    await manage(actor);
    return list(staffOrdersWhere(query), query, staffOrdersSort(query));
  }

  /** Orders cancelled because nobody paid in time (/admin/ordersExpire). */
  async function expired(actor: Actor, page: { page: number; pageSize: number }) {
    await manage(actor);
    return list(and(eq(orders.orders_status, 'cancel'), eq(orderPayment.cancel_reason, 'expiry')), page);
  }

  /** Finished orders of book courses, with where to post them. */
  async function bookOrders(actor: Actor, state: BookSendState | undefined) {
    await manage(actor);
    const where = and(
      eq(orders.orders_status, 'finish'),
      eq(product.product_book, 'Y'),
      state ? eq(orders.orders_book_send, state) : undefined,
    );
    const rows = await views(db, where);
    if (rows.length === 0) return [];
    const people = await db
      .select({
        id: user.id,
        email: user.email,
        name_th: user.name_th,
        lname_th: user.lname_th,
        phone: user.phone,
        send_address: user.send_address,
      })
      .from(user)
      .where(inArray(user.id, [...new Set(rows.map((r) => r.user_id!))]));
    const byId = new Map(people.map((p) => [p.id, p]));
    return rows.map((r) => {
      const { id: _id, ...person } = byId.get(r.user_id!)!;
      return { ...r, ...person };
    });
  }

  /** Orders placed on Bangkok days from..to (inclusive), and the members who placed them. */
  async function byDate(actor: Actor, query: { from: string; to: string; orders_status?: OrderStatus | undefined }) {
    await manage(actor);
    const start = new Date(`${query.from}T00:00:00+07:00`).toISOString();
    const end = new Date(new Date(`${query.to}T00:00:00+07:00`).getTime() + DAY_MS).toISOString();
    const data = await views(
      db,
      and(
        gte(orders.create_at, start),
        lt(orders.create_at, end),
        query.orders_status ? eq(orders.orders_status, query.orders_status) : undefined,
      ),
    );
    const ids = [...new Set(data.map((o) => o.user_id!))];
    const userIn =
      ids.length === 0
        ? []
        : await db
            // Never the hash: the column is replaced by null, which the answer's schema leaves out.
            .select({ ...getTableColumns(user), password: sql<null>`null` })
            .from(user)
            .where(inArray(user.id, ids));
    return { data, userIn };
  }

  async function totalStatus(actor: Actor, status: OrderStatus) {
    await manage(actor);
    const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.orders_status, status));
    return { total: row?.n ?? 0 };
  }

  /** fileTaxInvoice: the document number of a finished order (the receipt's PDF comes with its own issue). */
  async function taxInvoiceNumber(actor: Actor, id: number) {
    const found = await view(actor, id);
    return { order_no: found.order_no };
  }

  /** Detail rows of finished orders: a member's own, or any member's for staff (by user_id), by course. */
  async function finishedDetails(
    actor: SignedIn,
    query: { product_id?: number | undefined; user_id?: number | undefined },
  ) {
    const staff = await allows(policy(), actor, 'order.manage', null);
    if (!staff && query.user_id !== undefined && query.user_id !== actor.id) throw forbidden();
    const userId = staff ? query.user_id : actor.id;
    return db
      .select({
        ...getTableColumns(ordersDetail),
        user_id: orders.user_id,
        approve_date: orders.approve_date,
        product_title: product.product_title,
      })
      .from(ordersDetail)
      .innerJoin(orders, eq(orders.id, ordersDetail.orders_id))
      .innerJoin(product, eq(product.id, ordersDetail.product_id))
      .where(
        and(
          eq(orders.orders_status, 'finish'),
          userId !== undefined ? eq(orders.user_id, userId) : undefined,
          query.product_id !== undefined ? eq(ordersDetail.product_id, query.product_id) : undefined,
          ordersVisibleTo(actor),
        ),
      )
      .orderBy(desc(ordersDetail.id));
  }

  /** The expiry job: cancels the order if it still waits and its time has come. */
  async function expire(orderId: number, reason: CancelReason = 'expiry') {
    return transact(async (work) => {
      const [due] = await work.db
        .select({ id: orderPayment.orders_id })
        .from(orderPayment)
        .where(
          and(eq(orderPayment.orders_id, orderId), sql`${orderPayment.expires_at} <= ${clock.now().toISOString()}`),
        );
      return due ? cancelOrder(work, clock, orderId, reason) : false;
    });
  }

  return {
    place,
    coinPay,
    update,
    updateAll,
    setBookSend,
    view,
    byToken,
    cancelByCode,
    review,
    expired,
    bookOrders,
    byDate,
    totalStatus,
    taxInvoiceNumber,
    finishedDetails,
    expire,
    offered,
    viaGateway,
    personalQr,
    finishDeps,
    manage,
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
