import { describe, expect, test } from 'vitest';
import { dataProvider } from './data-provider';

describe('the back office data provider', () => {
  test('a list filter holding several values is refused, since the API matches one value by equality', async () => {
    const params = {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' as const },
      filter: { id: [1, 2] },
    };
    await expect(dataProvider.getList('product', params)).rejects.toThrow('The id filter takes one value');
  });
});
