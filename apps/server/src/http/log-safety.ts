import type { FastifyRequest } from 'fastify';

/** A path segment that is a token (a reset code, a payment reference, a playback ticket), not a name. */
const tokenSegment = /^(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9_.~-]{20,}$/;

/**
 * A URL as the log may keep it: the path with token-like segments replaced, and the query's names without their
 * values (an e-mail looked up, a payment reference, a URL signature).
 */
export function loggableUrl(url: string): string {
  const cut = url.indexOf('?');
  const path = (cut === -1 ? url : url.slice(0, cut))
    .split('/')
    .map((segment) => (tokenSegment.test(segment) ? '[token]' : segment))
    .join('/');
  if (cut === -1) return path;
  const names = [...new URLSearchParams(url.slice(cut + 1)).keys()];
  return names.length === 0 ? path : `${path}?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}`;
}

/** Fields that hold a secret or a person's data wherever they appear in a logged object, one level down. */
const secretFields = [
  'password',
  'confirmPassword',
  'oldPassword',
  'token',
  'code',
  'email',
  'mail_to',
  'secret',
  'authorization',
  'card',
  'id_card',
  'tax_id',
];

/**
 * Logger settings every app gets: requests are logged by method and safe URL only (no client address, no headers);
 * known secret and personal fields are censored in any logged object. Mail and messages are never logged whole in
 * production (providers/mail.ts, providers/messaging.ts).
 */
export const safeLogging = {
  serializers: {
    req: (request: FastifyRequest) => ({ method: request.method, url: loggableUrl(request.url) }),
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      ...secretFields,
      ...secretFields.map((field) => `*.${field}`),
    ],
    censor: '[redacted]',
  },
};
