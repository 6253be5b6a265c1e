import { createHash } from 'node:crypto';
import type { PaymentPage } from '@sikkha/contract';
import { amountDue, toBaht } from '@sikkha/contract/rules';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { orderPayment, orders, ordersDetail, paymentCharge, product } from '../../db/schema/index.js';
import { AppError, fail, forbidden, notFound } from '../../errors.js';
import { allows, authorize, type SignedIn } from '../../policies/index.js';
import { gatewayUnavailable } from '../../providers/payments/http.js';
import {
  GatewayRefused,
  gatewayPaths,
  type NotificationHeaders,
  type QrDisplay,
} from '../../providers/payments/port.js';
import { keepCharge, settle, settleOrder, stopCharges } from './charges.js';
import { gatewayMethodOf, type OrdersContext } from './orders-context.js';
import { promptPayPayload, qrImage } from './promptpay.js';
import { expire } from './update-order.js';

/** What a failed gateway call tells the person: the shop's own answer as it is, anything else an outage (503). */
const outage = (error: unknown) => (error instanceof AppError ? error : gatewayUnavailable(error));

/**
 * Paying online (card, smart-pay, UnionPay, PromptPay QR): charges made through the payment gateway's port
 * (`providers/payments`) for a waiting order, and the only way such a payment finishes one: the gateway's own answer (`getCharge`), whether a notification, the person's
 * return, the member's recheck or the expiry job asked.
 */
