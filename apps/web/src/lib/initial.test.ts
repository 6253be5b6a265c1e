import { expect, test } from 'vitest';
import { initialOf } from './initial';

test('a Thai name starts with its first consonant, not a leading vowel', () => {
  expect(initialOf('ใจ')).toBe('จ');
  expect(initialOf('เก่ง')).toBe('ก');
  expect(initialOf('แอน')).toBe('อ');
  expect(initialOf('สมชาย')).toBe('ส');
  expect(initialOf('ann')).toBe('A');
  expect(initialOf('  bee')).toBe('B');
  expect(initialOf('123')).toBe('1');
});
