import { storedFileName } from '@sikkha/contract';
import { z } from 'zod';
import { defineJob } from './job.js';

/** Package one uploaded video (its stored name) into encrypted HLS; long videos take a while. */
export const packageVideoJob = defineJob({
  name: 'video.package',
  payload: z.object({ file: z.string().regex(storedFileName) }),
  maxAttempts: 3,
  leaseMs: 2 * 60 * 60_000,
});
