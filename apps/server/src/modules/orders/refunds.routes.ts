import { message, apiRoutes as routes } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { OrdersService } from './orders.service.js';
import type { Reconciliation } from './reconcile.js';

/** Money coming back: refunds, charges paid after a cancel, and reconciliation with the gateway (staff). */
export function registerRefundRoutes(app: FastifyInstance, orders: OrdersService, reconcile: Reconciliation) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders-payments'];
  const ok = message('ok');
  const refunded = (pending: boolean) => message(pending ? 'refundPending' : 'refunded');

  api.post(
    '/api/ordersRefund',
    {
      schema: {
        tags,
        summary:
          'Refunds a finished order fully or partly, by the way it was paid: through the gateway, recorded by staff after a bank transfer, or into the coin ledger (staff)',
        body: routes.ordersRefund.body,
        response: { 200: routes.ordersRefund.response, ...errorResponses },
      },
    },
    async (request) => {
      const { view, pending } = await orders.refund(requireSignedIn(request), request.body);
      return { result: true, data: view, message: refunded(pending) };
    },
  );

  api.get(
    '/api/ordersRefunds',
    {
      schema: {
        tags,
        summary: 'The refunds of an order, each with its credit note or refund note number (its member, staff)',
        querystring: routes.ordersRefunds.query,
        response: { 200: routes.ordersRefunds.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await orders.refunds(requireSignedIn(request), request.query.id);
      return { result: true, data, message: ok, total: data.length };
    },
  );

  api.post(
    '/api/ordersResolvePaid',
    {
      schema: {
        tags,
        summary:
          'A charge paid after its order was cancelled: refund it, or grant the course through the one finish (staff)',
        body: routes.ordersResolvePaid.body,
        response: { 200: routes.ordersResolvePaid.response, ...errorResponses },
      },
    },
    async (request) => {
      const { view, pending } = await orders.resolvePaid(requireSignedIn(request), request.body);
      return {
        result: true,
        data: view,
        message: request.body.action === 'grant' ? message('saved') : refunded(pending),
      };
    },
  );

  api.post(
    '/api/ordersReconcile',
    {
      schema: {
        tags,
        summary: "Compares the gateway's charges and refunds of the last days with the shop's orders now (staff)",
        body: routes.ordersReconcile.body,
        response: { 200: routes.ordersReconcile.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await reconcile.runNow(requireSignedIn(request), request.body.days);
      return { result: true, data, message: ok };
    },
  );

  api.get(
    '/api/ordersReconcileList',
    {
      schema: {
        tags,
        summary: "Where the gateway's records and the shop's disagree, open or resolved (staff)",
        querystring: routes.ordersReconcileList.query,
        response: { 200: routes.ordersReconcileList.response, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await reconcile.list(requireSignedIn(request), request.query);
      return { result: true, data, message: ok, total };
    },
  );

  api.post(
    '/api/ordersReconcileResolve',
    {
      schema: {
        tags,
        summary: 'Marks a reconciliation line dealt with, with a note for the audit history (staff)',
        body: routes.ordersReconcileResolve.body,
        response: { 200: routes.ordersReconcileResolve.response, ...errorResponses },
      },
    },
    async (request) => {
      const data = await reconcile.resolve(requireSignedIn(request), request.body);
      return { result: true, data, message: message('saved') };
    },
  );
}
