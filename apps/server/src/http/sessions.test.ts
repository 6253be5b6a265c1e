import { accountMessages } from '@sikkha/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, TEST_PASSWORD, testApp } from '../../test/app.js';
import { tokenService } from './auth.js';

let t: Awaited<ReturnType<typeof testApp>>;
let admin: Caller;

beforeAll(async () => {
  t = await testApp();
  admin = await t.staff('sessions-admin');
});
afterAll(() => t.close());

const login = (email: string, password = TEST_PASSWORD) => t.visitor.post('/api/loginEmail', { email, password });
const ping = (token: string) => t.app.inject({ url: '/api/loginPing', headers: { authorization: `Bearer ${token}` } });
const ended = async (token: string) => {
  const res = await ping(token);
  return res.statusCode === 401 && res.json().code === 'TOKEN_EXPIRED';
};

test("changing the password ends the member's other sessions; the one that changed it goes on", async () => {
  const email = 'two-devices@example.com';
  const phone = await t.member(email);
  const laptop = (await login(email)).json().data.token as string;
  const change = await phone.post('/api/userChangePassword', {
    password_old: TEST_PASSWORD,
    password: 'a-new-password-1',
    confirmPassword: 'a-new-password-1',
  });
  expect(change.statusCode, change.body).toBe(200);
  expect(await ended(laptop)).toBe(true);
  expect((await phone.get('/api/loginPing')).statusCode).toBe(200);
  // A new sign-in with the new password is a session of the new version.
  const again = (await login(email, 'a-new-password-1')).json().data.token as string;
  expect((await ping(again)).statusCode).toBe(200);
  // Refreshing the surviving session keeps it going.
  const refreshed = (await phone.get('/api/refreshToken')).json().data.token as string;
  expect((await ping(refreshed)).statusCode).toBe(200);
});

test("staff setting a member's password, or a staff account's, ends that account's sessions", async () => {
  const member = await t.member('reset-by-staff@example.com');
  const res = await admin.post('/api/user', { id: member.id, password: 'set-by-staff-123' });
  expect(res.statusCode, res.body).toBe(200);
  expect(await ended(member.token!)).toBe(true);
  expect((await login('reset-by-staff@example.com', 'set-by-staff-123')).statusCode).toBe(200);

  const other = await t.staff('sessions-other');
  expect((await admin.post('/api/personnel', { id: other.id, password: 'another-staff-pass' })).statusCode).toBe(200);
  expect(await ended(other.token!)).toBe(true);
  // Staff changing their own password stay signed in.
  expect((await admin.post('/api/personnel', { id: admin.id, password: 'my-own-new-pass' })).statusCode).toBe(200);
  expect((await admin.get('/api/personnel')).statusCode).toBe(200);
  // A write that touches no password ends nothing.
  const kept = await t.member('kept@example.com');
  expect((await admin.post('/api/user', { id: kept.id, nickname: 'ต้น' })).statusCode).toBe(200);
  expect((await kept.get('/api/loginPing')).statusCode).toBe(200);
});

test("a deleted account's token ends at once: a removed staff member cannot make staff accounts", async () => {
  const leaving = await t.staff('sessions-leaving');
  expect((await leaving.get('/api/personnel')).statusCode).toBe(200);
  expect((await admin.del(`/api/personnel?id=${leaving.id}`)).statusCode).toBe(200);
  const attempt = await leaving.post('/api/personnel', { username: 'planted', password: 'planted-password' });
  expect(attempt.statusCode).toBe(401);
  expect((await admin.get('/api/personnelByUsername?username=planted')).json().total).toBe(0);

  const member = await t.member('deleted-member@example.com');
  expect((await admin.del(`/api/user?id=${member.id}`)).statusCode).toBe(200);
  expect(await ended(member.token!)).toBe(true);
});

test('a well-signed staff token with no account behind it is refused', async () => {
  const { token } = await tokenService(t.app.ctx.config.jwtSecret, t.clock).issue('staff', 987_654, 0);
  const res = await t.app.inject({ url: '/api/personnel', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe(accountMessages.tokenExpired);
});

test('the bearer scheme is case-insensitive', async () => {
  const member = await t.member('lowercase@example.com');
  for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
    const res = await t.app.inject({ url: '/api/loginPing', headers: { authorization: `${scheme} ${member.token}` } });
    expect(res.statusCode, scheme).toBe(200);
  }
});
