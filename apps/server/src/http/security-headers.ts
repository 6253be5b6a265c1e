import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ThirdPartyOrigins } from '../providers/payments/port.js';

/** The outside origins the storefront loads code or frames from: Google and Facebook sign-in. */
const SIGN_IN = {
  scripts: ['https://accounts.google.com', 'https://connect.facebook.net'],
  frames: ['https://accounts.google.com', 'https://www.facebook.com', 'https://web.facebook.com'],
  connect: ['https://accounts.google.com', 'https://graph.facebook.com', 'https://www.facebook.com'],
};

const noOrigins: ThirdPartyOrigins = { scripts: [], connect: [], frames: [] };

/** `'sha256-…'` of each inline script of a page, so exactly those run and no injected one does. */
function inlineScriptHashes(html: string): string[] {
  return [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/**
 * The Content-Security-Policy of the web app's pages. Scripts: our own files, the page's own inline script by hash,
 * and the sign-in SDKs. Styles may be inline: MUI (emotion) writes its styles at run time. Video plays from blob:
 * URLs (hls.js feeds Media Source), protected files are shown as blob: URLs. The payment gateway's card form (KBank's
 * or Omise.js) loads its script and frames from the gateway. Lessons hosted elsewhere (VIDEO_HOSTS) are fetched by
 * hls.js, played by the browser or framed as their host's player. Nothing may frame the shop.
 */
export function pageSecurityPolicy(
  indexHtml: string,
  https: boolean,
  gateway: ThirdPartyOrigins = noOrigins,
  videoHosts: readonly string[] = [],
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(indexHtml), ...SIGN_IN.scripts, ...gateway.scripts],
    'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', ...videoHosts],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...SIGN_IN.connect, ...gateway.connect, ...videoHosts],
    'frame-src': [...SIGN_IN.frames, ...gateway.frames, ...videoHosts],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * Headers on every answer: no sniffing, no framing, a strict referrer policy, HSTS when the shop is reached over
 * HTTPS; and no caching of anything answered to a signed-in caller or to a write (a sign-in answers a session).
 * Pages get their CSP where they are served.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(fastifyHelmet, {
    global: true,
    // The pages' policy is made from the built index.html (see pageSecurityPolicy); API answers are JSON.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Google's and Facebook's sign-in popups talk back to the page that opened them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const personal = request.actor?.kind !== 'visitor' || request.method !== 'GET';
    if (personal && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
