import type { UploadKind } from '@sikkha/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { certificate, productDetailList, upload } from '../db/schema/index.js';
import type { Actor } from './actor.js';
import { coursesOf } from './courses.policy.js';
import type { Decision } from './decision.js';

/** Staff upload every kind; members only the kinds meant for them (slips, signatures, their picture). */
export const mayUpload = (actor: Actor, kind: UploadKind): boolean =>
  actor.kind === 'staff' || (actor.kind === 'member' && kind.uploader === 'member');

/** Whether a member finished buying (within the 2-year window) a course whose document list names the file. */
async function boughtCourseWith(db: Executor, userId: number, name: string, now: Date): Promise<boolean> {
  const { finished } = await coursesOf(db, userId, now);
  if (finished.length === 0) return false;
  const [hit] = await db
    .select({ id: productDetailList.id })
    .from(productDetailList)
    .where(
      and(
        eq(productDetailList.product_detail_list_file, name),
        inArray(
          productDetailList.product_id,
          finished.map((c) => c.product_id),
        ),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/**
 * Who may read a stored file of a kind: anyone for public kinds; for the others staff, and the member it belongs
 * to. Someone else's slip, signature or certificate is hidden (404) as if it did not exist.
 */
export async function mayReadFile(
  db: Executor,
  actor: Actor,
  file: { kind: UploadKind; name: string },
  now: Date,
): Promise<Decision> {
  const { kind, name } = file;
  if (kind.access === 'public' || actor.kind === 'staff') return true;
  if (actor.kind === 'visitor') return false;
  switch (kind.access) {
    case 'owner': {
      const [found] = await db
        .select({ user_id: upload.user_id })
        .from(upload)
        .where(and(eq(upload.upload_kind, kind.endpoint), eq(upload.upload_name, name)))
        .limit(1);
      return found?.user_id === actor.id || 'hide';
    }
    case 'buyer':
      return boughtCourseWith(db, actor.id, name, now);
    case 'certificate': {
      const [mine] = await db
        .select({ id: certificate.id })
        .from(certificate)
        .where(and(eq(certificate.path, name), eq(certificate.user_id, actor.id)))
        .limit(1);
      return mine !== undefined || 'hide';
    }
    default:
      return kind.access satisfies never;
  }
}
