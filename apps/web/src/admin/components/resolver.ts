import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A form checked by the contract's zod schema, so the form and the server say the same Thai words. */
export const contractResolver = (schema: z.ZodType): Resolver<FieldValues> =>
  zodResolver(schema as z.ZodObject) as unknown as Resolver<FieldValues>;
