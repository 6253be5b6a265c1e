import { storedFileName } from '@sikkha/contract';
import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Package one uploaded video (its stored name) into encrypted HLS; long videos take a while. Six tries, 30 s to 8 min
 * apart, wait out a storage outage of a quarter of an hour before the video is marked failed.
 */
export const packageVideoJob = defineJob({
  name: 'video.package',
  payload: z.object({ file: z.string().regex(storedFileName) }),
  maxAttempts: 6,
  leaseMs: 2 * 60 * 60_000,
});
