import type { Resource } from '@sikkha/contract';
import { and, eq, getTableColumns, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { type Actor, requireSignedIn, requireStaff } from '../auth.js';
import { forbidden } from '../errors.js';

export type SignedIn = Exclude<Actor, { kind: 'visitor' }>;

export interface PolicyContext {
  db: Executor;
  table: PgTable;
  /** The table of each resource, for owner rules that go through a parent. */
  tableOf(name: string): PgTable;
}

export const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

/** Rows of this resource that belong to the member. */
function ownedBy(resource: Resource, ctx: PolicyContext, userId: number): SQL {
  const owner = resource.owner;
  if (!owner) throw new Error(`${resource.name}: owner policy without an owner column`);
  const cols = columnsOf(ctx.table);
  const column = cols[owner.column]!;
  if (!('via' in owner)) return eq(column, userId);
  const parent = columnsOf(ctx.tableOf(owner.via));
  return inArray(
    column,
    ctx.db.select({ id: parent.id! }).from(ctx.tableOf(owner.via)).where(eq(parent.user_id!, userId)),
  );
}

/**
 * The condition every read of the resource carries for this caller, or a 401 / 403.
 * `undefined` means every row.
 */
export function readScope(resource: Resource, ctx: PolicyContext, request: FastifyRequest): SQL | undefined {
  switch (resource.read) {
    case 'public': {
      const hidden = resource.hiddenWhen;
      if (!hidden || request.actor.kind === 'staff') return undefined;
      return ne(columnsOf(ctx.table)[hidden.field]!, hidden.value);
    }
    case 'member':
      requireSignedIn(request);
      return undefined;
    case 'staff':
      requireStaff(request);
      return undefined;
    case 'owner': {
      const actor = requireSignedIn(request);
      return actor.kind === 'staff' ? undefined : ownedBy(resource, ctx, actor.id);
    }
    default:
      return resource.read satisfies never;
  }
}

/** Who may write, and which rows they may touch. */
export function writeScope(
  resource: Resource,
  ctx: PolicyContext,
  request: FastifyRequest,
): { actor: SignedIn; scope: SQL | undefined } {
  switch (resource.write) {
    case 'staff':
      return { actor: requireStaff(request), scope: undefined };
    case 'owner': {
      const actor = requireSignedIn(request);
      return { actor, scope: actor.kind === 'staff' ? undefined : ownedBy(resource, ctx, actor.id) };
    }
    case 'none':
      throw forbidden();
    default:
      return resource.write satisfies never;
  }
}

export const allOf = (...conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? undefined : and(...present);
};
