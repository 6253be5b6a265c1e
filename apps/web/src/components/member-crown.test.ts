import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { MemberCrown } from './MemberCrown';

const render = (status: 'new' | 'wait' | 'premium' | null) =>
  renderToStaticMarkup(createElement(MemberCrown, { status, label: 'สมาชิกพรีเมียม' }));

describe('the member crown', () => {
  test('a Premium member has a crown a screen reader names in Thai', () => {
    const markup = render('premium');
    expect(markup).toMatch(/<svg[^>]* role="img"/);
    expect(markup).not.toContain('aria-hidden');
    expect(markup).toContain('<title>สมาชิกพรีเมียม</title>');
  });

  test('New and Wait members, and an unknown status, have none', () => {
    for (const status of ['new', 'wait', null] as const) expect(render(status)).toBe('');
  });
});
