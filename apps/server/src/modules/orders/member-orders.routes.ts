import { message, apiRoutes as routes, waitingOrderConflict } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { OnlinePayments } from './online-payments.js';
import { WaitingOrderExists } from './order-placement.js';
import type { OrdersService } from './orders.service.js';

/** The header a client may send instead of `order.idempotency_key`. */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Orders and payments as a member meets them (spec 2 §7): placing, paying, attaching a slip, cancelling, the payment
 * page, their own orders. Staff pass the same doors where the spec gives both (ordersUpdate, ordersView, ...). An
 * order's status and money change only in this module (these routes, the staff's and the online payments'); the
 * certificates and documents modules mark what they issued on it (`orders_certificate`, a replaced `order_no`), and
 * the resource engine only reads orders (`orders`, `ordersById`, `ordersByUserId`, `ordersByStatus`,
 * `ordersDetail…`) with the owner-or-staff rule.
 */
export function registerMemberOrderRoutes(app: FastifyInstance, orders: OrdersService, online: OnlinePayments) {
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
      const data = await online.pay(requireMember(request), request.body);
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
    async (request) => ({ result: true, data: await online.paymentPage(request.query.ref), message: ok }),
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
    async (request) => ({ result: true, data: await online.paymentPage(request.query.code), message: ok }),
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
    '/api/ordersMine',
    {
      schema: {
        tags,
        summary:
          "The member's own orders, newest first, each with its course, the amount charged, what was refunded and a waiting one's payment page",
        querystring: routes.ordersMine.query,
        response: { 200: routes.ordersMine.response, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await orders.mine(requireMember(request), request.query);
      return { result: true, data, message: ok, total };
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
      const data = await online.recheck(requireSignedIn(request), request.query);
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
}
