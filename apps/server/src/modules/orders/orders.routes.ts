import { message, apiRoutes as routes, waitingOrderConflict } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { gatewayPaths } from '../../providers/payments/port.js';
import type { GatewayPayments } from './gateway.js';
import { type OrdersService, WaitingOrderExists } from './orders.service.js';

/** The header a client may send instead of `order.idempotency_key`. */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Orders and payments (spec 2 §7). Nothing else writes orders: the resource engine only reads them (`orders`,
 * `ordersById`, `ordersByUserId`, `ordersByStatus`, `ordersDetail…`) with the owner-or-staff rule.
 */
export function registerOrderRoutes(app: FastifyInstance, orders: OrdersService, gateway: GatewayPayments) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders-payments'];
  const ok = message('ok');
  const headerKey = (headers: Record<string, string | string[] | undefined>) => {
    const value = headers[IDEMPOTENCY_HEADER];
    return Array.isArray(value) ? value[0] : value;
  };
  const withConflict = { ...errorResponses, 409: z.union([waitingOrderConflict, errorResponses[409]]) };
  const conflictBody = (error: WaitingOrderExists) => ({
    result: false as const,
    data: error.order,
    message: error.message,
    code: 'ORDER_WAITING' as const,
  });

  api.post(
    '/api/orders',
    {
      schema: {
        tags,
        summary:
          'Places an order { order, ordersDetail, notification }: amounts are the server’s; one order per Idempotency-Key; 409 offers a waiting order of the course',
        body: routes.orders.body,
        response: { 200: routes.orders.response, ...withConflict },
      },
    },
    async (request, reply) => {
      try {
        const data = await orders.place(requireMember(request), request.body, headerKey(request.headers));
        return { result: true, data, message: message(data.orders_status === 'finish' ? 'orderPaid' : 'orderPlaced') };
      } catch (error) {
        if (error instanceof WaitingOrderExists) return reply.code(409).send(conflictBody(error));
        throw error;
      }
    },
  );

  api.post(
    '/api/ordersCoinPay',
    {
      schema: {
        tags,
        summary: 'Pays a course with coins at once: the order finishes, the coins leave the balance with a ledger row',
        body: routes.ordersCoinPay.body,
        response: { 200: routes.ordersCoinPay.response, ...withConflict },
      },
    },
    async (request, reply) => {
      try {
        const paid = await orders.coinPay(requireMember(request), request.body, headerKey(request.headers));
        return {
          result: true,
          data: { id: paid.id, orders_net: paid.orders_net, point: paid.point },
          message: message('orderPaid'),
        };
      } catch (error) {
        if (error instanceof WaitingOrderExists) return reply.code(409).send(conflictBody(error));
        throw error;
      }
    },
  );

  api.post(
    '/api/ordersPay',
    {
      schema: {
        tags,
        summary: 'Charges a waiting card, smart-pay or union-pay order at the gateway (card token from its script)',
        body: routes.ordersPay.body,
        response: { 200: routes.ordersPay.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await gateway.pay(requireMember(request), request.body);
      const failed = data.status === 'failed' || data.status === 'expired';
      return { result: !failed, data, message: failed ? message('paymentRejected') : ok };
    },
  );

  api.post(
    '/api/ordersUpdate',
    {
      schema: {
        tags,
        summary:
          'A member attaches a slip to or cancels their waiting order; staff approve (finish), cancel, set book and certificate marks',
        body: routes.ordersUpdate.body,
        response: { 200: routes.ordersUpdate.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await orders.update(requireSignedIn(request), request.body);
      return { result: true, data, message: message('saved') };
    },
  );

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
    '/api/ordersByRef',
    {
      schema: {
        tags,
        summary: 'What a payment page shows, by its opaque reference (public; nothing personal)',
        querystring: routes.ordersByRef.query,
        response: { 200: routes.ordersByRef.response, ...errorResponses },
      },
    },
    async (request) => ({ result: true, data: await gateway.paymentPage(request.query.ref), message: ok }),
  );

  api.get(
    '/api/ordersByCode',
    {
      schema: {
        tags,
        summary: 'Same as ordersByRef, by the code the spec names (the payment page’s reference)',
        querystring: routes.ordersByCode.query,
        response: { 200: routes.ordersByCode.response, ...errorResponses },
      },
    },
    async (request) => ({ result: true, data: await gateway.paymentPage(request.query.code), message: ok }),
  );

  api.post(
    '/api/ordersCancelByCode',
    {
      schema: {
        tags,
        summary: 'Cancels a waiting order by its payment page’s reference (public: the reference is the right)',
        body: routes.ordersCancelByCode.body,
        response: { 200: routes.ordersCancelByCode.response, ...errorResponses },
      },
    },
    async (request) => {
      await orders.cancelByCode(request.body.code);
      return { result: true, data: null, message: message('orderCancelled') };
    },
  );

  api.get(
    '/api/ordersView',
    {
      schema: {
        tags,
        summary: 'One order with its course, payment page reference and slip check (its member, staff)',
        querystring: routes.ordersView.query,
        response: { 200: routes.ordersView.response, ...errorResponses },
      },
    },
    async (request) => ({
      result: true,
      data: await orders.view(requireSignedIn(request), request.query.id),
      message: ok,
    }),
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

  api.get(
    '/api/ordersRecheckByUser',
    {
      schema: {
        tags,
        summary:
          'Asks the gateway again about the member’s waiting gateway payments (of a course, when given); staff name the member (user_id)',
        querystring: routes.ordersRecheckByUser.query,
        response: { 200: routes.ordersRecheckByUser.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await gateway.recheck(requireSignedIn(request), request.query);
      return { result: true, data, message: ok };
    },
  );

  api.get(
    '/api/ordersFileTaxInvoice',
    {
      schema: {
        tags,
        summary: 'The document number (order_no) of a finished order (its member, staff)',
        querystring: routes.ordersFileTaxInvoice.query,
        response: { 200: routes.ordersFileTaxInvoice.response, ...errorResponses },
      },
    },
    async (request) => ({
      result: true,
      data: await orders.taxInvoiceNumber(requireSignedIn(request), request.query.id),
      message: ok,
    }),
  );

  for (const name of ['ordersDetailByFinish', 'ordersDetailByProductIdAndFinish'] as const) {
    api.get(
      `/api/${name}`,
      {
        schema: {
          tags,
          summary: 'Detail rows of finished orders: the member’s own, any member’s (user_id) for staff',
          querystring: routes[name].query,
          response: { 200: routes[name].response, ...errorResponses },
        },
      },
      async (request) => {
        const data = await orders.finishedDetails(requireSignedIn(request), request.query);
        return { result: true, data, message: ok, total: data.length };
      },
    );
  }

  // The gateway's side: its notification (raw bytes, for the signature) and the person's return. These speak the
  // gateway's protocol, not the shop's API, so they stay out of the OpenAPI document.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(gatewayPaths.notify, { schema: { hide: true } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const status = await gateway.notify(request.headers, raw);
      return { result: true, data: { status }, message: ok };
    });

    // Opn and the sandbox come back with `?ref=` (the payment page's reference); KPGW posts a form with `objectId`.
    const back = async (
      request: { query: unknown; body: unknown },
      reply: { redirect(url: string, code: number): unknown },
    ) => {
      const query = request.query as { ref?: unknown; objectId?: unknown };
      const form = Buffer.isBuffer(request.body)
        ? new URLSearchParams(request.body.subarray(0, 4096).toString('utf8'))
        : new URLSearchParams();
      const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);
      const token = text(query.ref);
      const chargeId = text(form.get('objectId') ?? query.objectId);
      return reply.redirect(await gateway.callback({ token, chargeId }), 303);
    };
    scope.get(gatewayPaths.callback, { schema: { hide: true } }, back);
    scope.post(gatewayPaths.callback, { schema: { hide: true } }, back);
  });
}
