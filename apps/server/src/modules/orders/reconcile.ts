import type { MismatchKind, ReconcileMismatch } from '@sikkha/contract';
import { type Satang, satang, toBaht, toSatang } from '@sikkha/contract/rules';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { recordStaffWrite } from '../../db/audit-log.js';
import { orderRefund, orders, paymentCharge, reconcileMismatch } from '../../db/schema/index.js';
import { fail, notFound } from '../../errors.js';
import type { Actor, SignedIn } from '../../policies/index.js';
import type { ChargeRecord } from '../../providers/payments/port.js';
import type { OrdersContext } from './orders-context.js';

const DAY_MS = 86_400_000;
const FIXED_NOTE = 'ร้านแก้ไขแล้วโดยอัตโนมัติ: คำสั่งซื้อสำเร็จตามการชำระเงินที่ผู้ให้บริการยืนยัน';
/**
 * How much earlier than the shop's window the gateway's starts. A gateway dates a charge by its own clock, a moment
 * before the shop records it (and the two clocks may differ): a charge the shop recorded at the window's start is
 * still listed. What the gateway lists before the shop's window is matched to the shop's records all the same.
 */
const EDGE_MS = 60 * 60_000;

export interface ReconcileDeps {
  ctx: OrdersContext;
  /** The gateway side's one way to move an order by a charge: the gateway's word, the one finish. */
  settle(chargeId: string): Promise<unknown>;
}

type Known = {
  charge_id: string;
  charge_status: string;
  amount: number;
  orders_id: number;
  orders_ref: string | null;
  orders_status: string;
};

