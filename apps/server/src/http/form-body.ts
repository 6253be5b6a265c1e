import type { FastifyInstance } from 'fastify';

/**
 * Reads plain HTML form posts (application/x-www-form-urlencoded) in `scope` as an object of their fields, for the
 * route's schema to check: the pages that work before or without the app's script post such forms.
 */
export function acceptFormPosts(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
