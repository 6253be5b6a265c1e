import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { paymentCharge, product } from '../src/db/schema/index.js';
import { SANDBOX_PREFIX, SANDBOX_SIGNATURE_HEADER } from '../src/providers/payments/sandbox/sandbox.js';
import { TEST_PASSWORD, testApp } from './app.js';
import { startSmtp, type TestSmtp } from './smtp.js';

/** Every line the app logged, at debug level (one line per request too): what a log collector would keep. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

const EMAIL = 'private.person@example.com';
const NEW_PASSWORD = 'another-Secret-passw0rd';
const METRICS_TOKEN = 'metrics-secret-token-0123456789';
const CARD_NUMBER = '4242424242424242';

/** A Thai national id with a valid check digit (the receipt's `card_id`). */
function thaiId(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (13 - i), 0);
  return `${first12}${(11 - (sum % 11)) % 10}`;
}
const NATIONAL_ID = thaiId('310170023070');

let t: Awaited<ReturnType<typeof testApp>>;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp({
    env: { SMTP_URL: smtp.url.replace('smtp://', 'smtp://mailer:smtp-Pa55word@'), METRICS_TOKEN, LOG_LEVEL: 'debug' },
    logger: { level: 'debug', stream: capture },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

test('a login, a password reset, an order with a national id, a card payment and its notification log no secret', async () => {
  const secrets: Record<string, string> = {
    password: TEST_PASSWORD,
    'new password': NEW_PASSWORD,
    'e-mail': EMAIL,
    'national id': NATIONAL_ID,
    'card number': CARD_NUMBER,
    'JWT secret': t.app.ctx.config.jwtSecret,
    'metrics token': METRICS_TOKEN,
    'SMTP password': 'smtp-Pa55word',
  };

  // A login (through the real route: `member` signs in with the password), and a wrong one.
  const member = await t.member(EMAIL);
  secrets['session token'] = member.token!;
  expect((await t.visitor.post('/api/loginEmail', { email: EMAIL, password: 'wrong-password-1' })).statusCode).toBe(
    401,
  );
  secrets['wrong password'] = 'wrong-password-1';
  // A lookup by e-mail in the query string.
  await t.visitor.get(`/api/userByEmail?email=${encodeURIComponent(EMAIL)}`);

  // An order with a personal receipt (the national id), paid by card through the gateway with 3-D Secure.
  const [course] = await t.db
    .insert(product)
    .values({ product_title: 'คอร์สส่วนตัว', product_price: baht(1990), product_status: 'Show' })
    .returning({ id: product.id });
  const placed = await member.post('/api/orders', {
    order: {
      orders_payment_type_id: 1,
      receipt: 'Y',
      receipt_type: 'person',
      card_id: NATIONAL_ID,
      address: '12 ซอยสุขุมวิท 3 กรุงเทพฯ 10110',
    },
    ordersDetail: { product_id: course!.id },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json().data as { id: number; token: string };
  secrets['payment page reference'] = order.token;
  await t.visitor.get(`/api/ordersByRef?ref=${encodeURIComponent(order.token)}`);
  const tokenRes = await t.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/tokens`,
    payload: { card: { number: CARD_NUMBER, expiration_month: 12, expiration_year: 2030, security_code: '987' } },
  });
  const cardToken = tokenRes.json().data.id as string;
  secrets['card token'] = cardToken;
  const pay = await member.post('/api/ordersPay', { ref: order.token, token: cardToken });
  expect(pay.statusCode, pay.body).toBe(200);

  // The gateway's signed notification.
  const [charge] = await t.db.select().from(paymentCharge).where(eq(paymentCharge.orders_id, order.id));
  const secret = createHmac('sha256', t.app.ctx.config.jwtSecret).update('payments-sandbox').digest('hex');
  const key = createHmac('sha256', secret).update('sandbox-gateway').digest();
  const event = JSON.stringify({ object: 'event', key: 'charge.complete', id: charge!.charge_id, status: 'paid' });
  const signature = createHmac('sha256', key).update(event).digest('hex');
  secrets['notification signature'] = signature;
  const notified = await t.app.inject({
    method: 'POST',
    url: '/order/notify',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload: event,
  });
  expect(notified.statusCode, notified.body).toBe(200);
  await t.app.ctx.jobs.runDue();

  // A password reset: the mail goes through SMTP, the code comes back in the body.
  expect((await t.visitor.post('/api/sendChangePass', { email: EMAIL })).statusCode).toBe(200);
  await t.app.ctx.jobs.runDue();
  let link: RegExpExecArray | null = null;
  // The order's mails came first; the reset link is in the last one.
  while (!link) link = /\/code\/([A-Za-z0-9_-]+)/.exec((await smtp.nextMailTo(EMAIL)).text);
  const code = link[1]!;
  secrets['reset code'] = code;
  // The web page of the link, as a browser opens it (the SPA fallback logs its path).
  await t.visitor.get(`/code/${code}`);
  expect((await t.visitor.post('/api/checkChangePassCode', { code })).statusCode).toBe(200);
  const reset = await t.visitor.post('/api/sendChangePassUser', {
    code,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  expect(reset.statusCode, reset.body).toBe(200);

  const again = await t.visitor.post('/api/loginEmail', { email: EMAIL, password: NEW_PASSWORD });
  expect(again.statusCode).toBe(200);
  secrets['new session token'] = again.json().data.token;

  // The metrics, scraped with their token, now count the finished card order.
  const metrics = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(metrics.body).toMatch(/sikkha_orders\{status="(finish|wait)",payment="credit"\} 1/);

  // The log is there, structured, one JSON object a line, with request ids; and none of the secrets is in it.
  expect(lines.length).toBeGreaterThan(20);
  const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; req?: { url: string } });
  expect(entries.filter((e) => e.msg === 'incoming request').length).toBeGreaterThan(10);
  expect(entries.some((e) => e.req?.url.startsWith('/code/[token]'))).toBe(true);
  expect(entries.some((e) => e.req?.url === '/api/userByEmail?email=…')).toBe(true);
  const log = lines.join('\n');
  for (const [what, value] of Object.entries(secrets)) {
    expect(log.includes(value), `the log holds the ${what}`).toBe(false);
  }
  // Nor any other address than the shop's own sender.
  expect(log.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? []).toEqual([]);
});
