import { envelope } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/resources/engine.js';
import type { accountsService } from './accounts.service.js';

const tokenData = envelope(z.object({ token: z.string(), expiresAt: z.string() }));
const required = z.string().min(1).max(200);

export function registerAccountRoutes(app: FastifyInstance, accounts: ReturnType<typeof accountsService>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/loginEmail',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Member sign-in with e-mail and password',
        body: z.object({ email: required, password: required }),
        response: { 200: tokenData, ...errorResponses },
      },
    },
    async (request) => {
      const data = await accounts.loginEmail(request.body.email, request.body.password);
      return { result: true, data, message: 'Login' };
    },
  );
  api.post(
    '/api/loginPersonnel',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Staff sign-in to the back office',
        body: z.object({ username: required, password: required }),
        response: { 200: tokenData, ...errorResponses },
      },
    },
    async (request) => {
      const data = await accounts.loginPersonnel(request.body.username, request.body.password);
      return { result: true, data, message: 'Login' };
    },
  );
}
