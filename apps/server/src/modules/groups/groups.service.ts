import { randomInt } from 'node:crypto';
import { message } from '@sikkha/contract';
import { accessWindow, bangkokDate, coursePath } from '@sikkha/contract/rules';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { notify } from '../../db/notify.js';
import { toIso } from '../../db/schema/columns.js';
import { orders, ordersDetail, product, productGroup, user, userProductGroup } from '../../db/schema/index.js';
import type { Transact } from '../../db/unit-of-work.js';
import { AppError, notFound } from '../../errors.js';
import type { Jobs } from '../../jobs/jobs.js';
import { sendChannelMessage } from '../../jobs/messaging.job.js';
import { authorize, buyerContentOpen, courseStateOf, coursesOf, type SignedIn } from '../../policies/index.js';

export interface GroupsDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  jobs: Jobs;
}

/** Letters and digits nobody misreads when typing a code from a phone (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;

/**
 * A group code: 10 random characters of 31 (about 49 bits, from the system's CSPRNG), written as two groups of
 * five. Unique by the table's constraint; a collision (about one in 10^9 with a million codes) answers 409 and the
 * next click makes another.
 */
export function groupCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const channelName = { line: 'LINE', facebook: 'Facebook' } as const;

export function groupsService({ db, clock, transact, jobs }: GroupsDeps) {
  /**
   * The member's code for a group of a course they bought (`finish`), made once: a second click, tab or request
   * answers the same code (one row per member and group, by a unique key, in one unit of work). A new code is
   * announced to the group's channel (a job) and to the member (a notification).
   */
  async function generate(member: SignedIn, groupId: number) {
    const now = clock.now();
    return transact(async (work) => {
      const [group] = await work.db
        .select({
          id: productGroup.id,
          product_id: productGroup.product_id,
          product_group_type: productGroup.product_group_type,
          product_group_url: productGroup.product_group_url,
          product_group_hide: productGroup.product_group_hide,
          product_title: product.product_title,
          product_status: product.product_status,
        })
        .from(productGroup)
        .innerJoin(product, eq(product.id, productGroup.product_id))
        .where(eq(productGroup.id, groupId));
      if (!group || group.product_group_hide === 'Y') throw notFound();
      await authorize({ db: work.db, now }, member, 'product.read', group);
      const courses = await coursesOf(work.db, member.id, now);
      if (courseStateOf(member, courses, group.product_id) !== 'finish') {
        throw new AppError('FORBIDDEN', message('groupCodeBuyersOnly'));
      }

      const code = groupCode();
      const at = now.toISOString();
      const [row] = await work.db
        .insert(userProductGroup)
        .values({
          user_id: member.id,
          product_group_id: group.id,
          user_product_group_code: code,
          create_by: member.id,
          create_at: at,
          update_at: at,
        })
        .onConflictDoUpdate({
          target: [userProductGroup.user_id, userProductGroup.product_group_id],
          // A row staff made without a code gets one; a row with a code keeps it.
          set: {
            user_product_group_code: sql`coalesce(${userProductGroup.user_product_group_code}, excluded.user_product_group_code)`,
          },
        })
        .returning({ code: userProductGroup.user_product_group_code });
      if (row?.code === code) {
        const [account] = await work.db
          .select({ email: user.email, name_th: user.name_th, lname_th: user.lname_th })
          .from(user)
          .where(eq(user.id, member.id));
        const who =
          [account?.name_th, account?.lname_th].filter(Boolean).join(' ') || account?.email || `#${member.id}`;
        await jobs.enqueue(work, sendChannelMessage, {
          channel: group.product_group_type,
          text: `${who} (${account?.email ?? ''}) ขอเข้ากลุ่ม ${channelName[group.product_group_type]} คอร์ส ${group.product_title} รหัส ${code}`,
        });
        await notify(
          work,
          {
            user_id: member.id,
            icon: group.product_group_type,
            to: coursePath(group.product_title ?? ''),
            message: `รหัสเข้ากลุ่ม ${channelName[group.product_group_type]} คอร์ส ${group.product_title}: ${code}`,
          },
          now,
        );
      }
      return {
        product_group_id: group.id,
        product_group_type: group.product_group_type,
        product_group_url: group.product_group_url,
        user_product_group_code: row?.code ?? code,
      };
    });
  }

  /** The groups of a course the member may see, with the member's codes; the links for buyers only. */
  async function ofCourse(member: SignedIn, productId: number) {
    const now = clock.now();
    const [course] = await db
      .select({ product_status: product.product_status })
      .from(product)
      .where(eq(product.id, productId));
    if (!course) throw notFound();
    await authorize({ db, now }, member, 'product.read', course);
    const open = buyerContentOpen(member, courseStateOf(member, await coursesOf(db, member.id, now), productId));
    const rows = await db
      .select({
        product_group_id: productGroup.id,
        product_group_type: productGroup.product_group_type,
        product_group_url: productGroup.product_group_url,
        user_product_group_code: userProductGroup.user_product_group_code,
      })
      .from(productGroup)
      .leftJoin(
        userProductGroup,
        and(eq(userProductGroup.product_group_id, productGroup.id), eq(userProductGroup.user_id, member.id)),
      )
      .where(and(eq(productGroup.product_id, productId), eq(productGroup.product_group_hide, 'N')))
      .orderBy(productGroup.id);
    return rows.map((r) => ({ ...r, product_group_url: open ? r.product_group_url : null }));
  }

  /**
   * Group rows of members whose access to the group's course is over (the 2-year window of their last finished
   * purchase ended, or they hold none), for staff to remove from the group.
   */
  async function expired() {
    const now = clock.now();
    const rows = await db
      .select({
        row: userProductGroup,
        product_id: productGroup.product_id,
        type: productGroup.product_group_type,
        email: user.email,
        name_th: user.name_th,
        lname_th: user.lname_th,
      })
      .from(userProductGroup)
      .innerJoin(productGroup, eq(productGroup.id, userProductGroup.product_group_id))
      .innerJoin(user, eq(user.id, userProductGroup.user_id))
      .where(eq(userProductGroup.remove_by, 'N'))
      .orderBy(desc(userProductGroup.id));
    if (rows.length === 0) return [];
    const purchases = await db
      .select({
        user_id: orders.user_id,
        product_id: ordersDetail.product_id,
        approved: sql<string>`max(coalesce(${orders.approve_date}, ${orders.update_at}))`,
      })
      .from(orders)
      .innerJoin(ordersDetail, eq(ordersDetail.orders_id, orders.id))
      .where(
        and(eq(orders.orders_status, 'finish'), inArray(orders.user_id, [...new Set(rows.map((r) => r.row.user_id))])),
      )
      .groupBy(orders.user_id, ordersDetail.product_id);
    const approvedOn = new Map(purchases.map((p) => [`${p.user_id}:${p.product_id}`, new Date(toIso(p.approved))]));
    return rows.flatMap(({ row, product_id, type, email, name_th, lname_th }) => {
      const approved = approvedOn.get(`${row.user_id}:${product_id}`);
      const window = approved ? accessWindow(approved, now) : null;
      if (window && window.count < window.day) return [];
      const lastDay = approved && window ? new Date(approved.getTime() + (window.day - 1) * 86_400_000) : now;
      return [
        { ...row, product_id, product_group_type: type, email, name_th, lname_th, expired_on: bangkokDate(lastDay) },
      ];
    });
  }

  return { generate, ofCourse, expired };
}

export type GroupsService = ReturnType<typeof groupsService>;
