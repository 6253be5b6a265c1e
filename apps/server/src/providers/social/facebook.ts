import { createHmac } from 'node:crypto';
import { accountMessages } from '@sikkha/contract';
import { normaliseEmail } from '../../lib/emails.js';
import { ProviderUnavailable } from '../unavailable.js';
import { type SocialIdentity, socialRejected, textClaim, type VerifySocial } from './identity.js';

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  /** e.g. https://graph.facebook.com/v26.0 (FACEBOOK_GRAPH_VERSION) */
  graphUrl: string;
}

interface GraphError {
  error?: { message?: string; type?: string; code?: number };
}
interface DebugToken extends GraphError {
  data?: { app_id?: string | number; is_valid?: boolean; user_id?: string | number; error?: { message?: string } };
}
interface Me extends GraphError {
  id?: string;
  name?: string;
  email?: string;
}

/** Graph API error codes that mean "not now" (unknown / service / rate limits), not "bad token". */
const transientCodes = new Set([1, 2, 4, 17, 32, 341, 613]);

/**
 * Verifies a Facebook user access token with the Graph API: `debug_token` with the app token
 * (`{app-id}|{app-secret}`) must say it is valid and made for our app; then `/me` gives id, name and e-mail
 * (an e-mail only when the person granted it).
 */
export function facebookVerifier(config: FacebookConfig): VerifySocial {
  const appToken = `${config.appId}|${config.appSecret}`;

  async function graph<T extends GraphError>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${config.graphUrl}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    let body: T;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
      body = (await response.json()) as T;
    } catch (error) {
      throw new ProviderUnavailable(accountMessages.facebookUnavailable, error);
    }
    if (response.status >= 500 || (body.error?.code !== undefined && transientCodes.has(body.error.code))) {
      throw new ProviderUnavailable(
        accountMessages.facebookUnavailable,
        new Error(`Graph API ${path}: ${response.status} ${body.error?.message ?? ''}`),
      );
    }
    return body;
  }

  return async (accessToken, log) => {
    const refuse = (reason: string) => {
      log.warn({ reason }, 'Facebook access token refused');
      return socialRejected();
    };
    const debug = await graph<DebugToken>('debug_token', { input_token: accessToken, access_token: appToken });
    if (debug.error || !debug.data) throw refuse(debug.error?.message ?? 'no data from debug_token');
    if (debug.data.is_valid !== true) throw refuse(debug.data.error?.message ?? 'is_valid is false');
    if (String(debug.data.app_id) !== config.appId) throw refuse(`token of app ${String(debug.data.app_id)}`);

    // appsecret_proof: Graph API calls with a user token prove they come from the app's server.
    const proof = createHmac('sha256', config.appSecret).update(accessToken).digest('hex');
    const me = await graph<Me>('me', { fields: 'id,name,email', access_token: accessToken, appsecret_proof: proof });
    const providerId = textClaim(me.id);
    if (me.error || !providerId) throw refuse(me.error?.message ?? 'no id from /me');
    if (debug.data.user_id !== undefined && String(debug.data.user_id) !== providerId) {
      throw refuse('debug_token and /me name different people');
    }
    // Facebook gives one "name"; the register form wants first and last name.
    const [first, ...rest] = (textClaim(me.name) ?? '').split(/\s+/);
    const email = textClaim(me.email);
    return {
      provider: 'facebook',
      providerId,
      email: email ? normaliseEmail(email) : null,
      name_th: first || null,
      lname_th: rest.join(' ') || null,
    } satisfies SocialIdentity;
  };
}
