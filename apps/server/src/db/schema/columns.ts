import { sql } from 'drizzle-orm';
import { customType, integer, numeric, text, varchar } from 'drizzle-orm/pg-core';

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

export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const decimal = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });
export const yn = (name: string) => varchar(name, { length: 1, enum: ['Y', 'N'] });
export const str = (name: string, length = 255) => varchar(name, { length });
export const long = (name: string) => text(name);
