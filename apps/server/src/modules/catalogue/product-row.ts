import { product as productEntity } from '@sikkha/contract';
import type { z } from 'zod';
import { rowColumns } from '../../db/projection.js';
import * as s from '../../db/schema/index.js';

/** A course as the contract's product entity reads it, and the columns that select it. */
export type ProductRow = z.infer<typeof productEntity.row>;
export const productColumns = rowColumns(productEntity, s.product);
