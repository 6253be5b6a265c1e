import { mailSchema } from '../providers/mail.js';
import { defineJob } from './job.js';

/** One mail to send; a failed send is tried again for about an hour (30 s, 1, 2, 4, 8, 16, 32 min apart). */
export const sendMail = defineJob({ name: 'mail.send', payload: mailSchema, maxAttempts: 8, leaseMs: 2 * 60_000 });