const gatewaySide = (r: ChargeRecord) => ({
  status: r.status,
  amount: toBaht(r.amount),
  refunded: toBaht(r.refunded),
  orderRef: r.orderRef,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Reconciliation: the gateway's charges and refunds of a window beside the shop's orders. A charge paid at the gateway
 * whose order still waits finishes through the one finish (the notification that never came); everything else that
 * disagrees (paid there but unknown or cancelled here, finished here but not paid there, amounts that differ, refunds
 * made at the gateway's dashboard) is kept for staff, once per charge and kind, and counted in /metrics.
 */
export function reconciliation({ ctx, settle }: ReconcileDeps) {
  const { db, clock, transact, gateway } = ctx;

  /** The shop's charges at this gateway that match `where`, with their orders. */
  async function chargesWhere(where: SQL | undefined): Promise<Known[]> {
    if (!gateway) return [];
    return db
      .select({
        charge_id: paymentCharge.charge_id,
        charge_status: paymentCharge.status,
        amount: paymentCharge.amount,
        orders_id: paymentCharge.orders_id,
        orders_ref: orders.orders_ref,
        orders_status: orders.orders_status,
      })
      .from(paymentCharge)
      .innerJoin(orders, eq(orders.id, paymentCharge.orders_id))
      .where(and(eq(paymentCharge.gateway, gateway.name), where));
  }

  /** Whether a line is kept already (by an earlier run, or by `settle` itself for an order paid twice). */
  async function kept(kind: MismatchKind, chargeId: string) {
    const [row] = await db
      .select({ id: reconcileMismatch.id })
      .from(reconcileMismatch)
      .where(
        and(
          eq(reconcileMismatch.gateway, gateway!.name),
          eq(reconcileMismatch.charge_id, chargeId),
          eq(reconcileMismatch.kind, kind),
        ),
      );
    return Boolean(row);
  }

  async function refundedHere(chargeIds: string[]) {
    if (chargeIds.length === 0) return new Map<string, Satang>();
    const rows = await db
      .select({ charge_id: orderRefund.charge_id, amount: sql<string>`sum(${orderRefund.amount})` })
      .from(orderRefund)
      .where(and(inArray(orderRefund.charge_id, chargeIds), eq(orderRefund.method, 'gateway')))
      .groupBy(orderRefund.charge_id);
    return new Map(rows.map((r) => [r.charge_id ?? '', toSatang(Number(r.amount))]));
  }

  async function orderOfRef(ref: string) {
    const [row] = await db
      .select({ id: orders.id, orders_status: orders.orders_status })
      .from(orders)
      .where(eq(orders.orders_ref, ref));
    return row;
  }

  /** Keeps a mismatch once per charge and kind; answers whether it is new. */
  async function keep(
    kind: MismatchKind,
    chargeId: string,
    ordersId: number | null,
    gatewayRecord: Record<string, unknown>,
    shopRecord: Record<string, unknown>,
    fixed: boolean,
  ) {
    const rows = await db
      .insert(reconcileMismatch)
      .values({
        kind,
        gateway: gateway!.name,
        charge_id: chargeId,
        orders_id: ordersId,
        gateway_record: gatewayRecord,
        shop_record: shopRecord,
        fixed: fixed ? 'Y' : 'N',
        // What the shop put right itself is kept for the record, among the resolved: the open list is what needs a person.
        ...(fixed ? { resolved_at: clock.now().toISOString(), note: FIXED_NOTE } : {}),
        create_at: clock.now().toISOString(),
      })
      .onConflictDoNothing()
      .returning({ id: reconcileMismatch.id });
    return rows.length > 0;
  }

  /**
   * Compares the last `days` days. A gateway that cannot be reached throws: the daily job is tried again, staff
   * asking on demand get a 503.
   */
  async function run(days: number) {
    if (!gateway) return { checked: 0, fixed: 0, found: 0 };
    const to = clock.now();
    const from = new Date(to.getTime() - days * DAY_MS);
    // The shop's window is closed at `to` too: a charge recorded while the gateway is being asked is not in the
    // gateway's list yet, and would look unknown to it.
    const known = await chargesWhere(
      and(gte(paymentCharge.create_at, from.toISOString()), lte(paymentCharge.create_at, to.toISOString())),
    );
    const records = await gateway.listCharges({
      from: new Date(from.getTime() - EDGE_MS),
      to,
      chargeIds: known.map((k) => k.charge_id),
    });
    const byId = new Map(known.map((k) => [k.charge_id, k]));
    // Listed charges the shop recorded outside its own window (at the edge, or by a gateway's clock apart) are the
    // shop's all the same: never "unknown".
    const outside = [...new Set(records.map((r) => r.chargeId).filter((id) => !byId.has(id)))];
    if (outside.length > 0) {
      for (const row of await chargesWhere(inArray(paymentCharge.charge_id, outside))) byId.set(row.charge_id, row);
    }
    const refunded = await refundedHere([...byId.keys()]);
    let fixed = 0;
    let found = 0;
    const tally = (isNew: boolean) => {
      if (isNew) found += 1;
    };

    for (const record of records) {
      const shop = byId.get(record.chargeId);
      const theirs = gatewaySide(record);
      if (!shop) {
        if (record.status !== 'paid') continue;
        const order = record.orderRef ? await orderOfRef(record.orderRef) : undefined;
        tally(
          await keep(
            'paidNotFinished',
            record.chargeId,
            order?.id ?? null,
            theirs,
            { charge: null, orders_status: order?.orders_status ?? null },
            false,
          ),
        );
        continue;
      }
      const ours = refunded.get(record.chargeId) ?? satang(0);
      if (record.status === 'paid') {
        // Paid there, not here: the notification never came, or came too late for the order (cancelled by then, which
        // stopped its charges first, or paid by another charge). `settle` does what the notification would have done:
        // the one finish, `paid_after_cancel`, or a line for an order paid twice.
        if (shop.charge_status !== 'paid' || shop.orders_status === 'wait') {
          const before = await kept('paidNotFinished', record.chargeId);
          await settle(record.chargeId);
          const [now] = await db
            .select({ status: orders.orders_status })
            .from(orders)
            .where(eq(orders.id, shop.orders_id));
          const finished = now?.status === 'finish' && shop.orders_status === 'wait';
          if (finished) fixed += 1;
          await keep(
            'paidNotFinished',
            record.chargeId,
            shop.orders_id,
            theirs,
            { charge: shop.charge_status, orders_status: shop.orders_status, now: now?.status ?? null },
            finished,
          );
          tally(!before);
        }
        if (record.amount !== toSatang(shop.amount)) {
          tally(
            await keep(
              'amountDiffers',
              record.chargeId,
              shop.orders_id,
              theirs,
              { amount: shop.amount, orders_status: shop.orders_status },
              false,
            ),
          );
        }
      } else if (shop.charge_status === 'paid' && Math.max(ours, record.refunded) < toSatang(shop.amount)) {
        // Not paid there though paid here, unless it was all given back: KPGW shows a charge voided for a full refund
        // on its own day as Voided (not paid), with nothing in `refund_amount`.
        tally(
          await keep(
            'finishedNotPaid',
            record.chargeId,
            shop.orders_id,
            theirs,
            { charge: shop.charge_status, orders_status: shop.orders_status, amount: shop.amount },
            false,
          ),
        );
      }
      if (record.refunded > ours) {
        tally(
          await keep(
            'refundNotRecorded',
            record.chargeId,
            shop.orders_id,
            theirs,
            { refunded: toBaht(ours), orders_status: shop.orders_status },
            false,
          ),
        );
      }
    }
    // A charge the shop holds as paid that the gateway does not list at all.
    const listed = new Set(records.map((r) => r.chargeId));
    for (const shop of known) {
      if (shop.charge_status !== 'paid' || listed.has(shop.charge_id)) continue;
      tally(
        await keep(
          'finishedNotPaid',
          shop.charge_id,
          shop.orders_id,
          { status: null },
          { charge: shop.charge_status, orders_status: shop.orders_status, amount: shop.amount },
          false,
        ),
      );
    }
    return { checked: records.length, fixed, found };
  }

  /** ordersReconcile: staff ask now. */
  async function runNow(actor: Actor, days: number) {
    await ctx.manage(actor);
    try {
      return await run(days);
    } catch (error) {
      // Staff read that the gateway could not be reached; the log keeps what happened.
      const unavailable = fail('UNAVAILABLE', 'gatewayUnreachable');
      unavailable.cause = error;
      throw unavailable;
    }
  }

  const view = (row: typeof reconcileMismatch.$inferSelect & { orders_ref: string | null }): ReconcileMismatch => ({
    id: row.id,
    kind: row.kind,
    gateway: row.gateway,
    charge_id: row.charge_id,
    orders_id: row.orders_id,
    orders_ref: row.orders_ref,
    gateway_record: row.gateway_record as Record<string, unknown>,
    shop_record: row.shop_record as Record<string, unknown>,
    fixed: row.fixed === 'Y',
    resolved_at: row.resolved_at,
    create_at: row.create_at,
  });

  /** ordersReconcileList: what is open (or resolved), newest first. */
  async function list(actor: Actor, query: { resolved: 'Y' | 'N'; page: number; pageSize: number }) {
    await ctx.manage(actor);
    const where =
      query.resolved === 'Y' ? isNotNull(reconcileMismatch.resolved_at) : isNull(reconcileMismatch.resolved_at);
    const [total] = await db.select({ n: count() }).from(reconcileMismatch).where(where);
    const rows = await db
      .select({ row: reconcileMismatch, orders_ref: orders.orders_ref })
      .from(reconcileMismatch)
      .leftJoin(orders, eq(orders.id, reconcileMismatch.orders_id))
      .where(where)
      .orderBy(desc(reconcileMismatch.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { data: rows.map((r) => view({ ...r.row, orders_ref: r.orders_ref })), total: total?.n ?? 0 };
  }

  /** ordersReconcileResolve: staff say they dealt with it, and how; the audit history keeps who. */
  async function resolve(staff: SignedIn, body: { id: number; note?: string | undefined }) {
    await ctx.manage(staff);
    return transact(async (work) => {
      const at = clock.now().toISOString();
      const [row] = await work.db
        .update(reconcileMismatch)
        .set({ resolved_at: at, resolved_by: staff.id, note: body.note ?? null })
        .where(and(eq(reconcileMismatch.id, body.id), isNull(reconcileMismatch.resolved_at)))
        .returning();
      if (!row) {
        const [exists] = await work.db
          .select({ id: reconcileMismatch.id })
          .from(reconcileMismatch)
          .where(eq(reconcileMismatch.id, body.id));
        throw exists ? fail('CONFLICT', 'invalidInput') : notFound();
      }
      await recordStaffWrite(work, clock, {
        personnelId: staff.id,
        action: 'resolve',
        subject: 'reconcileMismatch',
        subjectId: row.id,
        changes: { resolved_at: [null, at] },
        note: body.note ?? null,
      });
      const [order] = row.orders_id
        ? await work.db.select({ ref: orders.orders_ref }).from(orders).where(eq(orders.id, row.orders_id))
        : [];
      return view({ ...row, orders_ref: order?.ref ?? null });
    });
  }

  return { run, runNow, list, resolve };
}

export type Reconciliation = ReturnType<typeof reconciliation>;
