import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/client';
import { dataProvider, httpErrorOf } from './data-provider';

describe('the back office data provider', () => {
  test('a list filter holding several values is refused, since the API matches one value by equality', async () => {
    const params = {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' as const },
      filter: { id: [1, 2] },
    };
    await expect(dataProvider.getList('product', params)).rejects.toThrow('The id filter takes one value');
  });

  test("the server's refused fields become react-admin's errors under each field, the summary its message", () => {
    const refused = new ApiError(400, 'product_title: ต้องมีไม่เกิน 255 ตัวอักษร, seo.title: กรุณากรอก ข้อมูล', 'BAD_REQUEST', [
      { path: 'product_title', code: 'too_long', message: 'ต้องมีไม่เกิน 255 ตัวอักษร' },
      { path: 'product_title', code: 'format', message: 'รูปแบบข้อมูลไม่ถูกต้อง' },
      { path: 'seo.title', code: 'required', message: 'กรุณากรอก ข้อมูล' },
    ]);
    const error = httpErrorOf(refused);
    expect(error.status).toBe(400);
    expect(error.message).toBe(refused.message);
    expect(error.body).toEqual({
      errors: { product_title: 'ต้องมีไม่เกิน 255 ตัวอักษร', 'seo.title': 'กรุณากรอก ข้อมูล' },
    });
  });

  test('an error without fields (a conflict, a session ended) carries no field errors', () => {
    const conflict = httpErrorOf(new ApiError(409, 'มีข้อมูลนี้ในระบบแล้ว', 'CONFLICT'));
    expect(conflict.status).toBe(409);
    expect(conflict.body?.errors).toBeUndefined();
  });
});
