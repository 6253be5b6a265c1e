import { createHmac, randomBytes } from 'node:crypto';
import { FACEBOOK_GRAPH_VERSION } from '@sikkha/contract';
import { sendJson, startHttpDouble } from './http-double.js';

export const FACEBOOK_APP_ID = '987654321012345';
export const FACEBOOK_APP_SECRET = 'test-app-secret-0123456789abcdef';
const VERSION = FACEBOOK_GRAPH_VERSION;

interface Person {
  id: string;
  name: string;
  /** Absent when the person did not grant the email permission (or has no confirmed address). */
  email?: string;
}
interface Token {
  person: Person;
  appId: string;
  valid: boolean;
}

const oauthError = (message: string, code = 190) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEfGhIjK' },
});

/**
 * The Graph API endpoints a server uses to check a Facebook Login access token, as documented:
 * `GET /{version}/debug_token?input_token=…&access_token={app-id}|{app-secret}` and
 * `GET /{version}/me?fields=id,name,email&access_token=…&appsecret_proof=…` (the app requires the proof).
 * Tests make user tokens with `token(...)`; `down` makes every call answer 500.
 */
export async function startFacebookGraph() {
  const tokens = new Map<string, Token>();
  const calls: string[] = [];
  let down = false;
  const server = await startHttpDouble((request, url, response) => {
    calls.push(url.pathname);
    if (down) return sendJson(response, 500, oauthError('An unexpected error has occurred.', 2));
    if (request.method !== 'GET') return sendJson(response, 400, oauthError('Unsupported method', 100));
    const q = url.searchParams;

    if (url.pathname === `/${VERSION}/debug_token`) {
      if (q.get('access_token') !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`) {
        return sendJson(response, 400, oauthError('Invalid OAuth access token signature.'));
      }
      const token = tokens.get(q.get('input_token') ?? '');
      if (!token) {
        return sendJson(response, 200, {
          data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] },
        });
      }
      const now = Math.floor(Date.now() / 1000);
      return sendJson(response, 200, {
        data: {
          app_id: token.appId,
          type: 'USER',
          application: 'Sikkha test',
          data_access_expires_at: now + 90 * 86400,
          expires_at: now + 3600,
          is_valid: token.valid,
          issued_at: now - 60,
          scopes: token.person.email ? ['email', 'public_profile'] : ['public_profile'],
          user_id: token.person.id,
          ...(token.valid
            ? {}
            : { error: { code: 190, message: 'Error validating access token: Session has expired' } }),
        },
      });
    }

    if (url.pathname === `/${VERSION}/me`) {
      const raw = q.get('access_token') ?? '';
      const token = tokens.get(raw);
      if (!token?.valid) return sendJson(response, 400, oauthError('Invalid OAuth access token.'));
      // The test app has "Require App Secret" on, so server calls must carry appsecret_proof.
      const proof = q.get('appsecret_proof');
      if (proof === null) {
        return sendJson(
          response,
          400,
          oauthError('API calls from the server require an appsecret_proof argument', 100),
        );
      }
      if (proof !== createHmac('sha256', FACEBOOK_APP_SECRET).update(raw).digest('hex')) {
        return sendJson(response, 400, oauthError('Invalid appsecret_proof provided in the API argument', 100));
      }
      const fields = (q.get('fields') ?? 'id,name').split(',');
      const person = token.person as unknown as Record<string, unknown>;
      return sendJson(response, 200, Object.fromEntries(fields.filter((f) => f in person).map((f) => [f, person[f]])));
    }
    return sendJson(response, 404, oauthError('Unknown path components', 2500));
  });

  return {
    env: {
      FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${server.origin}/${VERSION}`,
    },
    /** A user access token as Facebook Login gives the browser. */
    token(person: Person, options: { appId?: string; valid?: boolean } = {}) {
      const value = `EAAB${randomBytes(24).toString('base64url')}`;
      tokens.set(value, { person, appId: options.appId ?? FACEBOOK_APP_ID, valid: options.valid ?? true });
      return value;
    },
    calls,
    set down(value: boolean) {
      down = value;
    },
    close: server.close,
  };
}
