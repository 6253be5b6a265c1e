import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { coursesOf } from '../../policies/index.js';

/**
 * What a course shows one member, read in one round: their orders (the course's state for them), their
 * certificate, their study-group codes and the last lesson they played. Nothing for visitors and staff.
 */
export async function memberCourse(db: Db, member: number | undefined, productId: number, now: Date) {
  if (member === undefined) return { owned: null, certificate: null, codes: [], last: null };
  const [owned, certificate, codes, last] = await Promise.all([
    coursesOf(db, member, now),
    db
      .select({ path: s.certificate.path })
      .from(s.certificate)
      .where(and(eq(s.certificate.user_id, member), eq(s.certificate.product_id, productId)))
      .orderBy(desc(s.certificate.id))
      .limit(1),
    db
      .select({ group: s.userProductGroup.product_group_id, code: s.userProductGroup.user_product_group_code })
      .from(s.userProductGroup)
      .innerJoin(s.productGroup, eq(s.productGroup.id, s.userProductGroup.product_group_id))
      .where(
        and(
          eq(s.userProductGroup.user_id, member),
          eq(s.productGroup.product_id, productId),
          ne(s.userProductGroup.remove_by, 'Y'),
        ),
      ),
    db
      .select({
        video_id: s.videoStatistics.video_id,
        time_end: s.videoStatistics.time_end,
        event: s.videoStatistics.event,
      })
      .from(s.videoStatistics)
      .where(and(eq(s.videoStatistics.user_id, member), eq(s.videoStatistics.product_id, productId)))
      .orderBy(desc(s.videoStatistics.id))
      .limit(1),
  ]);
  return { owned, certificate: certificate[0]?.path ?? null, codes, last: last[0] ?? null };
}
