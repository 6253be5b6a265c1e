import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { SANDBOX_PREFIX } from '../src/providers/payments/sandbox/sandbox.js';
import type { Caller } from './app.js';
import { courseOnShow } from './fixtures.js';

/** Pays a card order through the built-in sandbox gateway, as the browser's script and the member would. */
export async function payBySandboxCard(app: FastifyInstance, member: Caller, ref: string) {
  const token = await app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/tokens`,
    payload: {
      card: { number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' },
    },
  });
  const paid = await member.post('/api/ordersPay', { ref, token: token.json().data.id });
  expect(paid.json(), paid.body).toMatchObject({ data: { status: 'paid' } });
}

/**
 * A member buys a new course on show by card through the sandbox gateway, the order's extra fields (a tax invoice's)
 * given; the jobs due then (its document, its mail) have run. Answers the order's id.
 */
export async function boughtByCard(
  t: { app: FastifyInstance; db: Db },
  member: Caller,
  course: { title: string; price: number },
  order: Record<string, unknown> = {},
): Promise<number> {
  const placed = await member.post('/api/orders', {
    order: { orders_payment_type_id: 1, ...order },
    ordersDetail: { product_id: await courseOnShow(t.db, course.title, course.price) },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { id, token } = placed.json().data as { id: number; token: string };
  await payBySandboxCard(t.app, member, token);
  await t.app.ctx.jobs.runDue();
  return id;
}
