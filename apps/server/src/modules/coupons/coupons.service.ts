import { type CouponType, message, type OrderPayment } from '@sikkha/contract';
import {
  bangkokInstant,
  couponAmountFields,
  couponEffect,
  couponFieldsOf,
  couponOpenAt,
  couponWindow,
  toBaht,
  toSatang,
} from '@sikkha/contract/rules';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { contains } from '../../db/like.js';
import { coupon, couponEmail, couponProduct, product } from '../../db/schema/index.js';
import type { Transact, Work } from '../../db/unit-of-work.js';
import { AppError, invalidField, notFound } from '../../errors.js';
import { normaliseEmail } from '../../lib/emails.js';
import {
  type CouponRow,
  couponByCode,
  couponRefused,
  couponUses,
  couponVerdict,
} from '../../policies/coupons.policy.js';
import { authorize, type SignedIn } from '../../policies/index.js';

export interface CouponsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
}

type Values = Record<string, unknown>;
const amountFields = Object.values(couponAmountFields);

/**
 * The coupon form's rules (orders §4, §5), as the resource engine's hook on `coupon` writes: a code another coupon
 * has (in any letter case) answers 'มีรหัสคูปองนี้เเล้ว'; changing the type clears price, percent, point and pay
 * (what the same save sends is kept); a coupon holds only the amounts its type uses.
 */
