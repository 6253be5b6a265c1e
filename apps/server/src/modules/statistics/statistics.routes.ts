import { message, apiRoutes as routes, type StatisticsPeriod } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember, requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { StatisticsService } from './statistics.service.js';

/**
 * Viewing statistics: the player's events in (members), a buyer's marks on lessons, and what the member's learning
 * page and the back office read out. The plain row reads (`videoStatistics`, `…ById`, `…ByUserId`, `…ByUserIdAndProductId`) are the
 * resource engine's.
 */
export function registerStatisticsRoutes(app: FastifyInstance, statistics: StatisticsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['statistics'];

  api.post(
    '/api/videoStatistics',
    {
      schema: {
        tags,
        summary:
          'Record played stretches of lessons (one event or a batch of up to 100); the member is the token’s. ' +
          'On page hide, send the batch with fetch(…, { keepalive: true }) and the Authorization header.',
        body: routes.videoStatistics.body,
        response: { 200: routes.videoStatistics.response, ...errorResponses },
      },
    },
    async (request) => {
      const member = requireMember(request);
      const body = request.body;
      const saved = await statistics.record(member, 'events' in body ? body.events : [body]);
      return { result: true, data: { saved }, message: message('saved') };
    },
  );

  api.get(
    '/api/videoStatisticsByUserIdLast',
    {
      schema: {
        tags,
        summary: 'The member’s last statistics row (of a course, with product_id), with where that lesson resumes',
        querystring: routes.videoStatisticsByUserIdLast.query,
        response: { 200: routes.videoStatisticsByUserIdLast.response, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await statistics.subjectOf(requireSignedIn(request), request.query.user_id);
      const data = await statistics.last(userId, request.query.product_id);
      return { result: true, data, message: message('ok') };
    },
  );

  api.get(
    '/api/videoStatisticsByUser',
    {
      schema: {
        tags,
        summary: 'Per course the member played: lessons, lessons completed (≥ 90%), seconds, the lesson to resume',
        querystring: routes.videoStatisticsByUser.query,
        response: { 200: routes.videoStatisticsByUser.response, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireSignedIn(request);
      const data = await statistics.courses(viewer, await statistics.subjectOf(viewer, request.query.user_id));
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );

  api.get(
    '/api/videoStatisticsDetailByUser',
    {
      schema: {
        tags,
        summary: 'Per lesson the member played (of a course, with product_id): seconds played, completion, resume',
        querystring: routes.videoStatisticsDetailByUser.query,
        response: { 200: routes.videoStatisticsDetailByUser.response, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await statistics.subjectOf(requireSignedIn(request), request.query.user_id);
      const data = await statistics.lessons(userId, request.query.product_id);
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );

  api.get(
    '/api/videoStatisticsChartByUser',
    {
      schema: {
        tags,
        summary: 'Seconds played on each Bangkok day of a month (month=YYYY-MM, this month by default)',
        querystring: routes.videoStatisticsChartByUser.query,
        response: { 200: routes.videoStatisticsChartByUser.response, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await statistics.subjectOf(requireSignedIn(request), request.query.user_id);
      const data = await statistics.chart(userId, request.query.month);
      return { result: true, data, message: message('ok'), total: data.length };
    },
  );

  api.post(
    '/api/lessonComplete',
    {
      schema: {
        tags,
        summary:
          'A buyer marks a lesson of their course complete (complete: true) or takes the mark back (false); ' +
          'setting it twice is one mark. Answers the mark and whether the lesson is done (watched 90% or marked)',
        body: routes.lessonComplete.body,
        response: { 200: routes.lessonComplete.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await statistics.mark(requireMember(request), request.body);
      return { result: true, data, message: message('saved') };
    },
  );

  const periods = { dayTotalSecond: 'day', weekTotalSecond: 'week', monthTotalSecond: 'month' } as const;
  for (const [name, period] of Object.entries(periods) as [keyof typeof periods, StatisticsPeriod][]) {
    api.get(
      `/api/${name}`,
      {
        schema: {
          tags,
          summary: `Seconds played this Bangkok ${period}${period === 'week' ? ' (Monday to Sunday)' : ''}`,
          querystring: routes[name].query,
          response: { 200: routes[name].response, ...errorResponses },
        },
      },
      async (request) => {
        const userId = await statistics.subjectOf(requireSignedIn(request), request.query.user_id);
        const data = await statistics.total(userId, period);
        return { result: true, data, message: message('ok') };
      },
    );
  }
}
