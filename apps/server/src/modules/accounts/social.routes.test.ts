import { accountMessages, FACEBOOK_GRAPH_VERSION } from '@sikkha/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp } from '../../../test/app.js';
import { FACEBOOK_APP_ID, startFacebookGraph } from '../../../test/facebook-graph.js';
import { GOOGLE_CLIENT_ID, startGoogle } from '../../../test/google.js';
import { user } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let google: Awaited<ReturnType<typeof startGoogle>>;
let graph: Awaited<ReturnType<typeof startFacebookGraph>>;

beforeAll(async () => {
  [google, graph] = await Promise.all([startGoogle(), startFacebookGraph()]);
  t = await testApp({ env: { ...google.env, ...graph.env } });
});
afterAll(async () => {
  await t.close();
  await Promise.all([google.close(), graph.close()]);
});

const MINUTE = 60_000;
const register = {
  password: 'a-good-password',
  confirmPassword: 'a-good-password',
  name_title: 'นาย',
  name_th: 'สมชาย',
  lname_th: 'ใจดี',
  nickname: 'ชาย',
  phone: '0812345678',
  terms: true,
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userBy = async (email: string) => (await t.db.select().from(user).where(eq(user.email, email)))[0];

describe('settings', () => {
  test('public ids of the configured providers', async () => {
    const res = await t.visitor.get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ googleClientId: GOOGLE_CLIENT_ID, facebookAppId: FACEBOOK_APP_ID });
  });
});

describe('Google sign-in', () => {
  const loginGoogle = (credential: string) => t.visitor.post('/api/loginGoogle', { credential });

  test('a new person gets a sign-up ticket; registering with it sets google_id and agreement Y', async () => {
    const credential = await google.idToken(
      { sub: '110169484474386276334', email: 'Somchai.G@Gmail.com', given_name: 'สมชาย', family_name: 'ใจดี' },
      t.clock.now(),
    );
    const res = await loginGoogle(credential);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toBeUndefined();
    expect(body.data.token).toBeUndefined();
    expect(body.data.signup).toEqual({
      ticket: expect.any(String),
      provider: 'google',
      email: 'somchai.g@gmail.com',
      name_th: 'สมชาย',
      lname_th: 'ใจดี',
    });
    expect(google.requests).toBeGreaterThanOrEqual(1);
    const { ticket } = body.data.signup;

    // The e-mail Google vouched for is locked.
    const other = await t.visitor.post('/api/userRegister', { ...register, email: 'someone.else@example.com', ticket });
    expect(other.statusCode).toBe(400);
    expect(await userBy('someone.else@example.com')).toBeUndefined();

    const created = await t.visitor.post('/api/userRegister', { ...register, email: 'somchai.g@gmail.com', ticket });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user).toMatchObject({
      email: 'somchai.g@gmail.com',
      google_id: '110169484474386276334',
      agreement: 'Y',
    });

    // Next time the same Google account signs straight in.
    const again = await loginGoogle(await google.idToken({ sub: '110169484474386276334' }, t.clock.now()));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      result: true,
      data: { token: expect.any(String), expiresAt: expect.any(String) },
    });
    expect(again.json().user).toMatchObject({ id: created.json().user.id, agreement: 'Y' });
    expect(again.json().user).not.toHaveProperty('password');
    const ping = await t.app.inject({ url: '/api/loginPing', headers: bearer(again.json().data.token) });
    expect(ping.json().data.id).toBe(created.json().user.id);
  });

  test('an account with the verified e-mail signs in and gets the Google id linked', async () => {
    const member = await t.member('linked.g@example.com');
    const res = await loginGoogle(
      await google.idToken({ sub: 'google-sub-linked', email: 'linked.g@example.com' }, t.clock.now()),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(member.id);
    expect(res.json().user.google_id).toBe('google-sub-linked');
    expect((await userBy('linked.g@example.com'))!.google_id).toBe('google-sub-linked');
  });

  test('an unverified e-mail is not trusted: no linking, and the sign-up has no e-mail', async () => {
    await t.member('unverified.g@example.com');
    const res = await loginGoogle(
      await google.idToken(
        { sub: 'google-sub-unverified', email: 'unverified.g@example.com', email_verified: false },
        t.clock.now(),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.signup).toMatchObject({ provider: 'google', email: null });
    expect((await userBy('unverified.g@example.com'))!.google_id).toBeNull();
  });

  test.each([
    ['another audience', { overrides: { aud: 'someone-elses-client.apps.googleusercontent.com' } }],
    ['another issuer', { overrides: { iss: 'https://evil.example.com' } }],
    ['an expired token', { overrides: { exp: Math.floor(Date.parse('2026-01-01') / 1000) } }],
    ['a signature by a key Google never published', { signWith: 'stranger' as const }],
  ])('%s: 401 with the social sign-in message', async (_name, options) => {
    const credential = await google.idToken(
      { sub: 'google-sub-bad', email: 'bad.g@example.com' },
      t.clock.now(),
      options,
    );
    const res = await loginGoogle(credential);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: false, data: null, message: accountMessages.socialFailed });
  });

  test('"accounts.google.com" without the scheme is also Google', async () => {
    const credential = await google.idToken({ sub: 'google-sub-bare-iss' }, t.clock.now(), {
      overrides: { iss: 'accounts.google.com' },
    });
    expect((await loginGoogle(credential)).statusCode).toBe(200);
  });

  test('garbage: 401; too short: 400', async () => {
    expect((await loginGoogle('not.a.jwt-at-all')).statusCode).toBe(401);
    expect((await loginGoogle('x')).statusCode).toBe(400);
  });
});

