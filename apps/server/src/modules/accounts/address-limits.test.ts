import { message } from '@sikkha/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { ADDRESS_LIMITS } from './address-limits.js';
import { RESET_LIMITS } from './email-codes.service.js';

let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

beforeAll(async () => {
  t = await testApp();
  staff = await t.staff('limits-staff');
});
afterAll(() => t.close());

const from = (address: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-forwarded-for': address }, ...(payload ? { payload } : {}) });

const expectThrottled = (res: Awaited<ReturnType<typeof from>>, seconds: number) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({
    result: false,
    data: null,
    message: message('tooManyRequests'),
    code: 'TOO_MANY_REQUESTS',
  });
  expect(res.headers['retry-after']).toBe(String(seconds));
};

const registration = (n: number) => ({
  email: `limit-${n}@example.com`,
  password: 'a-good-password',
  confirmPassword: 'a-good-password',
  name_title: 'นาย',
  name_th: 'ทดสอบ',
  lname_th: 'จำกัด',
  nickname: 'ต้น',
  phone: '0812345678',
  terms: true,
});

describe('per client address', () => {
  test('account lookups: every lookup route counts together; past the limit 429 with Retry-After', async () => {
    const { max, windowMs } = ADDRESS_LIMITS.lookup.limit;
    const probe = '203.0.113.21';
    const urls = [
      '/api/userByEmail?email=a@example.com',
      '/api/userByUsername?username=someone',
      '/api/userByGoogle?google_id=123',
      '/api/userByFacebook?facebook_id=456',
    ];
    for (let i = 0; i < max; i++) expect((await from(probe, 'GET', urls[i % urls.length]!)).statusCode).toBe(200);
    expectThrottled(await from(probe, 'GET', urls[0]!), windowMs / 1000);
    t.clock.advance(60_000);
    expectThrottled(await from(probe, 'GET', urls[1]!), windowMs / 1000 - 60);
    // Someone else is not held back, and neither is staff work.
    expect((await from('198.51.100.21', 'GET', urls[0]!)).statusCode).toBe(200);
    expect((await staff.get(urls[0]!)).statusCode).toBe(200);
    t.clock.advance(windowMs);
    expect((await from(probe, 'GET', urls[0]!)).statusCode).toBe(200);
  });

  test('registrations', async () => {
    const { max, windowMs } = ADDRESS_LIMITS.register.limit;
    const address = '203.0.113.22';
    for (let i = 0; i < max; i++) {
      const res = await from(address, 'POST', '/api/userRegister', registration(i));
      expect(res.statusCode, res.body).toBe(200);
    }
    expectThrottled(await from(address, 'POST', '/api/userRegister', registration(max)), windowMs / 1000);
    expect((await from('198.51.100.22', 'POST', '/api/userRegister', registration(max))).statusCode).toBe(200);
  });

  test('reset links', async () => {
    const address = '203.0.113.23';
    for (let i = 0; i < RESET_LIMITS.request; i++) {
      expect(
        (await from(address, 'POST', '/api/sendChangePass', { email: `nobody-${i}@example.com` })).statusCode,
      ).toBe(404);
    }
    const res = await from(address, 'POST', '/api/sendChangePass', { email: 'nobody@example.com' });
    expectThrottled(res, RESET_LIMITS.windowMs / 1000);
  });
});
