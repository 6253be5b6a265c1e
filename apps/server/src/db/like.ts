import { ilike, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** LIKE treats % and _ as wildcards; a person typing them means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The column contains the text anywhere, ignoring case: Thai is written without spaces, so a word sits inside a
 * longer string and prefix matching would miss it.
 */
export const contains = (column: PgColumn, text: string): SQL => ilike(column, `%${escapeLike(text)}%`);

/** Columns `contains` can search: ILIKE on a date, a timestamp or a number is an error, not a miss. */
export const isTextColumn = (column: PgColumn) => ['PgText', 'PgVarchar', 'PgChar'].includes(column.columnType);
