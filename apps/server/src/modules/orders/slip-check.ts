import { createHash } from 'node:crypto';
import { type OrderPayment, type SlipFlag, uploadKinds } from '@sikkha/contract';
import {
  amountDue,
  bangkokDate,
  normalisePaymentDate,
  paymentProblem,
  type Satang,
  toBaht,
  toSatang,
} from '@sikkha/contract/rules';
import { and, eq, sql } from 'drizzle-orm';
import { orderPayment, orderSlip, orders, upload } from '../../db/schema/index.js';
import type { Work } from '../../db/unit-of-work.js';
import { AppError, fail, pgCodeOf } from '../../errors.js';
import type { SignedIn } from '../../policies/index.js';
import { DAY_MS, viewOf } from './order-views.js';
import type { OrdersContext } from './orders-context.js';
import { readSlipQr, type SlipQr } from './slips.js';

/** The upload kind slips are stored under, the member's and staff's refund slips alike. */
export const SLIP_KIND = uploadKinds.find((k) => k.endpoint === 'Slip')!;

/** What a member types about their transfer, with the slip's file name. */
export interface SlipInput {
  orders_payment_slip?: string | undefined;
  orders_payment_date?: string | undefined;
  orders_payment_time?: string | undefined;
  orders_payment_bank?: string | undefined;
  orders_payment_amount?: number | undefined;
}

export interface InspectedSlip {
  name: string;
  sha256: string;
  read: SlipQr;
}

/** A slip the member uploaded (the upload records who), read for its mini-QR before any transaction opens. */
export async function inspectSlip(ctx: OrdersContext, member: SignedIn, name: string): Promise<InspectedSlip> {
  const [mine] = await ctx.db
    .select({ user_id: upload.user_id })
    .from(upload)
    .where(and(eq(upload.upload_kind, SLIP_KIND.endpoint), eq(upload.upload_name, name)));
  if (!mine || mine.user_id !== member.id) throw fail('UNPROCESSABLE', 'fileMissing');
  const file = await ctx.storage.read(SLIP_KIND.serve, name);
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
export async function recordSlip(
  ctx: OrdersContext,
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
  if (date && (date < earliest || date > bangkokDate(ctx.clock.now()))) flags.push('dateOutOfRange');
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
      create_at: ctx.clock.now().toISOString(),
    });
  } catch (error) {
    if (pgCodeOf(error) === '23505') throw fail('CONFLICT', 'slipReused');
    throw error;
  }
  return date;
}

/** A member's slip for their waiting transfer or personal PromptPay order: the order then waits for staff. */
export async function attachSlip(
  ctx: OrdersContext,
  member: SignedIn,
  order: { id: number; payment: OrderPayment | null },
  body: SlipInput,
) {
  if (order.payment !== 'transfer' && !(order.payment === 'qrcode' && ctx.personalQr())) {
    throw fail('UNPROCESSABLE', 'paymentTypeOff');
  }
  const problem = paymentProblem({
    transfer: { slip: body.orders_payment_slip, date: body.orders_payment_date, time: body.orders_payment_time },
  });
  if (problem) throw new AppError('UNPROCESSABLE', problem.message);
  const slip = await inspectSlip(ctx, member, body.orders_payment_slip!);
  return ctx.transact(async (work) => {
    const [current] = await work.db
      .select({ status: orders.orders_status, create_at: orders.create_at, orders_net: orders.orders_net })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (current?.status !== 'wait') throw fail('CONFLICT', 'orderNotWaiting');
    const [pay] = await work.db
      .select({ fee: orderPayment.fee })
      .from(orderPayment)
      .where(eq(orderPayment.orders_id, order.id));
    const amount = amountDue({ orders_net: current.orders_net, fee: pay?.fee ?? 0 });
    const date = await recordSlip(ctx, work, { id: order.id, create_at: current.create_at, amount }, slip, body);
    await work.db
      .update(orders)
      .set({
        orders_payment_slip: slip.name,
        orders_payment_date: date,
        orders_payment_time: body.orders_payment_time ?? null,
        orders_payment_bank: (body.orders_payment_bank as never) ?? null,
        orders_payment_account: ctx.shop.account?.number ?? null,
        update_at: ctx.clock.now().toISOString(),
      })
      .where(eq(orders.id, order.id));
    // Staff look at a slip within their working day: the order no longer expires while it waits for them.
    await work.db.update(orderPayment).set({ expires_at: null }).where(eq(orderPayment.orders_id, order.id));
    return viewOf(work.db, order.id);
  });
}
