import { resources } from '@sikkha/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { resourceTables } from '../src/http/resources/bindings.js';
import { freshDatabase } from './database.js';

test('every field of every contract entity is a column of its table, and nothing else is', () => {
  for (const r of resources) {
    const table = resourceTables[r.name];
    expect(table, r.name).toBeDefined();
    const columns = Object.keys(getTableColumns(table!)).sort();
    const fields = ['id', 'create_by', 'create_at', 'update_at', ...r.entity.fieldNames].sort();
    expect(columns, r.name).toEqual(fields);
  }
});

test('the database refuses a state outside the contract, even from a hand-written query', async () => {
  const database = await freshDatabase();
  try {
    const insert = (status: string) =>
      database.db.execute(sql`INSERT INTO "product" (product_title, product_status) VALUES (${status}, ${status})`);
    await insert('Show');
    const refused = await insert('Gone').then(
      () => null,
      (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
    );
    expect(refused).toBe('23514');
    for (const [table, column] of [
      ['orders', 'orders_status'],
      ['orders', 'orders_payment'],
      ['orders', 'orders_book_send'],
      ['videoList', 'video_list_status'],
      ['coupon', 'coupon_type'],
      ['couponPoint', 'coupon_point_status'],
    ]) {
      const found = await queryRows(
        database.db,
        sql`SELECT 1 FROM pg_constraint WHERE conname = ${`${table}_${column}_check`} AND contype = 'c'`,
      );
      expect(found, `${table}.${column}`).toHaveLength(1);
    }
  } finally {
    await database.drop();
  }
});
