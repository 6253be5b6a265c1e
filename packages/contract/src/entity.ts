import { z } from 'zod';
import { storedForm } from './fields.js';

type Shape = Record<string, z.ZodType>;

/** Columns the server owns: never taken from a client. */
export const serverFields = ['create_at', 'update_at', 'create_by'] as const;

type Nullable<S extends Shape> = { [K in keyof S]: z.ZodNullable<S[K]> };
type Optional<S extends Shape> = { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };

const base = {
  id: z.number().int(),
  create_by: z.number().int().nullable(),
  create_at: z.string(),
  update_at: z.string(),
};

export interface EntityOptions<S extends Shape, Secret extends keyof S & string> {
  /** Fields a create must carry. */
  required?: readonly (keyof S & string)[];
  /** Fields stored but never sent to any client (password hashes). */
  secret?: readonly Secret[];
}

export function defineEntity<S extends Shape, Secret extends keyof S & string = never>(
  name: string,
  fields: S,
  options: EntityOptions<S, Secret> = {},
) {
  const secret = new Set<string>(options.secret ?? []);
  const nullable = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, storedForm(v).nullable()]),
  ) as Nullable<S>;
  const optional = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v.nullable().optional()]),
  ) as Optional<S>;
  const publicShape = Object.fromEntries(Object.entries(nullable).filter(([k]) => !secret.has(k))) as Nullable<S>;
  const row = z.object({ ...base, ...publicShape });
  // Server-owned fields are accepted and dropped: the old client sends them back on every save.
  const ignored = Object.fromEntries(serverFields.map((k) => [k, z.unknown().optional()])) as Record<
    (typeof serverFields)[number],
    z.ZodOptional<z.ZodUnknown>
  >;
  const write = z.strictObject({ id: z.coerce.number().int().positive().optional(), ...optional, ...ignored });
  const required = [...(options.required ?? [])];
  return {
    name,
    fields,
    fieldNames: Object.keys(fields) as (keyof S & string)[],
    required,
    secret: [...secret],
    /** A stored record as the API returns it. */
    row,
    /** A create-or-update payload: `id` present means update. */
    write,
  };
}

/** What the resource engine needs of any entity, whatever its fields. */
export interface Entity {
  name: string;
  fields: Record<string, z.ZodType>;
  fieldNames: readonly string[];
  required: readonly string[];
  secret: readonly string[];
  row: z.ZodObject;
  write: z.ZodObject;
}
