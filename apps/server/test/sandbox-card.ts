import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SANDBOX_PREFIX } from '../src/providers/payments/sandbox/sandbox.js';
import type { Caller } from './app.js';

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
