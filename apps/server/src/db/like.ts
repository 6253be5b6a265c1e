import { ilike, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** LIKE treats % and _ as wildcards; a person typing them means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The column contains the text anywhere, ignoring case: Thai is written without spaces, so a word sits inside a
 * longer string and prefix matching would miss it.
 */
export const contains = (column: PgColumn, text: string): SQL => ilike(column, `%${escapeLike(text)}%`);
