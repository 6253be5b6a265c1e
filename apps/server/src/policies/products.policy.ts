import { HIDDEN_PRODUCT_STATUS, isOnShow } from '@sikkha/contract/rules';
import { inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { product } from '../db/schema/index.js';
import type { Actor } from './actor.js';

/** Courses this caller may see, as a condition on `product`; undefined means all (staff). */
export function productsVisibleTo(actor: Actor): SQL | undefined {
  return actor.kind === 'staff' ? undefined : ne(product.product_status, HIDDEN_PRODUCT_STATUS);
}

/**
 * Rows that belong to a course (lessons, tabs, documents, coaches, groups) are as visible as their course: the
 * condition on the row's course column, or undefined for staff.
 */
export function courseContentVisibleTo(db: Executor, actor: Actor, courseColumn: PgColumn): SQL | undefined {
  const visible = productsVisibleTo(actor);
  if (!visible) return undefined;
  return inArray(courseColumn, db.select({ id: product.id }).from(product).where(visible));
}

export const canSeeProduct = (actor: Actor, row: { product_status: string | null }) =>
  actor.kind === 'staff' || isOnShow(row);
