import { accountMessages, message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember, requireSignedIn, requireStaff } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { Sessions } from '../../http/sessions.js';
import type { AccountsService } from './accounts.service.js';

const tags = ['accounts'];
const ok = message('ok');

export function registerAccountRoutes(app: FastifyInstance, accounts: AccountsService, sessions: Sessions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/loginEmail',
    {
      schema: {
        tags,
        summary: 'Member sign-in; returns the token and the signed-in user',
        body: routes.loginEmail.body,
        response: { 200: routes.loginEmail.response, ...errorResponses },
      },
    },
    async (request) => {
      const { session: data, user: u } = await accounts.loginEmail(
        request.body.email,
        request.body.password,
        request.ip,
      );
      return { result: true, data, message: 'Login', user: u };
    },
  );

  api.post(
    '/api/loginPersonnel',
    {
      schema: {
        tags,
        summary: 'Staff sign-in to the back office',
        body: routes.loginPersonnel.body,
        response: { 200: routes.loginPersonnel.response, ...errorResponses },
      },
    },
    async (request) => {
      const { session: data, user: u } = await accounts.loginPersonnel(
        request.body.username,
        request.body.password,
        request.ip,
      );
      return { result: true, data, message: 'Login', user: u };
    },
  );

  api.post(
    '/api/userRegister',
    {
      schema: {
        tags,
        summary: 'Create a member account and sign in',
        body: routes.userRegister.body,
        response: { 200: routes.userRegister.response, ...errorResponses },
      },
    },
    async (request) => {
      const { session: data, user: u, insertId } = await accounts.register(request.body);
      return { result: true, data, message: message('saved'), user: u, insertId };
    },
  );

  api.get(
    '/api/refreshToken',
    {
      schema: {
        tags,
        summary: 'A fresh token; the old one stops working',
        response: { 200: routes.refreshToken.response, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireSignedIn(request);
      const data = await sessions.start(actor.kind, actor.id);
      await sessions.revoke(actor.jti);
      return { result: true, data, message: ok };
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/api/logout',
      schema: {
        tags,
        summary: 'End the session: the token is refused from now on',
        response: { 200: routes.logout.response, ...errorResponses },
      },
      handler: async (request) => {
        if (request.actor.kind !== 'visitor') await sessions.revoke(request.actor.jti);
        return { result: true, data: null, message: ok };
      },
    });
  }

  api.get(
    '/api/loginPing',
    {
      schema: {
        tags,
        summary: 'The signed-in member (or staff account)',
        response: { 200: routes.loginPing.response, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireSignedIn(request);
      const data =
        actor.kind === 'staff' ? await accounts.currentStaff(actor.id) : await accounts.currentUser(actor.id);
      return { result: true, data, message: ok };
    },
  );

  api.get(
    '/api/userCheckToken',
    {
      schema: {
        tags,
        summary: 'Whether the token is still good, and when it ends (401 TOKEN_EXPIRED when not)',
        response: { 200: routes.userCheckToken.response, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireSignedIn(request);
      return { result: true, data: { role: actor.kind, expiresAt: actor.expiresAt }, message: ok };
    },
  );

  const lookups = [
    ['userByEmail', 'email'],
    ['userByUsername', 'username'],
    ['userByGoogle', 'google_id'],
    ['userByFacebook', 'facebook_id'],
  ] as const;
  for (const [name, field] of lookups) {
    api.get(
      `/api/${name}`,
      {
        schema: {
          tags,
          summary: `Whether an account has this ${field}; staff also get the record`,
          querystring: routes[name].query,
          response: { 200: routes[name].response, ...errorResponses },
        },
      },
      async (request) => {
        const value = (request.query as Record<string, string>)[field]!;
        const data = await accounts.lookup(field, value, request.actor.kind === 'staff');
        return { result: true, data, message: ok };
      },
    );
  }

  api.get(
    '/api/userTotal',
    {
      schema: {
        tags,
        summary: 'How many members (staff)',
        response: { 200: routes.userTotal.response, ...errorResponses },
      },
    },
    async (request) => {
      requireStaff(request);
      return { result: true, data: { total: await accounts.total() }, message: ok };
    },
  );

  api.post(
    '/api/userUpdatePrivacyPolicy',
    {
      schema: {
        tags,
        summary: 'The member accepts the privacy policy',
        response: { 200: routes.userUpdatePrivacyPolicy.response, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireMember(request);
      return { result: true, data: await accounts.acceptPrivacyPolicy(actor.id), message: message('saved') };
    },
  );

  api.post(
    '/api/userUpdate',
    {
      schema: {
        tags,
        summary: "The member's own profile, shipping address and receipt details",
        body: routes.userUpdate.body,
        response: { 200: routes.userUpdate.response, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireMember(request);
      return { result: true, data: await accounts.update(actor.id, request.body), message: message('saved') };
    },
  );

  api.post(
    '/api/userChangePassword',
    {
      schema: {
        tags,
        summary: 'A signed-in member changes their password',
        body: routes.userChangePassword.body,
        response: { 200: routes.userChangePassword.response, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireMember(request);
      await accounts.changePassword(actor.id, actor.jti, request.body.password_old, request.body.password);
      return { result: true, data: true, message: accountMessages.passwordChanged };
    },
  );
}
