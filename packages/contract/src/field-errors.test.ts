import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './index.js';

const card = z.object({
  card: z.object({
    number: z.string().min(12).max(30),
    security_code: z.string().regex(/^\d{3,4}$/),
    month: z.coerce.number().int().min(1).max(12),
  }),
  name: z.string().min(1),
  status: z.enum(['Y', 'N']),
});

const fieldsOf = (value: unknown) => {
  const parsed = card.strict().safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return fieldErrorsOf(parsed.error.issues);
};

describe("a schema's issues as the envelope's field errors", () => {
  test('each field has its path, a stable code and a plain Thai sentence: no type names, no patterns', () => {
    const fields = fieldsOf({ card: { number: '42', security_code: 'abc', month: 13 }, name: '', status: 'X' });
    expect(fields).toEqual([
      { path: 'card.number', code: 'too_short', message: 'ต้องมีอย่างน้อย 12 ตัวอักษร' },
      { path: 'card.security_code', code: 'format', message: 'รูปแบบข้อมูลไม่ถูกต้อง' },
      { path: 'card.month', code: 'too_big', message: 'ต้องไม่เกิน 12' },
      { path: 'name', code: 'required', message: 'กรุณากรอก ข้อมูล' },
      { path: 'status', code: 'not_allowed', message: 'กรุณาเลือกจากตัวเลือกที่มี' },
    ]);
    for (const field of fields) expect(field.message).not.toMatch(/string|number|ควร|\^|\\d/);
  });

  test('a missing value is required, and a field no schema knows is named on its own', () => {
    expect(fieldsOf({ card: {}, status: 'Y', colour: 'red' })).toEqual([
      { path: 'card.number', code: 'required', message: 'กรุณากรอก ข้อมูล' },
      { path: 'card.security_code', code: 'required', message: 'กรุณากรอก ข้อมูล' },
      { path: 'card.month', code: 'invalid', message: 'กรุณากรอกเป็นตัวเลข' },
      { path: 'name', code: 'required', message: 'กรุณากรอก ข้อมูล' },
      { path: 'colour', code: 'unknown_field', message: 'มีข้อมูลที่ระบบไม่รู้จัก' },
    ]);
  });
});
