import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuseStaleToken, requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { REVIEW_TABLES, type ReviewsService } from './reviews.service.js';

/**
 * Course reviews (not in the spec: FEATURES). The two public reads are the same for everyone, so they are cached
 * until a review, a course or a member's name changes; what a member did (their review, their marks) is a read of
 * its own.
 */
export function registerReviewRoutes(app: FastifyInstance, reviews: ReviewsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const readCache = { tables: REVIEW_TABLES, members: true };

  api.get(
    '/api/reviewSummaries',
    {
      config: { readCache },
      schema: {
        tags,
        summary: 'Public: the average rating and review count of every course on show that has reviews',
        response: { 200: routes.reviewSummaries.response, ...errorResponses },
      },
    },
    async () => {
      const data = await reviews.summaries();
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );

  api.get(
    '/api/reviewList',
    {
      config: { readCache },
      schema: {
        tags,
        summary: 'Public: a page of a course’s shown reviews (newest or most helpful first) and its rating',
        querystring: routes.reviewList.query,
        response: { 200: routes.reviewList.response, ...errorResponses },
      },
    },
    async (request) => {
      refuseStaleToken(request);
      const page = await reviews.list(request.actor, request.query);
      return { result: true, ...page, message: message('ok') };
    },
  );

  api.get(
    '/api/reviewMine',
    {
      schema: {
        tags,
        summary: 'The signed-in member’s review of a course, whether they may write one, and the reviews they marked',
        querystring: routes.reviewMine.query,
        response: { 200: routes.reviewMine.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await reviews.mine(requireSignedIn(request), request.query.product_id);
      return { result: true, data, message: message('ok') };
    },
  );

  api.post(
    '/api/reviewSave',
    {
      schema: {
        tags,
        summary: 'A buyer writes or rewrites their review of a course (1 to 5 stars and a text)',
        body: routes.reviewSave.body,
        response: { 200: routes.reviewSave.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await reviews.save(requireSignedIn(request), request.body);
      return { result: true, data, message: message('reviewSaved') };
    },
  );

  api.post(
    '/api/reviewDelete',
    {
      schema: {
        tags,
        summary: 'The author deletes their review',
        body: routes.reviewDelete.body,
        response: { 200: routes.reviewDelete.response, ...errorResponses },
      },
    },
    async (request) => {
      await reviews.remove(requireSignedIn(request), request.body.id);
      return { result: true, data: null, message: message('deleted') };
    },
  );

  api.post(
    '/api/reviewHelpful',
    {
      schema: {
        tags,
        summary: 'A member marks another member’s review helpful, once',
        body: routes.reviewHelpful.body,
        response: { 200: routes.reviewHelpful.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await reviews.markHelpful(requireSignedIn(request), request.body.id);
      return { result: true, data, message: message('ok') };
    },
  );

  api.get(
    '/api/reviewModeration',
    {
      schema: {
        tags,
        summary: 'Staff: every review with its course, member, rating, text and state',
        querystring: routes.reviewModeration.query,
        response: { 200: routes.reviewModeration.response, ...errorResponses },
      },
    },
    async (request) => {
      const page = await reviews.moderation(requireSignedIn(request), request.query);
      return { result: true, ...page, message: message('ok') };
    },
  );

  api.post(
    '/api/reviewModerate',
    {
      schema: {
        tags,
        summary: 'Staff: hide or restore a review (audited); a hidden review leaves every public read at once',
        body: routes.reviewModerate.body,
        response: { 200: routes.reviewModerate.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await reviews.moderate(requireSignedIn(request), request.body);
      return { result: true, data, message: message('saved') };
    },
  );
}
