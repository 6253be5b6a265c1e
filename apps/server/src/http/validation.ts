import { message } from '@sikkha/contract';
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

interface Problem {
  field: string;
  code: string;
  text: string;
  params?: Record<string, unknown>;
}

/** A missing value reads 'please fill in'; anything else keeps the schema's own (often Thai) message. */
function describe(p: Problem): string {
  const missing =
    (p.code === 'invalid_type' && /received undefined|received null/.test(p.text)) ||
    (p.code === 'too_small' && p.params?.origin === 'string' && p.params?.minimum === 1);
  const text = missing ? message('required') : p.text;
  return p.field ? `${p.field}: ${text}` : text;
}

const join = (problems: Problem[]) => problems.slice(0, 5).map(describe).join(', ');

export function describeZodIssues(issues: readonly z.core.$ZodIssue[]): string {
  return join(
    issues.map((i) => ({
      field: i.path.join('.'),
      code: i.code,
      text: i.message,
      params: i as unknown as Problem['params'],
    })),
  );
}

export function describeValidation(errors: readonly ZodFastifySchemaValidationError[]): string {
  return join(
    errors.map((e) => ({
      field: e.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      code: e.keyword,
      text: e.message ?? message('invalidInput'),
      params: e.params,
    })),
  );
}
