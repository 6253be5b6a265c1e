import { describe, expect, test } from 'vitest';
import { messages } from '../messages.js';
import { documentVerifyQuery, normaliseDocumentNo, typedAmount } from './etax-verify.js';

describe('a document to verify, as a person types it', () => {
  test('an amount in baht, grouped or not, with a currency sign or word, is read to the satang without a float', () => {
    expect(typedAmount('1070')).toBe(107_000);
    expect(typedAmount(' 1,070.00 ')).toBe(107_000);
    expect(typedAmount('1070.5')).toBe(107_050);
    expect(typedAmount('1070.10')).toBe(107_010);
    expect(typedAmount('฿1,990.00')).toBe(199_000);
    expect(typedAmount('1990 บาท')).toBe(199_000);
    expect(typedAmount('0.29')).toBe(29);
    expect(typedAmount('9999999999.99')).toBe(999_999_999_999);
  });

  test('anything else is not an amount', () => {
    for (const typed of [
      '',
      'abc',
      '1.234',
      '-5',
      '1e3',
      '10,70',
      '1,0700',
      '1..0',
      '12345678901',
      'NaN',
      '1070\u0000',
    ]) {
      expect(typedAmount(typed), typed).toBeNull();
    }
  });

  test('a number in any case, with stray spaces, is the register’s; control characters and punctuation are not', () => {
    expect(normaliseDocumentNo(' inv2026-000001 ')).toBe('INV2026-000001');
    expect(normaliseDocumentNo('INV 2026-000001')).toBe('INV2026-000001');
    for (const typed of ['', '-INV', "INV' OR 1=1", 'INV\u00002026', 'ใบเสร็จ', 'A'.repeat(51)]) {
      expect(normaliseDocumentNo(typed), typed).toBeNull();
    }
  });

  test('the query gives each wrong field its own Thai sentence', () => {
    const parsed = documentVerifyQuery.safeParse({ doc_no: 'x'.repeat(500), amount: 'หนึ่งพัน' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['doc_no', messages.documentNoInvalid.th],
      ['amount', messages.documentAmountInvalid.th],
    ]);
    expect(documentVerifyQuery.parse({ doc_no: 'rc2026-000001', amount: '1,990' })).toEqual({
      doc_no: 'RC2026-000001',
      amount: 199_000,
    });
  });
});
