import { COOKIE_CONSENT_FORM, cookieConsentCookie } from '@sikkha/contract/rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptFormPosts } from '../../http/form-body.js';

/** Where a form may send the shopper back to: a path of this site, written as a URL writes it; else home. */
function backTo(asked: string | undefined): string {
  if (!asked?.startsWith('/')) return '/';
  const site = 'http://site.invalid';
  try {
    const url = new URL(asked, site);
    // "//host" and "/\host" name another site; the URL's own serialization escapes anything else.
    return url.origin === site ? url.pathname + url.search : '/';
  } catch {
    return '/';
  }
}

const consentForm = z.object({ answer: z.enum(['agree', 'disagree']), back: z.string().max(2048).optional() });

/**
 * The cookie banner's answer tapped before the page's script ran (the banner's buttons submit a plain form): the
 * cookie is kept as the script would keep it, and the shopper goes back to the page, now rendered without the banner.
 */
export async function registerCookieConsentForm(app: FastifyInstance) {
  await app.register(async (plain) => {
    acceptFormPosts(plain);
    plain
      .withTypeProvider<ZodTypeProvider>()
      .post(COOKIE_CONSENT_FORM, { schema: { hide: true, body: consentForm } }, (request, reply) =>
        reply
          .status(303)
          .header('set-cookie', cookieConsentCookie(request.body.answer))
          .header('cache-control', 'no-store')
          .header('location', backTo(request.body.back))
          .send(),
      );
  });
}