export async function shapeCouponWrite(work: Work, values: Values, id?: number): Promise<Values> {
  if (typeof values.coupon_code === 'string') {
    const code = values.coupon_code.trim();
    values.coupon_code = code;
    // Two saves of one code at once queue here (the lock lasts until the unit of work ends), so the second sees
    // the first's row and answers the form's message, not the unique index's generic one.
    await work.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`coupon:${code.toLowerCase()}`}))`);
    const [taken] = await work.db
      .select({ id: coupon.id })
      .from(coupon)
      .where(and(sql`lower(${coupon.coupon_code}) = lower(${code})`, id ? ne(coupon.id, id) : undefined))
      .limit(1);
    if (taken) throw new AppError('CONFLICT', message('couponDuplicate'));
  }
  const [stored] = id ? await work.db.select().from(coupon).where(eq(coupon.id, id)) : [];
  const type = (values.coupon_type ?? stored?.coupon_type ?? 'All') as CouponType;
  const typeChanged =
    stored !== undefined && values.coupon_type !== undefined && values.coupon_type !== stored.coupon_type;
  const used = new Set<string>(couponFieldsOf(type));
  for (const field of amountFields) {
    if (!used.has(field) || (typeChanged && !(field in values))) values[field] = null;
  }
  return values;
}

const startOfBangkokDay = (date: string) => bangkokInstant(date, '00:00');

export function couponsService({ db, clock, transact }: CouponsDeps) {
  /** The product-bound check of a code (orders §5): the spec's lookup answer, or the first refusal's message. */
  async function check(member: SignedIn, q: { code: string; product_id: number; payment?: OrderPayment | undefined }) {
    const now = clock.now();
    const [course] = await db
      .select({ product_price: product.product_price, product_status: product.product_status })
      .from(product)
      .where(eq(product.id, q.product_id));
    if (!course) throw notFound();
    await authorize({ db, now }, member, 'product.read', course);
    const found = await couponByCode(db, q.code);
    if (!found) throw couponRefused('couponUnknown');
    const verdict = await couponVerdict(db, member, found, q.product_id, now, q.payment);
    if (verdict.refusal) throw couponRefused(verdict.refusal);
    const effect = couponEffect(toSatang(course.product_price ?? 0), found);
    const until = couponWindow(found).to;
    return {
      result: true,
      data: {
        ...termsOf(found),
        pricing: {
          price: toBaht(effect.price),
          discount: toBaht(effect.discount),
          net: toBaht(effect.net),
          coins: effect.coins,
        },
        until: until ? until.toISOString() : null,
      },
      message: message('ok'),
      memberOnly: verdict.memberOnly,
      emailOnly: verdict.emailOnly,
      countOrder: verdict.countOrder,
      productSelect: verdict.productSelect,
    };
  }

  /** Coupons for staff, with their use counts, windows, e-mails and courses. */
  async function adminViews(where: SQL | undefined, keep: (c: CouponRow) => boolean = () => true) {
    const rows = (await db.select().from(coupon).where(where).orderBy(desc(coupon.id)).limit(500)).filter(keep);
    const ids = rows.map((r) => r.id);
    const [uses, emails, products] = await Promise.all([
      couponUses(db, ids),
      ids.length ? db.select().from(couponEmail).where(inArray(couponEmail.coupon_id, ids)) : [],
      ids.length ? db.select().from(couponProduct).where(inArray(couponProduct.coupon_id, ids)) : [],
    ]);
    const data = rows.map((c) => {
      const { from, to } = couponWindow(c);
      return {
        ...c,
        countOrder: uses.get(c.id) ?? 0,
        from: from?.toISOString() ?? null,
        until: to?.toISOString() ?? null,
        couponEmail: emails.filter((e) => e.coupon_id === c.id),
        couponProduct: products.filter((p) => p.coupon_id === c.id),
      };
    });
    return { result: true, data, message: message('ok'), total: data.length };
  }

  const byCode = (code: string) => adminViews(contains(coupon.coupon_code, code));
  const byCouponCode = (code: string) => adminViews(sql`lower(${coupon.coupon_code}) = lower(${code})`);
  const notExpired = () => adminViews(undefined, (c) => couponOpenAt(c, clock.now()));
  /** Coupons open at some moment of a Bangkok day. */
  const byDate = (date: string) => {
    const dayStart = startOfBangkokDay(date);
    const dayEnd = new Date(dayStart.getTime() + 24 * 60 * 60 * 1000);
    return adminViews(undefined, (c) => {
      const { from, to } = couponWindow(c);
      return (!from || from < dayEnd) && (!to || to > dayStart);
    });
  };

  /**
   * couponEmail and couponProduct rows (orders §4): adding an e-mail or course the coupon had restores its row
   * (remove_by N); a new one is appended; deleting marks it removed (remove_by Y), so the list keeps its history.
   */
  function listRows(table: typeof couponEmail | typeof couponProduct, key: 'coupon_email' | 'product_id') {
    // Both tables have the same shape around their key; drizzle cannot type a query over either, so it is loose.
    const loose = table as unknown as PgTableWithColumns<{
      name: string;
      schema: undefined;
      dialect: 'pg';
      columns: Record<string, PgColumn>;
    }>;
    const cols = { id: table.id, coupon_id: table.coupon_id, key: loose[key] as PgColumn };
    async function save(actor: SignedIn, body: Values) {
      return transact(async (work) => {
        const now = clock.now().toISOString();
        const { id, create_by: _by, create_at: _at, update_at: _up, ...values } = body;
        if (typeof values.coupon_email === 'string') values.coupon_email = normaliseEmail(values.coupon_email);
        if (id !== undefined) {
          const [updated] = await work.db
            .update(loose)
            .set({ ...values, update_at: now } as never)
            .where(eq(cols.id, id as number))
            .returning();
          if (!updated) throw notFound();
          return saved(updated);
        }
        for (const field of ['coupon_id', key]) {
          if (values[field] === undefined || values[field] === null || values[field] === '') {
            throw invalidField(field, 'required', message('required'));
          }
        }
        const [row] = await work.db
          .insert(loose)
          .values({ ...values, remove_by: 'N', create_by: actor.id, create_at: now, update_at: now } as never)
          .onConflictDoUpdate({
            target: [cols.coupon_id, cols.key],
            set: { remove_by: 'N', update_at: now } as never,
          })
          .returning();
        return saved(row!);
      });
    }
    const saved = (row: Record<string, unknown>) => {
      const data = row as typeof couponEmail.$inferSelect | typeof couponProduct.$inferSelect;
      return { result: true, data, message: message('saved'), insertId: data.id };
    };
    async function remove(id: number) {
      const [gone] = await db
        .update(loose)
        .set({ remove_by: 'Y', update_at: clock.now().toISOString() } as never)
        .where(eq(cols.id, id))
        .returning({ id: cols.id });
      if (!gone) throw notFound();
      return { result: true, data: { id: gone.id }, message: message('deleted') };
    }
    return { save, remove };
  }

  return {
    /** Staff's screens of coupons (`coupon.manage`): answers the actor once allowed. */
    async manage(actor: SignedIn) {
      await authorize({ db, now: clock.now() }, actor, 'coupon.manage', null);
      return actor;
    },
    check,
    byCode,
    byCouponCode,
    notExpired,
    byDate,
    emails: listRows(couponEmail, 'coupon_email'),
    products: listRows(couponProduct, 'product_id'),
  };
}

/** What a member sees of a coupon they typed. */
function termsOf(c: CouponRow) {
  return {
    id: c.id,
    coupon_code: c.coupon_code,
    coupon_name: c.coupon_name,
    coupon_detail: c.coupon_detail,
    coupon_type: c.coupon_type,
    coupon_price: c.coupon_price,
    coupon_percent: c.coupon_percent,
    coupon_point: c.coupon_point,
    coupon_pay: c.coupon_pay,
    coupon_payment: c.coupon_payment,
    coupon_product_type: c.coupon_product_type,
    coupon_start: c.coupon_start,
    coupon_start_time: c.coupon_start_time,
    coupon_to: c.coupon_to,
    coupon_to_time: c.coupon_to_time,
    coupon_limit: c.coupon_limit,
  };
}

export type CouponsService = ReturnType<typeof couponsService>;
