import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { LessonCommentsService } from './lesson-comments.service.js';

/**
 * Questions and answers under a lesson (not in the spec: FEATURES). Every read depends on who asks (buyers and
 * staff only, a member's own hidden words), so nothing here is cached.
 */
export function registerLessonCommentRoutes(app: FastifyInstance, comments: LessonCommentsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lesson comments'];

  api.get(
    '/api/lessonComments',
    {
      schema: {
        tags,
        summary: 'Buyers and staff: a page of a lesson’s questions, newest first, each with its answers',
        querystring: routes.lessonComments.query,
        response: { 200: routes.lessonComments.response, ...errorResponses },
      },
    },
    async (request) => {
      const page = await comments.page(requireSignedIn(request), request.query);
      return { result: true, ...page, message: message('ok') };
    },
  );

  api.post(
    '/api/lessonCommentSave',
    {
      schema: {
        tags,
        summary: 'A buyer asks or answers under a lesson; staff answer, as the shop or signed as a coach of the course',
        body: routes.lessonCommentSave.body,
        response: { 200: routes.lessonCommentSave.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await comments.save(requireSignedIn(request), request.body);
      return { result: true, data, message: message('lessonCommentSaved') };
    },
  );

  api.post(
    '/api/lessonCommentDelete',
    {
      schema: {
        tags,
        summary: 'A member deletes their question (with its answers) or their answer',
        body: routes.lessonCommentDelete.body,
        response: { 200: routes.lessonCommentDelete.response, ...errorResponses },
      },
    },
    async (request) => {
      await comments.remove(requireSignedIn(request), request.body.id);
      return { result: true, data: null, message: message('deleted') };
    },
  );

  api.get(
    '/api/lessonCommentModeration',
    {
      schema: {
        tags,
        summary: 'Staff: every lesson question and answer with its course, lesson, writer and state',
        querystring: routes.lessonCommentModeration.query,
        response: { 200: routes.lessonCommentModeration.response, ...errorResponses },
      },
    },
    async (request) => {
      const page = await comments.moderation(requireSignedIn(request), request.query);
      return { result: true, ...page, message: message('ok') };
    },
  );

  api.post(
    '/api/lessonCommentModerate',
    {
      schema: {
        tags,
        summary: 'Staff: hide or restore a lesson question or answer (audited)',
        body: routes.lessonCommentModerate.body,
        response: { 200: routes.lessonCommentModerate.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await comments.moderate(requireSignedIn(request), request.body);
      return { result: true, data, message: message('saved') };
    },
  );
}
