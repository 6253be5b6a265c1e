import { findResource, type Resource } from '@sikkha/contract';
import { and, count, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { lockRow, type Work } from '../db/unit-of-work.js';
import type { Actor, SignedIn } from './actor.js';
import { courseContentVisibleTo, productsVisibleTo } from './products.policy.js';

export interface ResourceContext {
  db: Executor;
  table: PgTable;
  /** The table of each resource, for owner rules that go through a parent. */
  tableOf(name: string): PgTable;
}

/** Why a caller may not use a resource at all: they must sign in first (401), or they never may (403). */
export type Refusal = 'signIn' | 'forbid';
/** The rows a caller may use: a condition on the resource's table (undefined: every row), or a refusal. */
export type Scope = { where: SQL | undefined } | { refused: Refusal };

export const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

export const allOf = (...conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? undefined : and(...present);
};

/** Rows of this resource that belong to the member: by its own column, or by a parent row that is theirs. */
function ownedBy(resource: Resource, ctx: ResourceContext, userId: number): SQL {
  const owner = resource.owner;
  if (!owner) throw new Error(`${resource.name}: owner policy without an owner column`);
  const column = columnsOf(ctx.table)[owner.column]!;
  if (!('via' in owner)) return eq(column, userId);
  const parent = columnsOf(ctx.tableOf(owner.via));
  return inArray(
    column,
    ctx.db.select({ id: parent.id! }).from(ctx.tableOf(owner.via)).where(eq(parent.user_id!, userId)),
  );
}

/** A resource that belongs to a course is as visible as the course (a hidden course hides its content too). */
function courseScope(resource: Resource, ctx: ResourceContext, actor: Actor): SQL | undefined {
  const course = resource.course;
  if (!course) return undefined;
  if (course === 'self') return productsVisibleTo(actor);
  if (!('via' in course)) return courseContentVisibleTo(ctx.db, actor, columnsOf(ctx.table)[course.column]!);
  // Rows linked from the link resource's rows this caller may see: a lesson of no course on show is not seen.
  const link = findResource(course.via);
  if (!link?.course) throw new Error(`${resource.name}: ${course.via} is not in a course`);
  const linkTable = ctx.tableOf(course.via);
  const visibleLinks = courseScope(link, { ...ctx, table: linkTable }, actor);
  if (!visibleLinks) return undefined;
  return inArray(
    columnsOf(ctx.table).id!,
    ctx.db
      .select({ id: columnsOf(linkTable)[course.column]! })
      .from(linkTable)
      .where(visibleLinks),
  );
}

/** The rows every read of the resource may return to this caller. */
export function readScope(resource: Resource, ctx: ResourceContext, actor: Actor): Scope {
  switch (resource.read) {
    case 'public':
      return { where: courseScope(resource, ctx, actor) };
    case 'staff':
      if (actor.kind === 'staff') return { where: undefined };
      return { refused: actor.kind === 'visitor' ? 'signIn' : 'forbid' };
    case 'owner':
      if (actor.kind === 'visitor') return { refused: 'signIn' };
      return { where: actor.kind === 'staff' ? undefined : ownedBy(resource, ctx, actor.id) };
    default:
      return resource.read satisfies never;
  }
}

/** The rows a caller may write through the generic routes. */
export function writeScope(resource: Resource, ctx: ResourceContext, actor: Actor): Scope {
  if (actor.kind === 'visitor') return { refused: 'signIn' };
  switch (resource.write) {
    case 'staff':
      return actor.kind === 'staff' ? { where: undefined } : { refused: 'forbid' };
    case 'owner':
      return { where: actor.kind === 'staff' ? undefined : ownedBy(resource, ctx, actor.id) };
    case 'none':
      return { refused: 'forbid' };
    default:
      return resource.write satisfies never;
  }
}

/**
 * Whether a member may add one more row of an owner resource: never where its quota is 0 (rows the shop makes for
 * them), otherwise while they hold fewer rows than the quota; 'full' when they hold that many. Counted with the
 * member's account row locked, so parallel creates cannot pass the quota together.
 */
export async function memberMayAdd(
  resource: Resource,
  work: Work,
  ctx: ResourceContext,
  member: SignedIn,
): Promise<boolean | 'full'> {
  const quota = resource.memberQuota ?? 0;
  if (quota === 0) return false;
  const account = ctx.tableOf('user') as PgTable & { id: PgColumn };
  await lockRow(work, account, member.id);
  const [held] = await work.db
    .select({ rows: count() })
    .from(ctx.table)
    .where(ownedBy(resource, ctx, member.id));
  return (held?.rows ?? 0) < quota || 'full';
}
