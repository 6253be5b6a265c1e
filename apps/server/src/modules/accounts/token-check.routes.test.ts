import { apiRoutes } from '@sikkha/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_PASSWORD, testApp } from '../../../test/app.js';

let t: Awaited<ReturnType<typeof testApp>>;

// A short token life, as a shop may configure it: the web renews a token shortly before this runs out.
const MAX_AGE_SECONDS = 120;

beforeAll(async () => {
  t = await testApp({ env: { TOKEN_MAX_AGE: String(MAX_AGE_SECONDS) } });
});
afterAll(() => t.close());

const check = (token: string) =>
  t.app.inject({ url: '/api/userCheckToken', headers: { authorization: `Bearer ${token}` } });

describe('GET /api/userCheckToken', () => {
  test("answers the contract's shape: whose token it is and when it ends, as the login said", async () => {
    const issuedAt = t.clock.now().getTime();
    const m = await t.member('check-token@example.com');
    t.clock.advance(30_000);
    const res = await check(m.token!);
    expect(res.statusCode).toBe(200);
    const body = apiRoutes.userCheckToken.response.parse(res.json());
    expect(body.data).toEqual({
      role: 'member',
      expiresAt: new Date(issuedAt + MAX_AGE_SECONDS * 1000).toISOString(),
    });
  });

  test('a staff token says staff, with the end the login answered', async () => {
    await t.staff('check-token-staff');
    const login = await t.visitor.post('/api/loginPersonnel', {
      username: 'check-token-staff',
      password: TEST_PASSWORD,
    });
    const { token, expiresAt } = login.json().data;
    expect((await check(token)).json().data).toEqual({ role: 'staff', expiresAt });
  });

  test('a refreshed token ends later than the one it replaced', async () => {
    const m = await t.member('check-token-refresh@example.com');
    const before = (await check(m.token!)).json().data.expiresAt;
    t.clock.advance(60_000);
    const fresh = (await m.get('/api/refreshToken')).json().data;
    const after = (await check(fresh.token)).json().data.expiresAt;
    expect(after).toBe(fresh.expiresAt);
    expect(Date.parse(after) - Date.parse(before)).toBe(60_000);
  });

  test('past its end the token is refused with TOKEN_EXPIRED', async () => {
    const m = await t.member('check-token-expired@example.com');
    t.clock.advance((MAX_AGE_SECONDS + 1) * 1000);
    const res = await check(m.token!);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});
