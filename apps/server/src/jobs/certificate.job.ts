import { z } from 'zod';
import { defineJob } from './job.js';

const id = z.number().int();

/**
 * Makes certificates: the number, the PDF and the row, once per member and course, whoever asks and however often.
 * Whoever enqueues it (in their unit of work), the certificates module runs it.
 * - `order`: staff set the order's `orders_certificate` to Y: a certificate for each course of the order.
 * - `staff`: staff created a certificate row without a file.
 * - `completed`: a lesson of the member's reached 90%; issued only if the course is bought and every lesson complete.
 */
export const issueCertificate = defineJob({
  name: 'certificate.issue',
  payload: z.discriminatedUnion('reason', [
    z.object({ reason: z.literal('order'), orders_id: id }),
    z.object({ reason: z.literal('staff'), user_id: id, product_id: id, orders_id: id.nullable() }),
    z.object({ reason: z.literal('completed'), user_id: id, product_id: id }),
  ]),
  maxAttempts: 5,
  leaseMs: 2 * 60_000,
});

export type CertificateRequest = z.infer<typeof issueCertificate.payload>;
