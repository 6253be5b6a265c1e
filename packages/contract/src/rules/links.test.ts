import { describe, expect, test } from 'vitest';
import { webLink } from './links.js';

describe('webLink: what the web may render as a link', () => {
  test('http and https addresses are links', () => {
    expect(webLink('https://line.me/ti/g/abc')).toBe('https://line.me/ti/g/abc');
    expect(webLink(' http://example.com/promotion ')).toBe('http://example.com/promotion');
    expect(webLink('HTTPS://FB.COM/groups/x')).toBe('https://fb.com/groups/x');
  });

  test('any other scheme, a bad address or nothing stays inert', () => {
    for (const stored of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://example.com/file',
      '//evil.example.com',
      'line.me/ti/g/abc',
      '',
      null,
      undefined,
    ]) {
      expect(webLink(stored), String(stored)).toBeNull();
    }
  });
});
