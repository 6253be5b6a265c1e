import { type CurrentUser, user as userEntity } from '@sikkha/contract';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { certificate, personnel, user, userProductGroup } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { coursesOf } from '../orders/entitlement.js';

const userColumns = user as unknown as Record<string, PgColumn>;
/** Every user field the API may show: the contract's row, so a password hash cannot slip through. */
export const publicUserColumns = Object.fromEntries(
  Object.keys(userEntity.row.shape).map((name) => [name, userColumns[name]!]),
) as Record<string, PgColumn>;

type UserRow = z.infer<typeof userEntity.row>;

/** The signed-in member with the spec's parallel lists, computed from orders, certificates and group codes. */
export async function currentUserOf(db: Executor, userId: number, now: Date): Promise<CurrentUser> {
  const [row] = await db.select(publicUserColumns).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) throw notFound();
  const [{ finished, waiting }, certificates, codes] = await Promise.all([
    coursesOf(db, userId, now),
    db.selectDistinct({ product_id: certificate.product_id }).from(certificate).where(eq(certificate.user_id, userId)),
    db
      .select({ code: userProductGroup.user_product_group_code })
      .from(userProductGroup)
      .where(
        and(
          eq(userProductGroup.user_id, userId),
          isNotNull(userProductGroup.user_product_group_code),
          ne(userProductGroup.remove_by, 'Y'),
        ),
      ),
  ]);
  return {
    ...(row as unknown as UserRow),
    finish: finished.map((c) => c.product_id),
    count: finished.map((c) => c.count),
    day: finished.map((c) => c.day),
    approve: finished.map((c) => c.approve_date),
    wait: waiting.map((c) => c.product_id),
    waitType: waiting.map((c) => c.payment),
    waitRef: waiting.map((c) => c.ref),
    certificate: certificates.map((c) => c.product_id),
    code: codes.map((c) => c.code!),
  };
}

export async function currentStaffOf(db: Executor, staffId: number) {
  const [row] = await db
    .select({
      id: personnel.id,
      username: personnel.username,
      personnel_name: personnel.personnel_name,
      personnel_lname: personnel.personnel_lname,
    })
    .from(personnel)
    .where(eq(personnel.id, staffId))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, position: 'personnel' as const };
}