export function onlinePayments(ctx: OrdersContext) {
  const { db, clock, gateway, shop } = ctx;
  const returnUrl = (token: string) => `${ctx.publicUrl}${gatewayPaths.callback}?ref=${encodeURIComponent(token)}`;

  /** A waiting order behind a payment page's reference, with what charging it needs. */
  async function payable(token: string) {
    const [row] = await db
      .select({
        id: orders.id,
        user_id: orders.user_id,
        status: orders.orders_status,
        payment: orders.orders_payment,
        ref: orders.orders_ref,
        net: orders.orders_net,
        fee: orderPayment.fee,
        expires_at: orderPayment.expires_at,
        gateway_display: orderPayment.gateway_display,
        redirect_url: orderPayment.redirect_url,
        product_id: ordersDetail.product_id,
        product_title: product.product_title,
      })
      .from(orderPayment)
      .innerJoin(orders, eq(orders.id, orderPayment.orders_id))
      .leftJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
      .leftJoin(product, eq(product.id, ordersDetail.product_id))
      .where(eq(orderPayment.token, token))
      .limit(1);
    if (!row) throw notFound();
    return { ...row, amount: amountDue({ orders_net: row.net, fee: row.fee }) };
  }
  type Payable = Awaited<ReturnType<typeof payable>>;

  const describe = (order: Payable) => `${order.product_title ?? 'คอร์สออนไลน์'} (${order.ref})`;

  /**
   * The key of the order's next payment attempt. It counts the charges recorded for the order, so it stays the same
   * until an attempt's answer is recorded: a retry after a lost answer is the same attempt to the gateway, which
   * answers the charge it made then. A hash of the page's token keeps keys apart across databases that share one
   * gateway account (a test shop started afresh) without showing the token to the gateway.
   */
  async function attemptKey(order: Payable, token: string) {
    const [made] = await db
      .select({ charges: count() })
      .from(paymentCharge)
      .where(eq(paymentCharge.orders_id, order.id));
    const shop = createHash('sha256').update(token).digest('hex').slice(0, 16);
    return `${order.ref ?? order.id}-${made?.charges ?? 0}-${shop}`;
  }

  /** A live gateway QR for the order: the current one, or a new charge when there is none or it expired. */
  async function gatewayQr(order: Payable, token: string): Promise<PaymentPage['qr']> {
    if (!gateway) throw gatewayUnavailable();
    const shown = order.gateway_display as { display: QrDisplay; expiresAt: string; testPayUrl?: string } | null;
    if (shown && new Date(shown.expiresAt) > clock.now()) return qrOf(shown.display, shown.testPayUrl);
    const expiresAt = order.expires_at ? new Date(order.expires_at) : new Date(clock.now().getTime() + 3_600_000);
    const charge = await gateway
      .createQrCharge({
        orderRef: order.ref ?? '',
        amount: order.amount,
        description: describe(order),
        expiresAt,
        attemptKey: await attemptKey(order, token),
      })
      .catch((error: unknown) => {
        throw error instanceof GatewayRefused ? fail('UNPROCESSABLE', 'paymentRejected') : outage(error);
      });
    await keepCharge(ctx, order.id, charge.chargeId, 'qr', order.amount);
    const kept = { display: charge.display, expiresAt: charge.expiresAt.toISOString(), testPayUrl: charge.testPayUrl };
    await db.update(orderPayment).set({ gateway_display: kept }).where(eq(orderPayment.orders_id, order.id));
    return qrOf(charge.display, charge.testPayUrl);
  }

  async function qrOf(display: QrDisplay, testPayUrl: string | undefined): Promise<PaymentPage['qr']> {
    const base = { payload: null, image: null, script: null, testPayUrl: testPayUrl ?? null };
    switch (display.kind) {
      case 'payload':
        return { ...base, payload: display.payload, image: await qrImage(display.payload) };
      case 'image':
        return { ...base, image: display.url };
      case 'script':
        return {
          ...base,
          script: { scriptUrl: display.scriptUrl, publicKey: display.publicKey, orderId: display.orderId },
        };
      default:
        return display satisfies never;
    }
  }

  const cardForm = (): PaymentPage['card'] => {
    if (!gateway) return null;
    const form = gateway.cardForm();
    return { ...form, merchantId: form.merchantId ?? null, smartpayId: form.smartpayId ?? null };
  };

  /**
   * ordersByRef / ordersByCode: what a payment page shows, from its opaque reference, to anyone holding it: the
   * amount, the QR or the card form, the shop's account; never who the buyer is.
   */
  async function paymentPage(token: string): Promise<PaymentPage> {
    let order = await payable(token);
    // A gateway payment the person just made may not have been notified yet: the page asks the gateway.
    if (order.status === 'wait' && ctx.viaGateway(order.payment ?? 'transfer') && (await settleOrder(ctx, order.id))) {
      order = await payable(token);
    }
    const waiting = order.status === 'wait';
    const payment = order.payment ?? 'transfer';
    let qr: PaymentPage['qr'] = null;
    if (waiting && payment === 'qrcode') {
      if (ctx.personalQr()) {
        const payload = promptPayPayload(shop, order.amount, order.ref ?? '');
        qr = payload ? { payload, image: await qrImage(payload), script: null, testPayUrl: null } : null;
      } else {
        qr = await gatewayQr(order, token);
      }
    }
    const [slip] = await db.select({ slip: orders.orders_payment_slip }).from(orders).where(eq(orders.id, order.id));
    return {
      orders_ref: order.ref,
      orders_status: order.status ?? 'wait',
      orders_payment: payment,
      orders_net: order.net,
      fee: order.fee,
      amount: toBaht(order.amount),
      product_id: order.product_id ?? 0,
      product_title: order.product_title,
      expiresAt: order.expires_at,
      qr,
      card: waiting && (payment === 'credit' || payment === 'smatrpay' || payment === 'unionpay') ? cardForm() : null,
      account: payment === 'transfer' || (payment === 'qrcode' && ctx.personalQr()) ? (shop.account ?? null) : null,
      slip: Boolean(slip?.slip),
      redirect_url: order.redirect_url,
    };
  }

  /**
   * ordersPay: the member's card token (card), or the start of a smart-pay or union-pay payment, charged by the
   * server at the gateway for the order's amount. 3-D Secure and redirect payments answer the gateway's page.
   */
  async function pay(
    member: SignedIn,
    body: { ref: string; token?: string | undefined; installmentTerm?: number | undefined },
  ) {
    const order = await payable(body.ref);
    await authorize({ db, now: clock.now() }, member, 'order.pay', { user_id: order.user_id ?? 0 });
    if (order.status !== 'wait') throw fail('CONFLICT', 'orderNotWaiting');
    const payment = order.payment;
    if (!gateway || (payment !== 'credit' && payment !== 'smatrpay' && payment !== 'unionpay')) {
      throw fail('UNPROCESSABLE', 'paymentTypeOff');
    }
    if (!gateway.methods.includes(gatewayMethodOf[payment])) throw fail('UNPROCESSABLE', 'paymentTypeOff');
    // An earlier attempt may have been paid while its answer was lost on the way back (the settle after it timed
    // out): the gateway is asked about it before anything is charged again.
    const paidBefore = await settleOrder(ctx, order.id).catch((error: unknown) => {
      throw outage(error);
    });
    if (paidBefore) return { status: 'paid' as const, authorizeUrl: null, redirect_url: null };
    const input = {
      amount: order.amount,
      orderRef: order.ref ?? '',
      description: describe(order),
      returnUrl: returnUrl(body.ref),
      attemptKey: await attemptKey(order, body.ref),
    };
    try {
      if (payment === 'credit') {
        if (!body.token) throw fail('BAD_REQUEST', 'required');
        const charge = await gateway.chargeCard({ ...input, token: body.token });
        await keepCharge(ctx, order.id, charge.chargeId, 'card', order.amount);
        const status = charge.status === 'pending' ? 'pending' : await settle(ctx, charge.chargeId);
        return { status: status ?? charge.status, authorizeUrl: charge.authorizeUrl ?? null, redirect_url: null };
      }
      const charge = await gateway.createRedirectCharge({
        ...input,
        method: gatewayMethodOf[payment],
        token: body.token,
        installmentTerm: body.installmentTerm,
      });
      await keepCharge(ctx, order.id, charge.chargeId, gatewayMethodOf[payment], order.amount);
      await db
        .update(orderPayment)
        .set({ redirect_url: charge.redirectUrl })
        .where(eq(orderPayment.orders_id, order.id));
      return { status: 'pending' as const, authorizeUrl: null, redirect_url: charge.redirectUrl };
    } catch (error) {
      if (error instanceof GatewayRefused) return { status: 'failed' as const, authorizeUrl: null, redirect_url: null };
      throw outage(error);
    }
  }

  /**
   * /order/notify: a signed notification names a charge; only the gateway's answer to `getCharge` moves the order.
   * A forged or unsigned one is refused; a repeated one settles nothing new.
   */
  async function notify(headers: NotificationHeaders, raw: Buffer) {
    if (!gateway) throw notFound();
    const notice = gateway.verifyNotification(headers, raw);
    if (!notice) throw fail('UNAUTHORIZED', 'forbidden');
    const status = await settle(ctx, notice.chargeId);
    if (status === null) throw notFound();
    return status;
  }

  /** The order a charge of this gateway was made for. */
  async function orderOfCharge(chargeId: string) {
    if (!gateway) return undefined;
    const [known] = await db
      .select({ id: paymentCharge.orders_id })
      .from(paymentCharge)
      .where(and(eq(paymentCharge.gateway, gateway.name), eq(paymentCharge.charge_id, chargeId)));
    return known?.id;
  }

  /**
   * /order/callback: the person is back from the gateway's page; where to send them, by the gateway's word. Opn and
   * the sandbox return to our URL with the payment page's reference; KPGW posts the charge's id (`objectId`) to the
   * result URL set in its portal.
   */
  async function callback(back: { token?: string | undefined; chargeId?: string | undefined }) {
    const orderId = back.token
      ? (await payable(back.token).catch(() => null))?.id
      : back.chargeId
        ? await orderOfCharge(back.chargeId)
        : undefined;
    if (orderId === undefined) return '/courses/onlyOrder';
    const [before] = await db.select({ status: orders.orders_status }).from(orders).where(eq(orders.id, orderId));
    if (before?.status === 'wait') await settleOrder(ctx, orderId);
    const [now] = await db.select({ status: orders.orders_status }).from(orders).where(eq(orders.id, orderId));
    if (now?.status === 'finish') return '/courses/onlyOrder#gateway-success';
    const [last] = await db
      .select({ status: paymentCharge.status })
      .from(paymentCharge)
      .where(eq(paymentCharge.orders_id, orderId))
      .orderBy(desc(paymentCharge.id))
      .limit(1);
    return last?.status === 'failed' ? '/courses/onlyOrder#gateway-fail' : '/courses/onlyOrder';
  }

  /**
   * ordersRecheckByUser: a member's waiting gateway orders (of a course, when given) asked again: the caller's own,
   * or for staff the member they name (everyone's when they name none).
   */
  async function recheck(actor: SignedIn, query: { user_id?: number | undefined; product_id?: number | undefined }) {
    const staff = await allows({ db, now: clock.now() }, actor, 'order.manage', null);
    if (!staff && query.user_id !== undefined && query.user_id !== actor.id) throw forbidden();
    const userId = staff ? query.user_id : actor.id;
    const productId = query.product_id;
    const waiting = await db
      .selectDistinct({ id: orders.id })
      .from(orders)
      .innerJoin(paymentCharge, eq(paymentCharge.orders_id, orders.id))
      .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
      .where(
        and(
          userId !== undefined ? eq(orders.user_id, userId) : undefined,
          eq(orders.orders_status, 'wait'),
          eq(paymentCharge.status, 'pending'),
          productId !== undefined ? eq(ordersDetail.product_id, productId) : undefined,
        ),
      );
    for (const order of waiting) await settleOrder(ctx, order.id);
    if (waiting.length === 0) return [];
    const rows = await db
      .select({ id: orders.id, orders_status: orders.orders_status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          waiting.map((o) => o.id),
        ),
      );
    return rows.map((r) => ({ id: r.id, orders_status: r.orders_status ?? 'wait' }));
  }

  /**
   * The expiry job's step for a gateway order: a charge paid but never notified finishes the order instead of
   * letting it lapse; otherwise the order is cancelled as expired.
   */
  async function expireGatewayOrder(orderId: number) {
    // A gateway that cannot be reached throws: the job is tried again rather than cancelling a paid order.
    if (gateway && (await settleOrder(ctx, orderId))) return false;
    if ((await stopCharges(ctx, orderId)) === 'finished') return false;
    return expire(ctx, orderId);
  }

  return {
    paymentPage,
    pay,
    notify,
    callback,
    recheck,
    expire: expireGatewayOrder,
    settle: (id: string) => settle(ctx, id),
  };
}

export type OnlinePayments = ReturnType<typeof onlinePayments>;
