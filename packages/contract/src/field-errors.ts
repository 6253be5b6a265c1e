import { z } from 'zod';
import { accountMessages, message } from './messages.js';

/** What went wrong with one field, stable for programs (the message beside it is for people and may change). */
export const fieldErrorCodes = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'format',
  'not_allowed',
  'unknown_field',
  'invalid',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

/** One field of a refused request: its dotted path in the body or query (`card.number`), a code and a Thai sentence. */
export const fieldError = z.object({
  path: z.string(),
  code: z.enum(fieldErrorCodes),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldError>;

const formatMessages: Record<string, string> = {
  email: accountMessages.emailFormat,
  url: 'รูปแบบลิงก์ไม่ถูกต้อง',
  date: 'รูปแบบวันที่ไม่ถูกต้อง',
  datetime: 'รูปแบบวันและเวลาไม่ถูกต้อง',
  time: 'รูปแบบเวลาไม่ถูกต้อง',
};

const isMissing = (issue: z.core.$ZodRawIssue) =>
  (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) ||
  (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1);

/**
 * The Thai sentence for an issue a schema raises without a message of its own. zod's own locale names types and
 * quotes patterns ("string ควรมีอย่างน้อย 12 ตัวอักษร", `/^\d{3,4}$/`), which no person should read.
 */
export function thaiIssueMessage(issue: z.core.$ZodRawIssue): string {
  if (isMissing(issue)) return message('required');
  switch (issue.code) {
    case 'too_small': {
      const least = String(issue.minimum);
      if (issue.origin === 'string') return `ต้องมีอย่างน้อย ${least} ตัวอักษร`;
      if (issue.origin === 'array' || issue.origin === 'set') return `ต้องมีอย่างน้อย ${least} รายการ`;
      return issue.inclusive ? `ต้องไม่น้อยกว่า ${least}` : `ต้องมากกว่า ${least}`;
    }
    case 'too_big': {
      const most = String(issue.maximum);
      if (issue.origin === 'string') return `ต้องมีไม่เกิน ${most} ตัวอักษร`;
      if (issue.origin === 'array' || issue.origin === 'set') return `ต้องมีไม่เกิน ${most} รายการ`;
      if (issue.origin === 'file') return message('tooLarge');
      return issue.inclusive ? `ต้องไม่เกิน ${most}` : `ต้องน้อยกว่า ${most}`;
    }
    case 'invalid_format':
      return formatMessages[issue.format] ?? 'รูปแบบข้อมูลไม่ถูกต้อง';
    case 'not_multiple_of':
      return issue.divisor === 0.01 ? 'ใส่ทศนิยมได้ไม่เกิน 2 ตำแหน่ง' : 'ตัวเลขไม่ถูกต้อง';
    case 'invalid_value':
      return 'กรุณาเลือกจากตัวเลือกที่มี';
    case 'unrecognized_keys':
      return 'มีข้อมูลที่ระบบไม่รู้จัก';
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? 'กรุณากรอกเป็นตัวเลข' : message('invalidInput');
    default:
      return message('invalidInput');
  }
}

/** An issue as the server's validator hands it on: zod's finished issue, its input dropped. */
type FinishedIssue = Pick<z.core.$ZodIssue, 'code' | 'message'> & {
  path: readonly PropertyKey[];
  origin?: unknown;
  minimum?: unknown;
  keys?: unknown;
};

function codeOf(issue: FinishedIssue): FieldErrorCode {
  switch (issue.code) {
    case 'invalid_type':
      // The input is gone from a finished issue: the message the missing value was given tells it.
      return issue.message === message('required') ? 'required' : 'invalid';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? 'required' : 'too_short';
      return issue.origin === 'array' || issue.origin === 'set' ? 'too_short' : 'too_small';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set' ? 'too_long' : 'too_big';
    case 'invalid_format':
    case 'not_multiple_of':
      return 'format';
    case 'invalid_value':
      return 'not_allowed';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid';
  }
}

const fieldErrorOf = (issue: FinishedIssue): FieldError => ({
  path: issue.path.map(String).join('.'),
  code: codeOf(issue),
  message: issue.message,
});

/** The field errors of a schema's issues: a field no schema knows is named as its own field. */
export const fieldErrorsOf = (issues: readonly FinishedIssue[]): FieldError[] =>
  issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)
      ? issue.keys.map((key: string) => fieldErrorOf({ ...issue, path: [...issue.path, key] }))
      : [fieldErrorOf(issue)],
  );

/** The envelope's `message` for field errors: each field and its sentence, as clients before `fields` read it. */
export const fieldsSummary = (fields: readonly FieldError[]) =>
  fields
    .slice(0, 5)
    .map((field) => (field.path ? `${field.path}: ${field.message}` : field.message))
    .join(', ');
