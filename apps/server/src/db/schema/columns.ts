import type { Baht } from '@sikkha/contract/rules';
import { sql } from 'drizzle-orm';
import { check, customType, integer, numeric, text, varchar } from 'drizzle-orm/pg-core';

/** PostgreSQL prints timestamptz as "2026-11-22 05:14:22.123+00"; the API speaks ISO 8601. */
export function toIso(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  const iso = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(iso).toISOString();
}

export const timestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp(3) with time zone',
  fromDriver: toIso,
  toDriver: (value) => value,
});

/** Every record carries these; the server sets them from the token and the clock. */
export const base = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  create_by: integer('create_by'),
  create_at: timestamp('create_at').notNull().default(sql`now()`),
  update_at: timestamp('update_at').notNull().default(sql`now()`),
});

/**
 * Baht with 2 decimals, exact in the database. The TypeScript side is `Baht`: a value written here must come from
 * `toBaht(satang)`, so amounts are computed in integer satang (`@sikkha/contract/rules`) and converted once.
 */
export const money = customType<{ data: Baht; driverData: string | number }>({
  dataType: () => 'numeric(12, 2)',
  fromDriver: (value) => Number(value) as Baht,
  toDriver: (value) => value.toFixed(2),
});
export const decimal = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });
export const yn = (name: string) => varchar(name, { length: 1, enum: ['Y', 'N'] });
export const str = (name: string, length = 255) => varchar(name, { length });
export const long = (name: string) => text(name);

/**
 * A column that holds one of the contract's closed set of states (order status, payment method, ...): the union
 * type in TypeScript, so a `switch` with a `never` default catches a forgotten state, and `statesChecked` in the
 * table's extras makes the database refuse anything else, whoever writes.
 */
export const state = <const T extends readonly [string, ...string[]]>(name: string, values: T, length: number) =>
  varchar(name, { length, enum: values });

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** One check constraint per state column of a table: `<table>_<column>_check`. */
export const statesChecked = (table: string, columns: Record<string, readonly string[]>) =>
  Object.entries(columns).map(([column, values]) =>
    check(`${table}_${column}_check`, sql.raw(`"${column}" IN (${values.map(literal).join(', ')})`)),
  );
