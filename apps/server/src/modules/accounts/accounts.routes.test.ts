import { accountMessages } from '@sikkha/contract';
import { accessWindow, baht } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, TEST_PASSWORD, testApp } from '../../../test/app.js';
import * as s from '../../db/schema/index.js';
import { FREE_TRIES } from './login-throttle.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('accounts-staff');
});
afterAll(() => t.close());

const valid = {
  email: 'New.Member@Example.com',
  password: 'a-good-password',
  confirmPassword: 'a-good-password',
  name_title: 'นางสาว',
  name_th: 'มะลิ',
  lname_th: 'ใจงาม',
  nickname: 'ลิ',
  phone: '0812345678',
  terms: true,
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('registration', () => {
  test('creates the member, signs them in and answers the user object', async () => {
    const res = await t.visitor.post('/api/userRegister', valid);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email: 'new.member@example.com',
      agreement: 'N',
      privacy_policy: 'N',
      status: 'new',
      point: 0,
      finish: [],
      wait: [],
      waitType: [],
      waitRef: [],
      count: [],
      day: [],
      approve: [],
      certificate: [],
      code: [],
    });
    expect(body.user).not.toHaveProperty('password');
    expect(body.insertId).toBe(body.user.id);
    const ping = await t.app.inject({ url: '/api/loginPing', headers: bearer(body.data.token) });
    expect(ping.json().data.id).toBe(body.user.id);
  });

  test('the same e-mail again, in any case, is refused with the spec message', async () => {
    const res = await t.visitor.post('/api/userRegister', { ...valid, email: 'NEW.member@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('มี Email ในระบบเเล้ว');
  });

  test('a username is optional, kept when given, unique, and found by userByUsername', async () => {
    const first = await t.visitor.post('/api/userRegister', {
      ...valid,
      email: 'named@example.com',
      username: 'mali_j',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.username).toBe('mali_j');
    expect((await t.visitor.get('/api/userByUsername?username=mali_j')).json().data).toMatchObject({ exists: true });
    const again = await t.visitor.post('/api/userRegister', {
      ...valid,
      email: 'other@example.com',
      username: 'mali_j',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('มี Username ในระบบแล้ว');
    const bad = await t.visitor.post('/api/userRegister', { ...valid, email: 'bad@example.com', username: 'a b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('username');
    // Two members without one are not a clash.
    for (const email of ['none1@example.com', 'none2@example.com']) {
      const res = await t.visitor.post('/api/userRegister', { ...valid, email, username: '' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.username).toBeNull();
    }
  });

  test('two registrations racing for one e-mail: one wins, one is told', async () => {
    const body = { ...valid, email: 'race@example.com' };
    const results = await Promise.all([
      t.visitor.post('/api/userRegister', body),
      t.visitor.post('/api/userRegister', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  test.each([
    [{ email: 'not-an-email' }, 'email: รูปแบบ E-mail ไม่ถูกต้อง'],
    [{ phone: '08123x5678' }, 'phone: Input Invalid'],
    [{ phone: '081234567' }, 'phone: Please enter 10 characters'],
    [{ name_title: 'ดร.' }, 'name_title'],
    [{ terms: false }, `terms: ${accountMessages.terms}`],
    [{ confirmPassword: 'something-else' }, 'confirmPassword: ยืนยันรหัสผ่าน ไม่ตรงกัน'],
    [{ nickname: '' }, 'nickname: กรุณากรอก ข้อมูล'],
    [{ password: 'short', confirmPassword: 'short' }, `password: ${accountMessages.passwordShort}`],
  ])('%o is refused: %s', async (change, expected) => {
    const res = await t.visitor.post('/api/userRegister', { ...valid, email: 'bad@example.com', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(expected);
  });

  test('agreement cannot be granted by the client', async () => {
    const res = await t.visitor.post('/api/userRegister', { ...valid, email: 'sneaky@example.com', agreement: 'Y' });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in and sessions', () => {
  test('a wrong password or unknown e-mail gets the same message', async () => {
    const wrong = await t.visitor.post('/api/loginEmail', { email: 'new.member@example.com', password: 'nope-nope' });
    const unknown = await t.visitor.post('/api/loginEmail', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(accountMessages.loginFailed);
    expect(unknown.json().message).toBe(accountMessages.loginFailed);
    const empty = await t.visitor.post('/api/loginEmail', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('กรุณากรอก ข้อมูล');
  });

  test('guessing waits longer after each failure, per account and address, and never locks the owner out', async () => {
    await t.member('guess@example.com');
    const from = (address: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/loginEmail',
        headers: { 'x-forwarded-for': address },
        payload: { email: 'guess@example.com', password },
      });
    const attacker = '203.0.113.7';
    for (let i = 0; i < FREE_TRIES; i++) expect((await from(attacker, `wrong-${i}`)).statusCode).toBe(401);
    // The next try waits 1 s, then 2 s, 4 s …: a delay, not a lock.
    const held = await from(attacker, 'wrong-again');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(accountMessages.loginThrottled);
    expect(held.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await from(attacker, 'wrong-4')).statusCode).toBe(401);
    expect((await from(attacker, 'wrong-5')).headers['retry-after']).toBe('2');
    t.clock.advance(2000);
    expect((await from(attacker, 'wrong-6')).statusCode).toBe(401);
    expect((await from(attacker, 'wrong-7')).headers['retry-after']).toBe('4');

    // Meanwhile the owner, from their own address, signs in at once with the right password.
    expect((await from('198.51.100.20', TEST_PASSWORD)).statusCode).toBe(200);
    // From the attacker's address too, once its wait is over, and the right password clears the count.
    t.clock.advance(4000);
    expect((await from(attacker, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await from(attacker, 'wrong-after-success')).statusCode).toBe(401);
    // Failures are forgotten after 15 quiet minutes.
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await from(attacker, 'wrong-later')).statusCode).toBe(401);
  });

  test('parallel guesses cannot slip past the count: exactly the free tries are checked', async () => {
    await t.member('parallel@example.com');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/loginEmail',
          headers: { 'x-forwarded-for': '203.0.113.50' },
          payload: { email: 'parallel@example.com', password: `guess-${i}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(FREE_TRIES);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50 - FREE_TRIES);
  });

  test('staff sign-in is throttled the same way, per username and address', async () => {
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/loginPersonnel',
          headers: { 'x-forwarded-for': '203.0.113.60' },
          payload: { username: 'accounts-staff', password: 'not-it' },
        }),
      ),
    );
    expect(tries.filter((a) => a.statusCode === 401)).toHaveLength(FREE_TRIES);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/loginPersonnel',
      headers: { 'x-forwarded-for': '198.51.100.60' },
      payload: { username: 'accounts-staff', password: TEST_PASSWORD },
    });
    expect(owner.statusCode).toBe(200);
  });

  test('refresh gives a new token and ends the old one; logout ends a token', async () => {
    const m = await t.member('session@example.com');
    const refreshed = await m.get('/api/refreshToken');
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().data.token;
    expect((await m.get('/api/userCheckToken')).statusCode).toBe(401);
    const check = await t.app.inject({ url: '/api/userCheckToken', headers: bearer(fresh) });
    expect(check.json()).toMatchObject({ result: true, data: { role: 'member' } });

    const out = await t.app.inject({ url: '/api/logout', headers: bearer(fresh) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/loginPing', headers: bearer(fresh) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('TOKEN_EXPIRED');
  });

  test('a token expires after 21600 seconds', async () => {
    const m = await t.member('clock@example.com');
    t.clock.advance(21_590_000);
    expect((await m.get('/api/userCheckToken')).statusCode).toBe(200);
    t.clock.advance(11_000);
    const res = await m.get('/api/userCheckToken');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'The token has expired.' });
  });

  test('staff sign in separately; their token is not a member token and the reverse', async () => {
    const login = await t.visitor.post('/api/loginPersonnel', { username: 'accounts-staff', password: TEST_PASSWORD });
    expect(login.json().user).toMatchObject({ username: 'accounts-staff', position: 'personnel' });
    const memberWithStaffLogin = await t.visitor.post('/api/loginPersonnel', {
      username: 'new.member@example.com',
      password: 'a-good-password',
    });
    expect(memberWithStaffLogin.statusCode).toBe(401);
    const m = await t.member('roles@example.com');
    staff = await t.staff('accounts-staff-2');
    expect((await m.get('/api/userTotal')).statusCode).toBe(403);
    expect((await staff.get('/api/userTotal')).json().data.total).toBeGreaterThan(0);
    expect((await staff.post('/api/userUpdate', { send_address: 'x' })).statusCode).toBe(403);
    expect((await staff.get('/api/loginPing')).json().data.position).toBe('personnel');
  });
});

describe('the signed-in user object', () => {
  test("carries the member's courses, pending payments, certificates and group codes", async () => {
    const m = await t.member('lists@example.com');
    const [bought, pending, cert] = await t.db
      .insert(s.product)
      .values([
        { product_title: 'ซื้อแล้ว', product_price: baht(100), product_status: 'Show' },
        { product_title: 'รอชำระ', product_price: baht(200), product_status: 'Show' },
        { product_title: 'มีใบประกาศ', product_price: baht(300), product_status: 'Show' },
      ])
      .returning();
    const approved = new Date(t.clock.now().getTime() - 10 * 86_400_000).toISOString();
    const [finished, waiting] = await t.db
      .insert(s.orders)
      .values([
        { user_id: m.id!, orders_status: 'finish', approve_date: approved, orders_payment: 'transfer' },
        { user_id: m.id!, orders_status: 'wait', orders_payment: 'qrcode', orders_ref: 'SPSK0000000099' },
      ])
      .returning();
    await t.db.insert(s.ordersDetail).values([
      { orders_id: finished!.id, product_id: bought!.id },
      { orders_id: waiting!.id, product_id: pending!.id },
    ]);
    await t.db
      .insert(s.orderPayment)
      .values({ orders_id: waiting!.id, user_id: m.id!, token: 'page-token-of-the-order' });
    await t.db.insert(s.certificate).values({ user_id: m.id!, product_id: cert!.id, path: 'c.jpg' });
    const [group] = await t.db
      .insert(s.productGroup)
      .values({ product_id: bought!.id, product_group_type: 'line' })
      .returning();
    await t.db
      .insert(s.userProductGroup)
      .values({ user_id: m.id!, product_group_id: group!.id, user_product_group_code: 'LINE-1234' });

    const me = (await m.get('/api/loginPing')).json().data;
    expect(me).toMatchObject({
      finish: [bought!.id],
      day: [accessWindow(new Date(approved), t.clock.now()).day],
      count: [10],
      wait: [pending!.id],
      waitType: ['qrcode'],
      waitRef: ['page-token-of-the-order'],
      certificate: [cert!.id],
      code: ['LINE-1234'],
    });

    t.clock.advance(721 * 86_400_000);
    expect((await t.member('lists2@example.com')).id).toBeDefined();
    const login = await t.visitor.post('/api/loginEmail', { email: 'lists@example.com', password: TEST_PASSWORD });
    expect(login.json().user.finish).toEqual([]);
  });
});

describe('lookups say whether, not who', () => {
  test('visitors learn existence only; staff get the record without a password', async () => {
    const visitor = (await t.visitor.get('/api/userByEmail?email=NEW.MEMBER@example.com')).json();
    expect(visitor.data).toEqual({ exists: true });
    expect((await t.visitor.get('/api/userByEmail?email=ghost@example.com')).json().data).toEqual({ exists: false });
    expect((await t.visitor.get('/api/userByUsername?username=nobody')).json().data).toEqual({ exists: false });
    expect((await t.visitor.get('/api/userByGoogle?google_id=123')).json().data).toEqual({ exists: false });
    expect((await t.visitor.get('/api/userByFacebook?facebook_id=123')).json().data).toEqual({ exists: false });
    staff = await t.staff('accounts-staff-3');
    const asStaff = (await staff.get('/api/userByEmail?email=new.member@example.com')).json().data;
    expect(asStaff.user.email).toBe('new.member@example.com');
    expect(asStaff.user).not.toHaveProperty('password');
  });
});

describe('a member keeps their own account', () => {
  test('profile, shipping address and receipt details; nothing else', async () => {
    const m = await t.member('profile@example.com');
    const res = await m.post('/api/userUpdate', { send_address: '1 ถนนพระราม 1 กรุงเทพฯ', card_id: '1103702071811' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ send_address: '1 ถนนพระราม 1 กรุงเทพฯ', card_id: '1103702071811' });
    expect((await m.post('/api/userUpdate', { card_id: '123' })).statusCode).toBe(400);
    // Thirteen digits with a wrong check digit: refused as orders refuse it, and nothing of the request is saved.
    const wrong = await m.post('/api/userUpdate', { card_id: '1103702071812', send_address: 'ที่อื่น' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('เลขบัตรประชาชนไม่ถูกต้อง');
    const wrongCompany = await m.post('/api/userUpdate', { company_id: '0994000165511' });
    expect(wrongCompany.json().message).toContain('เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง');
    const right = await m.post('/api/userUpdate', { company_id: '0994000165510' });
    expect(right.json().data).toMatchObject({
      company_id: '0994000165510',
      card_id: '1103702071811',
      send_address: '1 ถนนพระราม 1 กรุงเทพฯ',
    });
    expect((await m.post('/api/userUpdate', { agreement: 'Y' })).statusCode).toBe(400);
    expect((await m.post('/api/userUpdate', { point: 99999 })).statusCode).toBe(400);
    expect((await t.visitor.post('/api/userUpdate', { send_address: 'x' })).statusCode).toBe(401);
  });

  test('accepting the privacy policy', async () => {
    const m = await t.member('privacy@example.com');
    await t.db.update(s.user).set({ privacy_policy: 'N' });
    const res = await m.post('/api/userUpdatePrivacyPolicy');
    expect(res.json().data.privacy_policy).toBe('Y');
  });

  test('changing the password needs the old one', async () => {
    const m = await t.member('change@example.com');
    const wrong = await m.post('/api/userChangePassword', {
      password_old: 'nope',
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(accountMessages.passwordWrong);
    const mismatch = await m.post('/api/userChangePassword', {
      password_old: TEST_PASSWORD,
      password: 'brand-new-pass',
      confirmPassword: 'other-pass',
    });
    expect(mismatch.json().message).toContain('ยืนยันรหัสผ่าน ไม่ตรงกัน');
    const ok = await m.post('/api/userChangePassword', {
      password_old: TEST_PASSWORD,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.visitor.post('/api/loginEmail', { email: 'change@example.com', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
    expect(
      (await t.visitor.post('/api/loginEmail', { email: 'change@example.com', password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
  });
});
