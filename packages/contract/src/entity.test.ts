import { describe, expect, test } from 'vitest';
import { product, user } from './entities/index.js';
import { resources } from './resources.js';

describe('entities', () => {
  test('a row never carries a secret field', () => {
    expect(Object.keys(user.row.shape)).not.toContain('password');
    expect(user.row.partial().parse({ id: 1, email: 'a@b.co', password: 'h' })).not.toHaveProperty('password');
  });
  test('the write payload refuses unknown fields and drops nothing silently', () => {
    expect(product.write.safeParse({ product_title: 'x', colour: 'red' }).success).toBe(false);
    expect(product.write.safeParse({ product_title: 'x', create_at: 'ignored' }).success).toBe(true);
  });
  test('messages are Thai', () => {
    const result = user.write.safeParse({ email: 'not-an-email' });
    expect(result.error?.issues[0]?.message).toBe('รูปแบบ E-mail ไม่ถูกต้อง');
    const phone = user.write.safeParse({ phone: '123' });
    expect(phone.error?.issues[0]?.message).toBe('Please enter 10 characters');
  });
  test('money has at most 2 decimals', () => {
    expect(product.write.safeParse({ product_price: 19.99 }).success).toBe(true);
    expect(product.write.safeParse({ product_price: 19.999 }).success).toBe(false);
  });
});

describe('resource table', () => {
  test('names are unique and every lookup field belongs to the entity or its through resource', () => {
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of resources) {
      for (const l of ('lookups' in r ? r.lookups : []) ?? []) {
        const through = 'through' in l && l.through ? resources.find((x) => x.name === l.through!.resource) : undefined;
        const fields = (through ?? r).entity.fieldNames as readonly string[];
        for (const f of l.fields) expect(fields, `${r.name}${l.suffix}.${f}`).toContain(f);
      }
    }
  });
  test('owner resources name their owner', () => {
    for (const r of resources) if (r.read === 'owner') expect('owner' in r && r.owner, r.name).toBeTruthy();
  });
});
