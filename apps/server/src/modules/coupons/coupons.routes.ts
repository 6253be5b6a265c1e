import { couponEmail, couponProduct, envelope, idQuery, apiRoutes as routes, saveEnvelope } from '@sikkha/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireSignedIn } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import type { CouponsService } from './coupons.service.js';

/**
 * Coupons (orders §7): the member's check of a code for a course, staff's searches, and the create and delete of
 * couponEmail and couponProduct rows (removal marks a row, re-adding restores it). Plain reads and the coupon's
 * own writes are the resource engine's, with the form's rules as its hook.
 */
export function registerCouponRoutes(app: FastifyInstance, coupons: CouponsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['coupons'];

  api.get(
    '/api/couponByCode',
    {
      schema: {
        tags,
        summary: 'Checks a coupon code for a course (member): its terms and price, or the first refusal',
        querystring: routes.couponByCode.query,
        response: { 200: routes.couponByCode.response, ...errorResponses },
      },
    },
    (request) => coupons.check(requireMember(request), request.query),
  );

  api.get(
    '/api/couponAllByCode',
    {
      schema: {
        tags,
        summary: 'Coupons whose code contains the text (staff)',
        querystring: routes.couponAllByCode.query,
        response: { 200: routes.couponAllByCode.response, ...errorResponses },
      },
    },
    async (request) => {
      await coupons.manage(requireSignedIn(request));
      return coupons.byCode(request.query.code);
    },
  );

  api.get(
    '/api/couponByCouponCode',
    {
      schema: {
        tags,
        summary: 'The coupon with this code, in any letter case (staff; the form asks before creating one)',
        querystring: routes.couponByCouponCode.query,
        response: { 200: routes.couponByCouponCode.response, ...errorResponses },
      },
    },
    async (request) => {
      await coupons.manage(requireSignedIn(request));
      return coupons.byCouponCode(request.query.coupon_code);
    },
  );

  api.get(
    '/api/couponByNotExpire',
    {
      schema: {
        tags,
        summary: 'Coupons open now (staff)',
        response: { 200: routes.couponByNotExpire.response, ...errorResponses },
      },
    },
    async (request) => {
      await coupons.manage(requireSignedIn(request));
      return coupons.notExpired();
    },
  );

  api.get(
    '/api/couponByDate',
    {
      schema: {
        tags,
        summary: 'Coupons open at some time of a Bangkok day (staff)',
        querystring: routes.couponByDate.query,
        response: { 200: routes.couponByDate.response, ...errorResponses },
      },
    },
    async (request) => {
      await coupons.manage(requireSignedIn(request));
      return coupons.byDate(request.query.date);
    },
  );

  // These are the resources' own create and delete calls (tagged so), with the spec's remove_by rules.
  for (const [name, entity, rows] of [
    ['couponEmail', couponEmail, coupons.emails],
    ['couponProduct', couponProduct, coupons.products],
  ] as const) {
    api.post(
      `/api/${name}`,
      {
        schema: {
          tags: [name],
          summary: `Add a ${name} (one the coupon had is restored), or update it when the body has an id`,
          body: entity.write,
          response: { 200: saveEnvelope(entity.row), ...errorResponses },
        },
      },
      async (request) =>
        rows.save(await coupons.manage(requireSignedIn(request)), request.body as Record<string, unknown>),
    );
    api.delete(
      `/api/${name}`,
      {
        schema: {
          tags: [name],
          summary: `Remove a ${name}: it is marked remove_by Y and kept`,
          querystring: idQuery,
          response: { 200: envelope(z.object({ id: z.number().int() })), ...errorResponses },
        },
      },
      async (request) => {
        await coupons.manage(requireSignedIn(request));
        return rows.remove(request.query.id);
      },
    );
  }
}
