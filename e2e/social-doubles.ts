import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

// Google's and Facebook's sides of social sign-in, locally (the network is closed): the server talks to a JWKS
// endpoint and a Graph API double over HTTP, as it would to Google and Facebook; the browser gets stand-ins for
// the two SDK scripts that speak the documented JavaScript calls the web uses (google.accounts.id, FB.login).

async function startHttp(handle: (url: URL, response: ServerResponse) => void) {
  const server = createServer((request, response) => handle(new URL(request.url ?? '/', 'http://x'), response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
};

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export const GOOGLE_CLIENT_ID = '123456789-sikkha-e2e.apps.googleusercontent.com';

/** A JWKS endpoint like https://www.googleapis.com/oauth2/v3/certs, and ID tokens signed as Google signs them. */
export async function startGoogle() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'sikkha-e2e-key';
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const server = await startHttp((url, response) =>
    url.pathname === '/oauth2/v3/certs' ? json(response, 200, { keys: [jwk] }) : json(response, 404, {}),
  );
  return {
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${server.origin}/oauth2/v3/certs`,
      GOOGLE_ISSUER: 'https://accounts.google.com',
    },
    idToken(claims: { sub: string; email: string; given_name?: string; family_name?: string }) {
      const iat = Math.floor(Date.now() / 1000);
      const header = base64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
      const payload = base64url(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          aud: GOOGLE_CLIENT_ID,
          azp: GOOGLE_CLIENT_ID,
          email_verified: true,
          ...claims,
          iat,
          exp: iat + 3600,
        }),
      );
      const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey);
      return `${header}.${payload}.${base64url(signature)}`;
    },
    close: server.close,
  };
}

export const FACEBOOK_APP_ID = '987654321012345';
const FACEBOOK_APP_SECRET = 'e2e-app-secret-0123456789abcdef';

/** The Graph API calls that check a Facebook Login access token: debug_token and /me (with appsecret_proof). */
export async function startFacebookGraph() {
  const people = new Map<string, { id: string; name: string; email?: string }>();
  const server = await startHttp((url, response) => {
    const q = url.searchParams;
    if (url.pathname === '/v19.0/debug_token') {
      if (q.get('access_token') !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`) {
        return json(response, 400, { error: { message: 'Invalid OAuth access token signature.', code: 190 } });
      }
      const person = people.get(q.get('input_token') ?? '');
      const now = Math.floor(Date.now() / 1000);
      return json(response, 200, {
        data: person
          ? {
              app_id: FACEBOOK_APP_ID,
              type: 'USER',
              is_valid: true,
              issued_at: now - 60,
              expires_at: now + 3600,
              scopes: person.email ? ['email', 'public_profile'] : ['public_profile'],
              user_id: person.id,
            }
          : { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' }, scopes: [] },
      });
    }
    if (url.pathname === '/v19.0/me') {
      const token = q.get('access_token') ?? '';
      const person = people.get(token);
      const proof = createHmac('sha256', FACEBOOK_APP_SECRET).update(token).digest('hex');
      if (!person || q.get('appsecret_proof') !== proof) {
        return json(response, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      }
      return json(response, 200, person);
    }
    json(response, 404, { error: { message: 'Unknown path', code: 803 } });
  });
  return {
    env: { FACEBOOK_APP_ID, FACEBOOK_APP_SECRET, FACEBOOK_GRAPH_URL: `${server.origin}/v19.0` },
    /** A user access token for this person, as FB.login would hand it to the page. */
    token(person: { id: string; name: string; email?: string }) {
      const token = `EAAB${person.id}${Math.random().toString(36).slice(2)}`;
      people.set(token, person);
      return token;
    },
    close: server.close,
  };
}

// The SDK stand-ins. Google's draws its button (a click gives the ID token in window.__googleCredential to the
// callback); Facebook's FB.login answers window.__facebookToken, or a cancelled login when it is null.
const GOOGLE_SDK_STANDIN = `
window.google = { accounts: { id: {
  initialize(options) { window.__googleOptions = options; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = () => window.__googleOptions.callback({ credential: window.__googleCredential, select_by: 'btn' });
    parent.replaceChildren(button);
  },
  prompt() {},
} } };`;

const FACEBOOK_SDK_STANDIN = `
window.FB = {
  init(options) { window.__facebookInit = options; },
  login(callback, options) {
    window.__facebookScope = options && options.scope;
    const token = window.__facebookToken;
    setTimeout(() => callback(token
      ? { status: 'connected', authResponse: { accessToken: token, userID: 'x', expiresIn: 3600 } }
      : { status: 'unknown', authResponse: null }), 50);
  },
};`;

/** Serves the SDK stand-ins at the real SDK addresses, for this page only. */
export async function routeSocialSdks(page: Page) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GOOGLE_SDK_STANDIN }),
  );
  await page.route(/^https:\/\/connect\.facebook\.net\/.*\/sdk\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FACEBOOK_SDK_STANDIN }),
  );
}
