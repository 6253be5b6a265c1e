import { channelMessageSchema } from '../providers/messaging.js';
import { defineJob } from './job.js';

/** One message to a LINE or Facebook channel, tried again with backoff for about an hour. */
export const sendChannelMessage = defineJob({
  name: 'messaging.send',
  payload: channelMessageSchema,
  maxAttempts: 8,
  leaseMs: 2 * 60_000,
});
