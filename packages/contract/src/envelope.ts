import { z } from 'zod';
import { fieldError } from './field-errors.js';

/** Every response: `result` says whether the call did what was asked; `message` is shown to people. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ result: z.boolean(), data, message: z.string() });

export const listEnvelope = <T extends z.ZodType>(row: T) =>
  z.object({ result: z.boolean(), data: z.array(row), message: z.string(), total: z.number().int() });

export const saveEnvelope = <T extends z.ZodType>(row: T) =>
  z.object({ result: z.boolean(), data: row, message: z.string(), insertId: z.number().int() });

export const errorEnvelope = z.object({
  result: z.literal(false),
  data: z.null(),
  /** A Thai summary; a refused form's fields are also listed one by one in `fields`. */
  message: z.string(),
  code: z.string(),
  /** Each field a request got wrong, for the form to show under that field. */
  fields: z.array(fieldError).optional(),
});

export type Envelope<T> = { result: boolean; data: T; message: string };
export type ListEnvelope<T> = Envelope<T[]> & { total: number };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Query of every list call. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const idQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
