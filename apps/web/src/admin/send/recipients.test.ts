import { audienceBody, type SendBody } from '@sikkha/contract';
import { expect, test } from 'vitest';
import { recipientsChosen, recipientsOf } from './recipients';

const message: SendBody = {
  text: 'ข่าวประจำเดือน',
  image: null,
  audience: 'members',
  user_ids: [7],
  product_id: 3,
  channels: ['line', 'email'],
};

test('the confirmation counts the message’s recipients only: the audience call refuses any other field', () => {
  expect(audienceBody.safeParse(message).success).toBe(false);
  const recipients = recipientsOf(message);
  expect(recipients).toEqual({ audience: 'members', user_ids: [7] });
  expect(audienceBody.safeParse(recipients).success).toBe(true);
  expect(recipientsOf({ ...message, audience: 'course' })).toEqual({ audience: 'course', product_id: 3 });
  expect(recipientsOf({ ...message, audience: 'all' })).toEqual({ audience: 'all' });
});

test('recipients are counted once chosen: a course, or at least one member', () => {
  expect(recipientsChosen({ audience: 'all' })).toBe(true);
  expect(recipientsChosen({ audience: 'course', product_id: null })).toBe(false);
  expect(recipientsChosen({ audience: 'members', user_ids: [] })).toBe(false);
  expect(recipientsChosen({ audience: 'members', user_ids: [1] })).toBe(true);
});
