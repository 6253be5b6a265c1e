import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { sendJson, startHttpDouble } from './http-double.js';

export const GOOGLE_CLIENT_ID = '123456789-sikkha-test.apps.googleusercontent.com';
const KID = 'sikkha-test-key-1';

/**
 * Google's side of Sign in with Google, locally: a JWKS endpoint as at https://www.googleapis.com/oauth2/v3/certs
 * with an RS256 key made for the test run, and ID tokens signed with it the way Google signs them.
 */
export async function startGoogle() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  let requests = 0;
  const server = await startHttpDouble((_request, url, response) => {
    if (url.pathname !== '/oauth2/v3/certs') return sendJson(response, 404, { error: 'not found' });
    requests++;
    response.setHeader('cache-control', 'public, max-age=3600');
    sendJson(response, 200, { keys: [jwk] });
  });

  return {
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${server.origin}/oauth2/v3/certs`,
      GOOGLE_ISSUER: 'https://accounts.google.com',
    },
    get requests() {
      return requests;
    },
    /**
     * An ID token as Google issues it for our client. `now` is the app's clock; `overrides` replace any claim;
     * `signWith: 'stranger'` signs with a key Google never published (same kid).
     */
    async idToken(
      claims: { sub: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string },
      now: Date,
      options: { overrides?: JWTPayload; lifetimeSeconds?: number; signWith?: 'google' | 'stranger' } = {},
    ) {
      const iat = Math.floor(now.getTime() / 1000);
      const key: CryptoKey = options.signWith === 'stranger' ? stranger.privateKey : privateKey;
      return new SignJWT({
        iss: 'https://accounts.google.com',
        azp: GOOGLE_CLIENT_ID,
        aud: GOOGLE_CLIENT_ID,
        email_verified: true,
        name: [claims.given_name, claims.family_name].filter(Boolean).join(' ') || undefined,
        ...claims,
        iat,
        exp: iat + (options.lifetimeSeconds ?? 3600),
        ...options.overrides,
      })
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
        .sign(key);
    },
    close: server.close,
  };
}
