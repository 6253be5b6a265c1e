import { describe, expect, test } from 'vitest';
import { accountMessages, inLanguage, message } from './messages.js';

describe('the message catalogue', () => {
  test('account messages are said in Thai by the schemas and the server, verbatim from the spec', () => {
    expect(accountMessages.emailTaken).toBe('มี Email ในระบบเเล้ว');
    expect(accountMessages.tokenExpired).toBe('The token has expired.');
  });

  test('a message of either catalogue reads in English; Thai and unknown text stay as they are', () => {
    expect(inLanguage(accountMessages.emailTaken, 'en')).toBe('This e-mail is already registered');
    expect(inLanguage(message('notFound'), 'en')).toBe('Not found');
    expect(inLanguage(accountMessages.emailTaken, 'th')).toBe('มี Email ในระบบเเล้ว');
    expect(inLanguage('ข้อความอื่น', 'en')).toBe('ข้อความอื่น');
  });
});