describe('sign-up tickets', () => {
  async function freshTicket(sub: string, email: string) {
    const res = await t.visitor.post('/api/loginGoogle', {
      credential: await google.idToken({ sub, email }, t.clock.now()),
    });
    return res.json().data.signup.ticket as string;
  }

  test('a ticket expires after 15 minutes', async () => {
    const ticket = await freshTicket('google-sub-late', 'late.g@example.com');
    t.clock.advance(15 * MINUTE + 1000);
    const res = await t.visitor.post('/api/userRegister', { ...register, email: 'late.g@example.com', ticket });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(accountMessages.socialFailed);
    expect(await userBy('late.g@example.com')).toBeUndefined();
  });

  test('a session token is no ticket, and a ticket is no session token', async () => {
    const member = await t.member('holder@example.com');
    const asTicket = await t.visitor.post('/api/userRegister', {
      ...register,
      email: 'holder2@example.com',
      ticket: member.token,
    });
    expect(asTicket.statusCode).toBe(400);
    expect(asTicket.json().message).toBe(accountMessages.socialFailed);

    const ticket = await freshTicket('google-sub-ticket', 'ticket.g@example.com');
    const asSession = await t.app.inject({ url: '/api/loginPing', headers: bearer(ticket) });
    expect(asSession.statusCode).toBe(401);
  });

  test('a tampered ticket is refused', async () => {
    const ticket = await freshTicket('google-sub-tamper', 'tamper.g@example.com');
    const [header, payload, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'victim@example.com' })).toString('base64url');
    const res = await t.visitor.post('/api/userRegister', {
      ...register,
      email: 'victim@example.com',
      ticket: `${header}.${forged}.${signature}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Facebook sign-in', () => {
  const loginFacebook = (accessToken: string) => t.visitor.post('/api/loginFacebook', { accessToken });

  test('with an e-mail: a sign-up ticket; registering sets facebook_id and agreement Y', async () => {
    const accessToken = graph.token({ id: '10224242424242424', name: 'มานี มีนา', email: 'manee@example.com' });
    const res = await loginFacebook(accessToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.signup).toEqual({
      ticket: expect.any(String),
      provider: 'facebook',
      email: 'manee@example.com',
      name_th: 'มานี',
      lname_th: 'มีนา',
    });
    const created = await t.visitor.post('/api/userRegister', {
      ...register,
      email: 'manee@example.com',
      ticket: res.json().data.signup.ticket,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user).toMatchObject({ facebook_id: '10224242424242424', agreement: 'Y' });

    const again = await loginFacebook(graph.token({ id: '10224242424242424', name: 'มานี มีนา' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(created.json().user.id);
    expect(again.json().data.token).toEqual(expect.any(String));
  });

  test('without an e-mail: signup.email is null; registering with a typed e-mail leaves agreement N', async () => {
    const res = await loginFacebook(graph.token({ id: '10230000000000001', name: 'ปิติ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(accountMessages.facebookNoEmail);
    expect(res.json().data.signup).toMatchObject({ provider: 'facebook', email: null, name_th: 'ปิติ', lname_th: null });
    const created = await t.visitor.post('/api/userRegister', {
      ...register,
      email: 'piti.typed@example.com',
      ticket: res.json().data.signup.ticket,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user).toMatchObject({
      email: 'piti.typed@example.com',
      facebook_id: '10230000000000001',
      agreement: 'N',
    });
  });

  test('an account with the e-mail signs in and gets the Facebook id linked', async () => {
    const member = await t.member('linked.fb@example.com');
    const res = await loginFacebook(
      graph.token({ id: '10230000000000002', name: 'Linked', email: 'linked.fb@example.com' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: member.id, facebook_id: '10230000000000002' });
  });

  test.each([
    [
      'a token Facebook says is not valid',
      () => graph.token({ id: '1', name: 'x', email: 'x@example.com' }, { valid: false }),
    ],
    [
      'a token of another app',
      () => graph.token({ id: '2', name: 'y', email: 'y@example.com' }, { appId: '111111111111111' }),
    ],
    ['a token Facebook never issued', () => 'EAABnot-a-real-token-at-all'],
  ])('%s: 401 with the social sign-in message', async (_name, make) => {
    const res = await loginFacebook(make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: false, message: accountMessages.socialFailed });
  });

  test('debug_token with the app token, then /me with appsecret_proof (the double refuses calls without it)', async () => {
    graph.calls.length = 0;
    await loginFacebook(graph.token({ id: '10230000000000003', name: 'Proof' }));
    expect(graph.calls).toEqual([`/${FACEBOOK_GRAPH_VERSION}/debug_token`, `/${FACEBOOK_GRAPH_VERSION}/me`]);
  });

  test('Facebook down: 503 with a Thai message, no stack', async () => {
    graph.down = true;
    try {
      const res = await loginFacebook(graph.token({ id: '10230000000000004', name: 'Down' }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        result: false,
        data: null,
        message: accountMessages.facebookUnavailable,
        code: 'UNAVAILABLE',
      });
    } finally {
      graph.down = false;
    }
  });
});

describe('providers not configured or out of reach', () => {
  test('Google unreachable: 503; Facebook not configured: 404; settings say so', async () => {
    const gone = await startGoogle();
    const env = gone.env;
    await gone.close(); // nothing listens on its port any more
    const app = await testApp({ env });
    try {
      const credential = await gone.idToken({ sub: 'x', email: 'x@example.com' }, app.clock.now());
      const res = await app.visitor.post('/api/loginGoogle', { credential });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ result: false, message: accountMessages.googleUnavailable });

      const fb = await app.visitor.post('/api/loginFacebook', { accessToken: 'EAABwhatever-token' });
      expect(fb.statusCode).toBe(404);
      expect(fb.json().message).toBe(accountMessages.facebookOff);

      expect((await app.visitor.get('/api/settings')).json().data).toEqual({
        googleClientId: GOOGLE_CLIENT_ID,
        facebookAppId: null,
      });
    } finally {
      await app.close();
    }
  });
});
