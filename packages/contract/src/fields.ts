import { z } from 'zod';
import { messages } from './messages.js';
import { WEB_LINK_SCHEME } from './rules/links.js';

/**
 * What a stored row may hold where a write is held to more: rows saved before a rule came (a link saved before
 * only http(s) was taken) are still answered, so the web can show them, inert.
 */
const storedForms = new WeakMap<z.ZodType, z.ZodType>();
export const storedForm = (field: z.ZodType): z.ZodType => storedForms.get(field) ?? field;

/**
 * Field builders shared by every entity. Each builder describes the value a client may send;
 * `defineEntity` derives the stored row (nullable) and the write payload (optional) from it.
 */
export const f = {
  ref: () => z.coerce.number().int().positive().max(2_147_483_647),
  int: (min = 0, max = 2_147_483_647) => z.coerce.number().int().min(min).max(max),
  text: (max = 255) => z.string().trim().max(max),
  longText: (max = 200_000) => z.string().max(max),
  yn: () => z.enum(['Y', 'N']),
  /** Baht with at most 2 decimals; stored as numeric(12,2). */
  money: () => z.coerce.number().min(0).max(99_999_999.99).multipleOf(0.01),
  decimal: (max = 999_999_999) => z.coerce.number().min(0).max(max),
  date: () => z.iso.date(),
  time: () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'เวลาไม่ถูกต้อง (HH:mm)'),
  datetime: () => z.iso.datetime({ offset: true }),
  email: () => z.email('รูปแบบ E-mail ไม่ถูกต้อง').max(255),
  /** Stored file name returned by an upload endpoint: no path separators, ever. */
  fileName: () =>
    z
      .string()
      .max(255)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'ชื่อไฟล์ไม่ถูกต้อง'),
  /** A link people follow from the shop's pages: an http(s) address only. */
  url: (max = 1000) => {
    const field = z.url({ protocol: WEB_LINK_SCHEME, error: messages.webLink.th }).max(max);
    storedForms.set(field, z.string());
    return field;
  },
  /** The old client stored this as JSON text; the API speaks a real list. */
  idList: () => z.array(z.coerce.number().int().positive()).max(100),
} as const;
