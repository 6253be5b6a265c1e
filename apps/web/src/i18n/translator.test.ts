import { describe, expect, test } from 'vitest';
import { addCatalogue, currentLanguage, setLanguage, translate } from './translator';

addCatalogue('th', 'demo', {
  menu: { button: 'เมนูบัญชีของ {{name}}', coins: 'เหรียญคงเหลือ {{ points }} เหรียญ' },
  points: ['ข้อหนึ่ง', 'ข้อสอง'],
  onlyThai: 'มีเฉพาะภาษาไทย',
});
addCatalogue('en', 'demo', {
  menu: { button: "{{name}}'s account menu", coins: '{{points}} coins left' },
  points: ['One', 'Two'],
});

describe('translate', () => {
  test('reads a dotted key in the language and fills {{values}}, spaces inside the braces too', () => {
    expect(translate('th', 'demo', 'menu.button', { name: 'สมชาย' })).toBe('เมนูบัญชีของ สมชาย');
    expect(translate('en', 'demo', 'menu.coins', { points: 1250 })).toBe('1250 coins left');
    expect(translate('th', 'demo', 'menu.coins', { points: 0 })).toBe('เหรียญคงเหลือ 0 เหรียญ');
  });

  test('a value not given keeps its placeholder; a $ in a value is text, not a pattern', () => {
    expect(translate('en', 'demo', 'menu.button')).toBe("{{name}}'s account menu");
    expect(translate('en', 'demo', 'menu.button', {})).toBe("{{name}}'s account menu");
    expect(translate('en', 'demo', 'menu.button', { name: "$& $1 $'" })).toBe("$& $1 $''s account menu");
  });

  test('English falls back to the Thai words; an unknown key, or one naming a section, answers the key', () => {
    expect(translate('en', 'demo', 'onlyThai')).toBe('มีเฉพาะภาษาไทย');
    expect(translate('th', 'demo', 'menu.nothing')).toBe('menu.nothing');
    expect(translate('th', 'demo', 'menu')).toBe('menu');
    expect(translate('th', 'no-such-namespace', 'menu.button')).toBe('menu.button');
    expect(translate('th', 'demo', 'menu.button.deeper')).toBe('menu.button.deeper');
  });

  test('returnObjects answers the list itself', () => {
    expect(translate('en', 'demo', 'points', { returnObjects: true })).toEqual(['One', 'Two']);
    expect(translate('th', 'demo', 'points', { returnObjects: true })).toEqual(['ข้อหนึ่ง', 'ข้อสอง']);
  });
});

test('changing the language is seen by the next read', () => {
  const before = currentLanguage();
  setLanguage('en');
  expect(currentLanguage()).toBe('en');
  setLanguage(before);
  expect(currentLanguage()).toBe(before);
});
