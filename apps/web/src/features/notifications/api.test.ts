import { describe, expect, test } from 'vitest';
import { internalTarget, timeAgo } from './api';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  test('Thai, the largest whole unit', () => {
    expect(timeAgo('2026-03-01T09:00:00Z', now, 'th')).toBe('3 ชั่วโมงที่ผ่านมา');
    expect(timeAgo('2026-02-28T12:00:00Z', now, 'th')).toBe('เมื่อวาน');
    expect(timeAgo('2026-03-01T11:59:30Z', now, 'th')).toBe('ขณะนี้');
  });
  test('English', () => {
    expect(timeAgo('2026-03-01T11:55:00Z', now, 'en')).toBe('5 minutes ago');
  });
  test('a bad date gives nothing', () => {
    expect(timeAgo('nope', now, 'th')).toBe('');
  });
});

describe('internalTarget', () => {
  test('only paths inside the shop', () => {
    expect(internalTarget('/courses/onlyOrder')).toBe('/courses/onlyOrder');
    expect(internalTarget('//evil.example')).toBeNull();
    expect(internalTarget('https://evil.example')).toBeNull();
    expect(internalTarget(null)).toBeNull();
  });
});
