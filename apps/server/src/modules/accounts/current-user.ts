import { type CurrentUser, user as userEntity } from '@sikkha/contract';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { rowColumns } from '../../db/projection.js';
import { certificate, personnel, user, userProductGroup } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { coursesOf } from '../../policies/index.js';

export const publicUserColumns = rowColumns(userEntity, user);

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
