import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { OrdersService } from './orders.service.js';

/** Staff's order work (spec 2 §7): approving and refusing in bulk, book shipping, the back office's lists. */
export function registerStaffOrderRoutes(app: FastifyInstance, orders: OrdersService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders-payments'];
  const ok = message('ok');

  api.post(
    '/api/ordersUpdataAll',
    {
      schema: {
        tags,
        summary: 'Approves or cancels several waiting orders (staff)',
        body: routes.ordersUpdataAll.body,
        response: { 200: routes.ordersUpdataAll.response, ...errorResponses },
      },
    },
    async (request) => {
      const { id, orders_status, cancel_note } = request.body;
      const data = await orders.updateAll(requireSignedIn(request), id, orders_status, cancel_note);
      return { result: true, data, message: message('saved') };
    },
  );

  api.post(
    '/api/ordersUpdataListBookSend',
    {
      schema: {
        tags,
        summary: 'Sets the book shipping state (Y, N, C) of several orders (staff)',
        body: routes.ordersUpdataListBookSend.body,
        response: { 200: routes.ordersUpdataListBookSend.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await orders.setBookSend(requireSignedIn(request), request.body.id, request.body.status);
      return { result: true, data, message: message('saved') };
    },
  );

  api.get(
    '/api/ordersReview',
    {
      schema: {
        tags,
        summary:
          'The back office’s order lists: filtered (status, method, book shipping, member, course, Bangkok days, why cancelled), searched, sorted, paged; each with its member, course, coupon and slip check (staff)',
        querystring: routes.ordersReview.query,
        response: { 200: routes.ordersReview.response, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await orders.review(requireSignedIn(request), request.query);
      return { result: true, data, message: ok, total };
    },
  );

  api.get(
    '/api/ordersExpire',
    {
      schema: {
        tags,
        summary: 'Orders cancelled because nobody paid in time (staff)',
        querystring: routes.ordersExpire.query,
        response: { 200: routes.ordersExpire.response, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await orders.expired(requireSignedIn(request), request.query);
      return { result: true, data, message: ok, total };
    },
  );

  api.get(
    '/api/ordersByProductBooks',
    {
      schema: {
        tags,
        summary: 'Finished orders of book courses with where to post them (staff)',
        querystring: routes.ordersByProductBooks.query,
        response: { 200: routes.ordersByProductBooks.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await orders.bookOrders(requireSignedIn(request), request.query.orders_book_send);
      return { result: true, data, message: ok, total: data.length };
    },
  );

  api.get(
    '/api/ordersByDate',
    {
      schema: {
        tags,
        summary: 'Orders placed on Bangkok days from..to, and the members who placed them (userIn) (staff)',
        querystring: routes.ordersByDate.query,
        response: { 200: routes.ordersByDate.response, ...errorResponses },
      },
    },
    async (request) => {
      const { data, userIn } = await orders.byDate(requireSignedIn(request), request.query);
      return { result: true, data, message: ok, total: data.length, userIn };
    },
  );

  api.get(
    '/api/ordersTotalStatus',
    {
      schema: {
        tags,
        summary: 'How many orders have a status (wait by default): the back office’s badge (staff)',
        querystring: routes.ordersTotalStatus.query,
        response: { 200: routes.ordersTotalStatus.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await orders.totalStatus(requireSignedIn(request), request.query.orders_status);
      return { result: true, data, message: ok };
    },
  );
}
