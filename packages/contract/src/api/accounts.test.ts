import { expect, test } from 'vitest';
import { accountMessages, registerBody, resetPasswordBody } from './accounts.js';

test('a mismatched confirmation is reported even while other fields are still empty', () => {
  for (const schema of [registerBody, resetPasswordBody]) {
    const result = schema.safeParse({ password: 'rak-rian-2569', confirmPassword: 'rak-rian-2570' });
    const confirm = result.error?.issues.filter((issue) => issue.path.join('.') === 'confirmPassword');
    expect(confirm?.map((issue) => issue.message)).toEqual([accountMessages.passwordMismatch]);
  }
  // An empty confirmation says it is required, not that it does not match.
  const empty = registerBody.safeParse({ password: 'rak-rian-2569', confirmPassword: '' });
  expect(empty.error?.issues.some((issue) => issue.message === accountMessages.passwordMismatch)).toBe(false);
});
