import { and, asc, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains } from '../../db/like.js';
import * as s from '../../db/schema/index.js';
import { type Actor, productsVisibleTo } from '../../policies/index.js';
import { type ProductRow, productColumns } from './product-row.js';

/**
 * Courses whose title, tags or description contain the words typed, anywhere: Thai is written without spaces, so a
 * word sits inside a longer string and prefix matching would miss it. Title matches rank first.
 */
export async function searchProducts(db: Db, actor: Actor, q: string, limit: number) {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
  const everyWord = and(
    ...words.map((w) =>
      or(
        contains(s.product.product_title, w),
        contains(s.product.product_tag, w),
        contains(s.product.product_detail, w),
      ),
    ),
  );
  const inTitle = and(...words.map((w) => contains(s.product.product_title, w)));
  const rows = await db
    .select(productColumns)
    .from(s.product)
    .where(and(everyWord, productsVisibleTo(actor)))
    .orderBy(sql`CASE WHEN ${inTitle} THEN 0 ELSE 1 END`, asc(s.product.product_title))
    .limit(limit);
  return rows as unknown as ProductRow[];
}
