import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { QuizzesService } from './quizzes.service.js';

/**
 * Tests (quizzes): staff's building and results, a buyer's attempts. Every right is the policy module's
 * (`quiz.manage`, `quiz.list`, `quiz.take`, `quiz.readAttempt`, `quiz.answer`); a visitor gets 401 first.
 */
export function registerQuizRoutes(app: FastifyInstance, quizzes: QuizzesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['quizzes'];
  const ok = <T>(data: T) => ({ result: true, data, message: message('ok') });

  api.post(
    '/api/quizSave',
    {
      schema: {
        tags,
        summary: 'Staff: save a test (new without id) with its settings and every question',
        body: routes.quizSave.body,
        response: { 200: routes.quizSave.response, ...errorResponses },
      },
    },
    async (request) => ({
      result: true,
      data: await quizzes.save(requireSignedIn(request), request.body),
      message: message('saved'),
    }),
  );

  api.post(
    '/api/quizDelete',
    {
      schema: {
        tags,
        summary: 'Staff: delete a test and its attempts',
        body: routes.quizDelete.body,
        response: { 200: routes.quizDelete.response, ...errorResponses },
      },
    },
    async (request) => {
      await quizzes.remove(requireSignedIn(request), request.body.id);
      return { result: true, data: null, message: message('deleted') };
    },
  );

  api.get(
    '/api/quizList',
    {
      schema: {
        tags,
        summary: 'Staff: every test, or a course’s',
        querystring: routes.quizList.query,
        response: { 200: routes.quizList.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await quizzes.list(requireSignedIn(request), request.query.product_id);
      return { ...ok(data), total: data.length };
    },
  );

  api.get(
    '/api/quizById',
    {
      schema: {
        tags,
        summary: 'Staff: a test with its questions and correct answers',
        querystring: routes.quizById.query,
        response: { 200: routes.quizById.response, ...errorResponses },
      },
    },
    async (request) => ok(await quizzes.byId(requireSignedIn(request), request.query.id)),
  );

  api.get(
    '/api/quizResults',
    {
      schema: {
        tags,
        summary: 'Staff: a test’s attempts, pass rate, each question’s success rate and each member’s answers',
        querystring: routes.quizResults.query,
        response: { 200: routes.quizResults.response, ...errorResponses },
      },
    },
    async (request) => ok(await quizzes.results(requireSignedIn(request), request.query.id)),
  );

  api.get(
    '/api/quizResultsCsv',
    {
      schema: {
        tags,
        summary: 'Staff: a test’s attempts and answers as CSV (UTF-8 with BOM)',
        querystring: routes.quizResultsCsv.query,
        produces: [...routes.quizResultsCsv.produces],
        response: { 200: routes.quizResultsCsv.response, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { csv } = await quizzes.resultsCsv(requireSignedIn(request), request.query.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="quiz-${request.query.id}-results.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/quizByCourse',
    {
      schema: {
        tags,
        summary: 'A course’s tests: its buyers see the published ones with their own attempts; staff see all',
        querystring: routes.quizByCourse.query,
        response: { 200: routes.quizByCourse.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await quizzes.ofCourse(requireSignedIn(request), request.query.product_id);
      return { ...ok(data), total: data.length };
    },
  );

  api.post(
    '/api/quizStart',
    {
      schema: {
        tags,
        summary: 'A buyer starts an attempt, or resumes the open one: the questions without their answers',
        body: routes.quizStart.body,
        response: { 200: routes.quizStart.response, ...errorResponses },
      },
    },
    async (request) => ok(await quizzes.start(requireSignedIn(request), request.body.quiz_id)),
  );

  api.get(
    '/api/quizAttempt',
    {
      schema: {
        tags,
        summary: 'An attempt (its member, staff): questions, saved answers, and the result once submitted',
        querystring: routes.quizAttempt.query,
        response: { 200: routes.quizAttempt.response, ...errorResponses },
      },
    },
    async (request) => ok(await quizzes.attempt(requireSignedIn(request), request.query.id)),
  );

  api.post(
    '/api/quizAnswer',
    {
      schema: {
        tags,
        summary: 'Save one answer of an open attempt (refused after the time limit and its grace)',
        body: routes.quizAnswer.body,
        response: { 200: routes.quizAnswer.response, ...errorResponses },
      },
    },
    async (request) => ({
      result: true,
      data: await quizzes.answer(requireSignedIn(request), request.body),
      message: message('saved'),
    }),
  );

  api.post(
    '/api/quizSubmit',
    {
      schema: {
        tags,
        summary: 'Submit an attempt once: scored on the server; a second submit answers the same result',
        body: routes.quizSubmit.body,
        response: { 200: routes.quizSubmit.response, ...errorResponses },
      },
    },
    async (request) => ok(await quizzes.submit(requireSignedIn(request), request.body.attempt_id)),
  );
}
