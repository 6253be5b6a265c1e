import type { SendBody } from '@sikkha/contract';

export type Recipients = Pick<SendBody, 'audience' | 'product_id' | 'user_ids'>;

/** Who a message's values reach, and only that: `sendAudience` refuses any other field. */
export function recipientsOf(values: Recipients): Recipients {
  switch (values.audience) {
    case 'course':
      return { audience: 'course', product_id: values.product_id ?? null };
    case 'members':
      return { audience: 'members', user_ids: values.user_ids ?? [] };
    default:
      return { audience: 'all' };
  }
}

/** Whether the recipients are chosen far enough to count: a course, or at least one member. */
export const recipientsChosen = (recipients: Recipients) =>
  recipients.audience === 'all' ||
  (recipients.audience === 'course' && Boolean(recipients.product_id)) ||
  (recipients.audience === 'members' && Boolean(recipients.user_ids?.length));
