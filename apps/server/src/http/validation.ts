import { fieldErrorsOf } from '@sikkha/contract';
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { invalidFields } from '../errors.js';

export const invalidIssues = (issues: readonly z.core.$ZodIssue[]) => invalidFields(fieldErrorsOf(issues));

/** The route schemas' refusals, as fastify-type-provider-zod hands them on: zod's issues split into parts. */
export const invalidRequest = (errors: readonly ZodFastifySchemaValidationError[]) =>
  invalidFields(
    fieldErrorsOf(
      errors.map((error) => ({
        ...error.params,
        code: error.keyword as z.core.$ZodIssue['code'],
        message: error.message ?? '',
        path: error.instancePath.split('/').filter((part) => part !== ''),
      })),
    ),
  );
