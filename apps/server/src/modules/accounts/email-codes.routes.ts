import { accountMessages, message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { EmailCodesService } from './email-codes.service.js';

const tags = ['accounts'];
const errors = errorResponses;

/**
 * The e-mail confirmation code and the password reset pair. Only POST: the spec's GET forms would put the code
 * and the new password in a query string (DESIGN deviations 1 and 4).
 */
export function registerEmailCodeRoutes(app: FastifyInstance, codes: EmailCodesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/sendConfirmEmail',
    {
      schema: {
        tags,
        summary: "Mail a new six-digit code to the member's address (one a minute, valid 15 minutes)",
        response: { 200: routes.sendConfirmEmail.response, ...errors },
      },
    },
    async (request) => {
      const actor = requireMember(request);
      await codes.sendConfirm(actor.id);
      return { result: true, data: null, message: accountMessages.codeSent };
    },
  );

  api.post(
    '/api/confirmEmail',
    {
      schema: {
        tags,
        summary: 'Check the mailed code: the right one sets agreement Y and answers the member',
        body: routes.confirmEmail.body,
        response: { 200: routes.confirmEmail.response, ...errors },
      },
    },
    async (request) => {
      const actor = requireMember(request);
      const data = await codes.confirm(actor.id, request.body.code);
      return { result: true, data, message: message('ok') };
    },
  );

  api.post(
    '/api/sendChangePass',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (valid one hour, once) to a known address',
        body: routes.sendChangePass.body,
        response: { 200: routes.sendChangePass.response, ...errors },
      },
    },
    async (request) => {
      await codes.requestReset(request.body.email, request.ip);
      return { result: true, data: null, message: accountMessages.resetSent };
    },
  );

  api.post(
    '/api/checkChangePassCode',
    {
      schema: {
        tags,
        summary: 'Whether a reset link still works, asked when it opens: the address it resets, or why not (400)',
        body: routes.checkChangePassCode.body,
        response: { 200: routes.checkChangePassCode.response, ...errors },
      },
    },
    async (request) => {
      const data = await codes.checkReset(request.body.code, request.ip);
      return { result: true, data, message: message('ok') };
    },
  );

  api.post(
    '/api/sendChangePassUser',
    {
      schema: {
        tags,
        summary: 'Set a new password with the code from the reset mail',
        body: routes.sendChangePassUser.body,
        response: { 200: routes.sendChangePassUser.response, ...errors },
      },
    },
    async (request) => {
      await codes.resetPassword(request.body.code, request.body.password, request.ip);
      return { result: true, data: true as const, message: accountMessages.passwordChanged };
    },
  );
}
