import {
  envelope,
  findResource,
  idQuery,
  type Lookup,
  listEnvelope,
  listQuery,
  message,
  type Resource,
  type ResourceName,
  resources,
  saveEnvelope,
  serverFields,
} from '@sikkha/contract';
import { asc, count, desc, eq, getTableName, inArray, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import { changedFields, recordStaffWrite, writtenValues } from '../../db/audit-log.js';
import type { Db, Executor } from '../../db/client.js';
import { contains, isTextColumn } from '../../db/like.js';
import { rowColumns } from '../../db/projection.js';
import type { Transact, Work } from '../../db/unit-of-work.js';
import { AppError, forbidden, invalidField, invalidFields, notFound } from '../../errors.js';
import {
  allOf,
  columnsOf,
  memberMayAdd,
  type ResourceContext,
  readScope,
  type Scope,
  type SignedIn,
  writeScope,
} from '../../policies/index.js';
import { requireSignedIn } from '../auth.js';
import { errorResponses } from '../error-responses.js';
import { invalidIssues } from '../validation.js';

type Values = Record<string, unknown>;

/** What a resource's writes do besides storing the row; each domain module brings the hooks of its tables. */
export interface WriteHooks {
  /**
   * Shapes a write before it is stored (hash a password, lower-case an e-mail), or acts with it in the same unit of
   * work (a ledger entry moves a balance; a new password ends other sessions). `id` is set on an update.
   */
  beforeWrite?: (values: Values, write: { actor: SignedIn; work: Work; id?: number }) => Promise<Values>;
  /** Checks a delete in its unit of work before the row goes (the last staff account stays). */
  beforeDelete?: (id: number, write: { actor: SignedIn; work: Work }) => Promise<void>;
}

/** Several modules' hooks on one table run one after another, in the order of the modules. */
export function composeHooks(all: readonly Partial<Record<ResourceName, WriteHooks>>[]) {
  const merged: Partial<Record<ResourceName, WriteHooks>> = {};
  for (const hooks of all) {
    for (const [name, hook] of Object.entries(hooks) as [ResourceName, WriteHooks][]) {
      const before = merged[name];
      if (!before) {
        merged[name] = hook;
        continue;
      }
      merged[name] = {
        beforeWrite:
          before.beforeWrite && hook.beforeWrite
            ? async (values, write) => hook.beforeWrite!(await before.beforeWrite!(values, write), write)
            : (before.beforeWrite ?? hook.beforeWrite),
        beforeDelete:
          before.beforeDelete && hook.beforeDelete
            ? async (id, write) => {
                await before.beforeDelete!(id, write);
                await hook.beforeDelete!(id, write);
              }
            : (before.beforeDelete ?? hook.beforeDelete),
      };
    }
  }
  return merged;
}

export interface EngineDeps {
  db: Db;
  clock: Clock;
  transact: Transact;
  tables: Record<ResourceName, PgTable>;
  hooks: Partial<Record<ResourceName, WriteHooks>>;
}

/** The condition a scope puts on rows, or the 401 / 403 of its refusal. */
function admit(request: FastifyRequest, scope: Scope): SQL | undefined {
  if ('where' in scope) return scope.where;
  if (scope.refused === 'signIn') requireSignedIn(request);
  throw forbidden();
}

const pagingKeys = new Set(Object.keys(listQuery.shape));

function parseField(schema: z.ZodType | undefined, field: string, raw: unknown): unknown {
  if (!schema) throw invalidField(field, 'invalid', message('invalidInput'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalidIssues(parsed.error.issues.map((i) => ({ ...i, path: [field] })));
  return parsed.data;
}

/** Makes list, ById, By<Field>, create-or-update and delete routes for every plain resource of the contract. */
export function registerResources(app: FastifyInstance, deps: EngineDeps) {
  for (const resource of resources as readonly Resource[]) registerResource(app, resource, deps);
}

function registerResource(app: FastifyInstance, resource: Resource, deps: EngineDeps) {
  const { entity, name } = resource;
  const table = deps.tables[name as ResourceName];
  const hooks = deps.hooks[name as ResourceName] ?? {};
  const cols = columnsOf(table);
  const staffOnly = new Set(resource.staffFields ?? []);
  for (const n of entity.fieldNames) {
    if (!cols[n]) throw new Error(`${name}.${n} has no column`);
  }
  if (resource.write === 'owner' && resource.memberQuota === undefined) {
    throw new Error(`${name}: members write it, so it needs a memberQuota`);
  }
  const staffColumns = rowColumns(entity, table);
  const secretFields = new Set(entity.secret);
  // Staff writes are recorded with the member they concern, for the member page's history.
  const memberOf = (row: Values) =>
    name === 'user' ? (row.id as number) : typeof row.user_id === 'number' ? row.user_id : null;
  const audit = (work: Work, actor: SignedIn, action: string, row: Values, changes: Values) =>
    actor.kind === 'staff'
      ? recordStaffWrite(work, deps.clock, {
          personnelId: actor.id,
          action,
          subject: name,
          subjectId: row.id as number,
          memberId: memberOf(row),
          changes,
        })
      : undefined;
  const outNames = Object.keys(staffColumns);
  const projections = {
    staff: staffColumns,
    others: Object.fromEntries(Object.entries(staffColumns).filter(([n]) => !staffOnly.has(n))),
  };
  const projectionFor = (request: FastifyRequest) =>
    request.actor.kind === 'staff' ? projections.staff : projections.others;
  const row = entity.row.extend(
    Object.fromEntries([...staffOnly].map((n) => [n, (entity.row.shape[n] as z.ZodType).optional()])),
  );
  const tableOf = (other: string) => {
    const t = deps.tables[other as ResourceName];
    if (!t) throw new Error(`resource ${other} has no table`);
    return t;
  };
  const context = (db: Executor): ResourceContext => ({ db, table, tableOf });
  const readable = (request: FastifyRequest, db: Executor = deps.db) =>
    admit(request, readScope(resource, context(db), request.actor));
  const defaultSort = resource.sort ?? { field: 'id', order: 'asc' as const };
  // A resource inside a course changes with the course's visibility too, and with the links that put it there.
  const courseTables = (r: Resource) =>
    !r.course ? [] : typeof r.course === 'object' && 'via' in r.course ? [r.course.via, 'product'] : ['product'];
  const readsTables = (r: Resource) => [r.name, ...courseTables(r)].map((n) => getTableName(tableOf(n)));
  // Public reads come from memory until a write to a table they read; staff always read the database.
  const cached = (...others: string[]): FastifyContextConfig =>
    resource.read === 'public'
      ? { readCache: { tables: [...new Set([...readsTables(resource), ...others])], members: true } }
      : {};
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = [name];

  async function page(request: FastifyRequest, where: SQL | undefined, q: z.infer<typeof listQuery>) {
    const sortField = q.sort ?? defaultSort.field;
    if (!outNames.includes(sortField) || (staffOnly.has(sortField) && request.actor.kind !== 'staff')) {
      throw invalidField('sort', 'not_allowed', message('invalidInput'));
    }
    const direction = (q.order?.toLowerCase() ?? (q.sort ? 'asc' : defaultSort.order)) === 'desc' ? desc : asc;
    const [rows, totals] = await Promise.all([
      deps.db
        .select(projectionFor(request))
        .from(table)
        .where(where)
        .orderBy(direction(cols[sortField]!), asc(cols.id!))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      deps.db.select({ total: count() }).from(table).where(where),
    ]);
    return { result: true, data: rows, message: message('ok'), total: totals[0]?.total ?? 0 };
  }

  const filterable = outNames.filter((n) => n !== 'create_at' && n !== 'update_at');
  const textFields = entity.fieldNames.filter((n) => outNames.includes(n) && isTextColumn(cols[n]!));
  /** `q`: rows with the words anywhere in a text field the caller may see (every word must appear). */
  const search = (request: FastifyRequest, q: string | undefined) => {
    const words = q?.split(/\s+/).filter(Boolean).slice(0, 5) ?? [];
    const fields = textFields.filter((n) => request.actor.kind === 'staff' || !staffOnly.has(n));
    if (words.length === 0 || fields.length === 0) return undefined;
    return allOf(...words.map((w) => or(...fields.map((n) => contains(cols[n]!, w)))));
  };
  const listSchema = listQuery.extend(Object.fromEntries(filterable.map((n) => [n, z.string().max(500).optional()])));
  api.get(
    `/api/${name}`,
    {
      config: cached(),
      schema: {
        tags,
        summary: `List ${name}`,
        querystring: listSchema.strict(),
        response: { 200: listEnvelope(row), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query as Record<string, unknown> & z.infer<typeof listQuery>;
      const filters: SQL[] = [];
      for (const [key, raw] of Object.entries(q)) {
        if (pagingKeys.has(key) || raw === undefined) continue;
        if (staffOnly.has(key) && request.actor.kind !== 'staff') throw forbidden();
        const value =
          key === 'id' || key === 'create_by'
            ? parseField(idQuery.shape.id, key, raw)
            : parseField(entity.fields[key], key, raw);
        filters.push(eq(cols[key]!, value));
      }
      return page(request, allOf(readable(request), search(request, q.q), ...filters), q);
    },
  );

  api.get(
    `/api/${name}ById`,
    {
      config: cached(),
      schema: {
        tags,
        summary: `One ${name} by id`,
        querystring: idQuery,
        response: { 200: envelope(row), ...errorResponses },
      },
    },
    async (request) => {
      const [found] = await deps.db
        .select(projectionFor(request))
        .from(table)
        .where(allOf(readable(request), eq(cols.id!, request.query.id)))
        .limit(1);
      if (!found) throw notFound();
      return { result: true, data: found, message: message('ok') };
    },
  );

  for (const lookup of resource.lookups ?? []) registerLookup(lookup);

  function registerLookup(lookup: Lookup) {
    const single = lookup.fields.length === 1;
    const through = lookup.through ? findResource(lookup.through.resource) : undefined;
    const source = through?.entity ?? entity;
    const shape = Object.fromEntries(lookup.fields.map((f) => [f, single ? z.string().optional() : z.string()]));
    const schema = listQuery.extend({ ...shape, ...(single ? { id: z.string().optional() } : {}) }).strict();
    api.get(
      `/api/${name}${lookup.suffix}`,
      {
        config: cached(...(through ? readsTables(through) : [])),
        schema: {
          tags,
          summary: `${name} by ${lookup.fields.join(' and ')}${single ? ` (also accepts id=)` : ''}`,
          querystring: schema,
          response: { 200: listEnvelope(row), ...errorResponses },
        },
      },
      async (request) => {
        const q = request.query as Record<string, string | undefined> & z.infer<typeof listQuery>;
        const values = lookup.fields.map((f) => {
          const raw = q[f] ?? (single ? q.id : undefined);
          return [f, parseField(source.fields[f], f, raw)] as const;
        });
        const actor = request.actor;
        const ownerColumn = resource.owner && !('via' in resource.owner) ? resource.owner.column : undefined;
        if (actor.kind === 'member' && ownerColumn && !through) {
          const asked = values.find(([f]) => f === ownerColumn);
          if (asked && asked[1] !== actor.id) throw forbidden();
        }
        let match: SQL | undefined;
        if (lookup.through && through) {
          // The rows matched in the other resource are only those the caller may read there.
          const parentTable = tableOf(lookup.through.resource);
          const parent = columnsOf(parentTable);
          const parentScope = admit(request, readScope(through, { db: deps.db, table: parentTable, tableOf }, actor));
          match = inArray(
            cols[lookup.through.column]!,
            deps.db
              .select({ key: parent[lookup.through.key]! })
              .from(parentTable)
              .where(allOf(parentScope, ...values.map(([f, v]) => eq(parent[f]!, v)))),
          );
        } else {
          match = allOf(...values.map(([f, v]) => eq(cols[f]!, v)));
        }
        return page(request, allOf(readable(request), match), q);
      },
    );
  }

  if (resource.limitRoute) {
    api.get(
      `/api/${name}Limit`,
      {
        config: cached(),
        schema: {
          tags,
          summary: `The first N ${name} in the default order`,
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
          response: { 200: listEnvelope(row), ...errorResponses },
        },
      },
      (request) => page(request, readable(request), { page: 1, pageSize: request.query.limit }),
    );
  }

  if (resource.write === 'none') return;

  const ownerColumn = resource.owner && !('via' in resource.owner) ? resource.owner.column : undefined;
  const memberFields = resource.memberFields ? new Set(resource.memberFields) : undefined;
  // Fields a client may send back (the old client returns whole rows) but never changes.
  const ignored = new Set<string>([...serverFields, ...(resource.readOnlyFields ?? [])]);

  /** Who may write, and which rows: the actor admitted by the write policy and the condition on rows. */
  function writer(request: FastifyRequest, work: Work) {
    const where = admit(request, writeScope(resource, context(work.db), request.actor));
    return { actor: request.actor as SignedIn, where };
  }

  const save = (request: FastifyRequest, body: Values) =>
    deps.transact(async (work) => {
      const { actor, where } = writer(request, work);
      const { id, ...rest } = body;
      const values: Values = {};
      for (const [k, v] of Object.entries(rest)) {
        if (v !== undefined && !ignored.has(k)) values[k] = v;
      }
      const now = deps.clock.now().toISOString();
      const projection = projectionFor(request);

      if (id === undefined) {
        if (actor.kind === 'member' && ownerColumn) {
          if (values[ownerColumn] != null && values[ownerColumn] !== actor.id) throw forbidden();
          values[ownerColumn] = actor.id;
        }
        if (actor.kind === 'member') {
          const may = await memberMayAdd(resource, work, context(work.db), actor);
          if (may === 'full') throw new AppError('CONFLICT', message('quotaReached'));
          if (!may) throw forbidden();
        }
        const missing = entity.required.filter(
          (f) => values[f] === undefined || values[f] === null || values[f] === '',
        );
        if (missing.length > 0)
          throw invalidFields(missing.map((f) => ({ path: f, code: 'required', message: message('required') })));
        const ready = hooks.beforeWrite ? await hooks.beforeWrite(values, { actor, work }) : values;
        const [created] = await work.db
          .insert(table)
          .values({ ...ready, create_by: actor.id, create_at: now, update_at: now })
          .returning(projection);
        if (!created) throw new Error(`insert into ${name} returned nothing`);
        await audit(work, actor, 'create', created, writtenValues(ready, secretFields));
        return { result: true, data: created, message: message('saved'), insertId: created.id as number };
      }

      if (resource.appendOnly) throw forbidden();
      if (actor.kind === 'member') {
        if (memberFields && Object.keys(values).some((k) => !memberFields.has(k))) throw forbidden();
        if (ownerColumn && ownerColumn in values) {
          if (values[ownerColumn] !== actor.id) throw forbidden();
          delete values[ownerColumn];
        }
      }
      for (const f of entity.required) {
        if (f in values && (values[f] === null || values[f] === ''))
          throw invalidField(f, 'required', message('required'));
      }
      const ready = hooks.beforeWrite ? await hooks.beforeWrite(values, { actor, work, id: id as number }) : values;
      // What the row held before, for the record of what a staff save changed (locked until the save commits).
      const [before] =
        actor.kind === 'staff'
          ? await work.db
              .select(staffColumns)
              .from(table)
              .where(eq(cols.id!, id as number))
              .for('update')
          : [];
      const [updated] = await work.db
        .update(table)
        .set({ ...ready, update_at: now })
        .where(allOf(where, eq(cols.id!, id as number)))
        .returning(projection);
      if (!updated) throw notFound();
      const after = Object.fromEntries(Object.keys(ready).map((k) => [k, updated[k] ?? ready[k]]));
      await audit(work, actor, 'update', updated, changedFields(before ?? {}, after, secretFields));
      return { result: true, data: updated, message: message('saved'), insertId: updated.id as number };
    });

  const saveSchema = {
    tags,
    summary: resource.appendOnly
      ? `Add a ${name} (rows are never changed)`
      : `Create a ${name}, or update it when the body has an id`,
    body: entity.write,
    response: { 200: saveEnvelope(row), ...errorResponses },
  };
  api.post(`/api/${name}`, { schema: saveSchema }, (request) => save(request, request.body as Values));
  if (resource.updateAlias) {
    api.post(`/api/${name}Update`, { schema: { ...saveSchema, summary: `Same as POST /api/${name}` } }, (request) =>
      save(request, request.body as Values),
    );
  }

  if (resource.appendOnly) return;
  api.delete(
    `/api/${name}`,
    {
      schema: {
        tags,
        summary: `Delete a ${name}`,
        querystring: idQuery,
        response: { 200: envelope(z.object({ id: z.number().int() })), ...errorResponses },
      },
    },
    (request) =>
      deps.transact(async (work) => {
        const { actor, where } = writer(request, work);
        // Rows the shop makes for a member (quota 0) are the shop's to remove.
        if (actor.kind === 'member' && resource.memberQuota === 0) throw forbidden();
        await hooks.beforeDelete?.(request.query.id, { actor, work });
        const [gone] = await work.db
          .delete(table)
          .where(allOf(where, eq(cols.id!, request.query.id)))
          .returning(staffColumns);
        if (!gone) throw notFound();
        await audit(work, actor, 'delete', gone, gone);
        return { result: true, data: { id: gone.id as number }, message: message('deleted') };
      }),
  );
}
