import type { Entity } from '@sikkha/contract';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The columns of an entity's API row, for a select: the contract's row is the whitelist, so a secret column
 * (a password hash) cannot reach a response through a query that uses it.
 */
export function rowColumns(entity: Entity, table: PgTable): Record<string, PgColumn> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.keys(entity.row.shape).map((name) => [name, columns[name]!]));
}
