import { resources } from '@sikkha/contract';
import { getTableColumns } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { resourceTables } from '../src/http/resources/bindings.js';

test('every field of every contract entity is a column of its table, and nothing else is', () => {
  for (const r of resources) {
    const table = resourceTables[r.name];
    expect(table, r.name).toBeDefined();
    const columns = Object.keys(getTableColumns(table!)).sort();
    const fields = ['id', 'create_by', 'create_at', 'update_at', ...r.entity.fieldNames].sort();
    expect(columns, r.name).toEqual(fields);
  }
});
