import { LINE_MULTICAST_MAX, sendChannels } from '@sikkha/contract';
import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * One batch of a Send-screen message over one channel: the delivery rows it covers (for LINE, one multicast of at
 * most 500). A run sends what is still queued among them, so a retry never repeats a sent one; `retry_key` is
 * LINE's X-Line-Retry-Key for the batch, the same on every attempt. Tried 6 times over about 15 minutes (30 s, 1, 2,
 * 4, 8 min apart); what still failed then is marked failed with the last reason.
 */
export const deliverBroadcast = defineJob({
  name: 'send.deliver',
  payload: z.object({
    broadcast_id: z.number().int(),
    channel: z.enum(sendChannels),
    deliveries: z.array(z.number().int()).min(1).max(LINE_MULTICAST_MAX),
    retry_key: z.uuid(),
  }),
  maxAttempts: 6,
  leaseMs: 5 * 60_000,
});
