import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { message } from '@sikkha/contract';
import { satang } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, testClock } from '../../../../test/app.js';
import { loadConfig } from '../../../config.js';
import { GatewayRefused, type PaymentGateway } from '../port.js';
import { SANDBOX_SIGNATURE_HEADER, sandboxGateway } from './sandbox.js';

let t: Awaited<ReturnType<typeof testApp>>;
let gateway: PaymentGateway;
const returnUrl = 'http://localhost:3000/order/callback?ref=abc';
const order = (ref: string) => ({ orderRef: ref, description: 'คอร์สทดสอบ', returnUrl });

beforeAll(async () => {
  t = await testApp();
  gateway = t.app.ctx.providers.payments!;
});
afterAll(() => t.close());

/** What the sandbox's Omise.js does with a card typed in the shop's form. */
async function token(number: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox-gateway/tokens',
    payload: {
      key: 'pkey_sandbox',
      card: { number, expiration_month: 12, expiration_year: 2030, security_code: '123' },
    },
  });
  return response;
}
const tokenOf = async (number: string) => (await token(number)).json().data.id as string;

/** A person's answer on a sandbox page: where they are sent next. */
async function answer(url: string, decision: 'pay' | 'fail') {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });
  expect(response.statusCode).toBe(303);
  return response.headers.location;
}

describe('the built-in sandbox gateway', () => {
  test('is the embedded default’s gateway, with every method and an Omise.js-style card form', async () => {
    expect(gateway.name).toBe('sandbox');
    expect(gateway.methods).toEqual(['qr', 'card', 'smartpay', 'unionpay']);
    const form = gateway.cardForm();
    expect(form).toMatchObject({
      kind: 'omise-js',
      scriptUrl: '/api/sandbox-gateway/omise.js',
      publicKey: 'pkey_sandbox',
    });
    expect(form.testCards?.map((c) => c.outcome)).toEqual(['success', 'decline', '3ds']);
    const script = await t.app.inject({ url: form.scriptUrl });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('createToken');
  });

  test('tokenizes the test cards only, with a Thai message for any other number', async () => {
    const refused = await token('5555555555554444');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ result: false, message: expect.stringContaining('ใช้ได้เฉพาะบัตรทดสอบ') });
    expect((await token('4242 4242 4242 4242')).json().data.id).toMatch(/^tokn_sandbox_/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/tokens',
      payload: { card: { number: 42 } },
    });
    expect(bad.statusCode).toBe(400);
  });

  test('an empty card is refused field by field, in Thai words, none of the validator wording', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox-gateway/tokens',
      payload: { card: { name: '', number: '', expiration_month: 0, expiration_year: 0, security_code: '' } },
    });
    expect(empty.statusCode).toBe(400);
    const body = empty.json();
    expect(body.fields).toEqual([
      { path: 'card.number', code: 'format', message: 'กรุณากรอกหมายเลขบัตรให้ถูกต้อง' },
      { path: 'card.expiration_month', code: 'too_small', message: message('cardExpiryInvalid') },
      { path: 'card.expiration_year', code: 'too_small', message: message('cardExpiryInvalid') },
      { path: 'card.security_code', code: 'format', message: message('cardCvcInvalid') },
    ]);
    expect(body.message).toContain('card.number: กรุณากรอกหมายเลขบัตรให้ถูกต้อง');
    expect(body.message).not.toMatch(/string|ควร|\^|\\d/);
  });

  test('test cards decide: success is paid, decline fails, and a token is used once', async () => {
    const tokenId = await tokenOf('4242424242424242');
    const paid = await gateway.chargeCard({ ...order('SPSK0000000001'), token: tokenId, amount: satang(199_000) });
    expect(paid.status).toBe('paid');
    expect(await gateway.getCharge(paid.chargeId)).toMatchObject({
      status: 'paid',
      amount: 199_000,
      orderRef: 'SPSK0000000001',
    });
    await expect(
      gateway.chargeCard({ ...order('SPSK0000000001'), token: tokenId, amount: satang(199_000) }),
    ).rejects.toMatchObject({
      code: 'invalid_card',
    });
    const declined = await gateway.chargeCard({
      ...order('SPSK0000000002'),
      token: await tokenOf('4000000000000002'),
      amount: satang(199_000),
    });
    expect(declined.status).toBe('failed');
  });

  test('the 3-D Secure card waits at the sandbox’s page, which settles it once and returns the person', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000003'),
      token: await tokenOf('4000000000003220'),
      amount: satang(149_050),
    });
    expect(made).toMatchObject({ status: 'pending', authorizeUrl: `/api/sandbox-gateway/authorize/${made.chargeId}` });
    const page = await t.app.inject({ url: made.authorizeUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('3-D Secure');
    expect(page.body).toContain('SPSK0000000003');
    expect(page.body).toContain('1,490.50');
    expect(await answer(made.authorizeUrl!, 'pay')).toBe(returnUrl);
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
    // A second answer changes nothing.
    await answer(made.authorizeUrl!, 'fail');
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
  });

  test('smart-pay and union-pay are paid or refused on the sandbox’s page', async () => {
    const smart = await gateway.createRedirectCharge({
      ...order('SPSK0000000004'),
      method: 'smartpay',
      amount: satang(600_000),
    });
    expect(await answer(smart.redirectUrl, 'pay')).toBe(returnUrl);
    expect((await gateway.getCharge(smart.chargeId)).status).toBe('paid');
    const union = await gateway.createRedirectCharge({
      ...order('SPSK0000000005'),
      method: 'unionpay',
      amount: satang(600_000),
    });
    expect((await t.app.inject({ url: union.redirectUrl })).body).toContain('UnionPay');
    await answer(union.redirectUrl, 'fail');
    expect((await gateway.getCharge(union.chargeId)).status).toBe('failed');
  });

  test('a test QR opens the page where a person marks it paid; unpaid past its time it expires, and the next is new', async () => {
    const expiresAt = new Date(t.clock.now().getTime() + 15 * 60_000);
    const qr = await gateway.createQrCharge({
      orderRef: 'SPSK0000000006',
      amount: satang(99_000),
      description: 'QR',
      expiresAt,
    });
    expect(qr.testPayUrl).toBe(`/api/sandbox-gateway/qr/${qr.chargeId}`);
    expect(qr.display).toEqual({ kind: 'payload', payload: `http://localhost:3000${qr.testPayUrl}` });
    expect((await t.app.inject({ url: qr.testPayUrl! })).body).toContain('QR พร้อมเพย์ทดสอบ');
    // The QR page pays QR charges only.
    expect((await t.app.inject({ url: `/api/sandbox-gateway/authorize/${qr.chargeId}` })).statusCode).toBe(404);
    expect(await answer(qr.testPayUrl!, 'pay')).toBe(qr.testPayUrl);
    expect((await gateway.getCharge(qr.chargeId)).status).toBe('paid');

    const late = await gateway.createQrCharge({
      orderRef: 'SPSK0000000007',
      amount: satang(99_000),
      description: 'QR',
      expiresAt,
    });
    t.clock.advance(16 * 60_000);
    expect((await gateway.getCharge(late.chargeId)).status).toBe('expired');
    const page = await t.app.inject({ url: late.testPayUrl! });
    expect(page.body).toContain('หมดเวลาชำระ');
    expect(page.body).not.toContain('<form');
    const next = await gateway.createQrCharge({
      orderRef: 'SPSK0000000007',
      amount: satang(99_000),
      description: 'QR',
      expiresAt: new Date(t.clock.now().getTime() + 15 * 60_000),
    });
    expect(next.chargeId).not.toBe(late.chargeId);
  });

  test('an unknown charge or a malformed id is 404 or 400, never 500', async () => {
    expect((await t.app.inject({ url: `/api/sandbox-gateway/qr/chrg_sandbox_${'0'.repeat(24)}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/sandbox-gateway/qr/../../etc' })).statusCode).toBeLessThan(500);
    expect((await t.app.inject({ url: '/api/sandbox-gateway/qr/x' })).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox-gateway/authorize/chrg_sandbox_${'0'.repeat(24)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=maybe',
    });
    expect(bad.statusCode).toBe(400);
    await expect(gateway.getCharge('chrg_sandbox_nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the shop’s sandbox cancels, refunds and lists its charges', () => {
  const paid = async (ref: string, amount = satang(150_000)) =>
    gateway.chargeCard({ ...order(ref), token: await tokenOf('4242424242424242'), amount });
  const pendingQr = (ref: string) =>
    gateway.createQrCharge({
      orderRef: ref,
      amount: satang(99_000),
      description: 'QR',
      expiresAt: new Date(t.clock.now().getTime() + 15 * 60_000),
    });

  test('a pending QR is expired: its page shows it over and a late “pay” changes nothing', async () => {
    const qr = await pendingQr('SPSK0000000101');
    expect(await gateway.cancelCharge(qr.chargeId)).toMatchObject({
      chargeId: qr.chargeId,
      status: 'expired',
      orderRef: 'SPSK0000000101',
    });
    const page = await t.app.inject({ url: qr.testPayUrl! });
    expect(page.body).toContain('หมดเวลาชำระ');
    expect(page.body).not.toContain('<form');
    await answer(qr.testPayUrl!, 'pay');
    expect((await gateway.getCharge(qr.chargeId)).status).toBe('expired');
  });

  test('a card at its 3-D Secure page is expired too, and the page no longer pays it', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000102'),
      token: await tokenOf('4000000000003220'),
      amount: satang(150_000),
    });
    expect((await gateway.cancelCharge(made.chargeId)).status).toBe('expired');
    await answer(made.authorizeUrl!, 'pay');
    expect((await gateway.getCharge(made.chargeId)).status).toBe('expired');
  });

  test('a paid charge answers paid: the caller finishes its order', async () => {
    const made = await paid('SPSK0000000103');
    expect(await gateway.cancelCharge(made.chargeId)).toMatchObject({ status: 'paid', refunded: 0 });
  });

  test('refunds a part, then the rest, and refuses more than is left', async () => {
    const made = await paid('SPSK0000000104', satang(150_050));
    const part = await gateway.refund({ chargeId: made.chargeId, amount: satang(50_000), idempotencyKey: 'rf-104-a' });
    expect(part).toEqual({ refundId: expect.stringMatching(/^rfnd_sandbox_/), amount: 50_000, status: 'done' });
    expect(await gateway.getCharge(made.chargeId)).toMatchObject({ status: 'paid', refunded: 50_000 });
    await expect(
      gateway.refund({ chargeId: made.chargeId, amount: satang(100_051), idempotencyKey: 'rf-104-b' }),
    ).rejects.toMatchObject({ gateway: 'sandbox', code: 'over_refund' });
    await gateway.refund({ chargeId: made.chargeId, amount: satang(100_050), idempotencyKey: 'rf-104-c' });
    expect((await gateway.getCharge(made.chargeId)).refunded).toBe(150_050);
    await expect(
      gateway.refund({ chargeId: made.chargeId, amount: satang(1), idempotencyKey: 'rf-104-d' }),
    ).rejects.toBeInstanceOf(GatewayRefused);
  });

  test('refunds a whole charge at once; an unpaid one has nothing to refund', async () => {
    const made = await paid('SPSK0000000105');
    expect(
      await gateway.refund({ chargeId: made.chargeId, amount: satang(150_000), idempotencyKey: 'rf-105' }),
    ).toMatchObject({ amount: 150_000, status: 'done' });
    const qr = await pendingQr('SPSK0000000106');
    await expect(
      gateway.refund({ chargeId: qr.chargeId, amount: satang(1_000), idempotencyKey: 'rf-106' }),
    ).rejects.toMatchObject({ code: 'not_paid' });
  });

  test('the same idempotency key answers the same refund and gives nothing back twice', async () => {
    const made = await paid('SPSK0000000107');
    const input = { chargeId: made.chargeId, amount: satang(40_000), idempotencyKey: 'rf-107' };
    const first = await gateway.refund(input);
    expect(await gateway.refund(input)).toEqual(first);
    expect((await gateway.getCharge(made.chargeId)).refunded).toBe(40_000);
    // The same key for another amount is a mistake, not a retry.
    await expect(gateway.refund({ ...input, amount: satang(1_000) })).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
  });

  test('lists its charges made in a window, with what was refunded', async () => {
    t.clock.advance(86_400_000);
    const from = t.clock.now();
    const made = await paid('SPSK0000000108');
    await gateway.refund({ chargeId: made.chargeId, amount: satang(10_000), idempotencyKey: 'rf-108' });
    t.clock.advance(60_000);
    const qr = await pendingQr('SPSK0000000109');
    const to = t.clock.now();
    t.clock.advance(60_000);
    await pendingQr('SPSK0000000110');

    const records = await gateway.listCharges({ from, to, chargeIds: [] });
    expect(records).toEqual([
      {
        chargeId: made.chargeId,
        status: 'paid',
        amount: 150_000,
        orderRef: 'SPSK0000000108',
        failureMessage: undefined,
        refunded: 10_000,
        createdAt: from,
      },
      expect.objectContaining({ chargeId: qr.chargeId, status: 'pending', refunded: 0, createdAt: to }),
    ]);
  });
});

describe('the sandbox on its own', () => {
  const clock = testClock();
  const config = { secret: 'test-secret', publicUrl: 'http://shop.test', clock };

  test('signs its notifications; a wrong or missing signature is refused', async () => {
    const sandbox = sandboxGateway(config);
    const { chargeId } = await sandbox.gateway.createRedirectCharge({
      ...order('SPSK1'),
      method: 'unionpay',
      amount: satang(10_000),
    });
    const notice = sandbox.decide(chargeId, true)!;
    const raw = Buffer.from(notice.body);
    const headers = { [SANDBOX_SIGNATURE_HEADER]: notice.signature };
    expect(sandbox.gateway.verifyNotification(headers, raw)).toEqual({ chargeId });
    expect(sandbox.gateway.verifyNotification({}, raw)).toBeNull();
    expect(sandbox.gateway.verifyNotification({ [SANDBOX_SIGNATURE_HEADER]: 'f'.repeat(64) }, raw)).toBeNull();
    expect(
      sandbox.gateway.verifyNotification(headers, Buffer.from(notice.body.replace(chargeId, 'chrg_sandbox_other'))),
    ).toBeNull();
    // Another shop's sandbox signs with another secret.
    expect(sandboxGateway({ ...config, secret: 'other' }).gateway.verifyNotification(headers, raw)).toBeNull();
    // Decided once: no second notification.
    expect(sandbox.decide(chargeId, false)).toBeUndefined();
  });

  test('keeps its charges and refunds across a restart in the data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
    try {
      const file = join(dir, 'sandbox-gateway.json');
      const first = sandboxGateway({ ...config, file });
      const { chargeId } = await first.gateway.createQrCharge({
        orderRef: 'SPSK2',
        amount: satang(50_000),
        description: 'QR',
        expiresAt: new Date(clock.now().getTime() + 60_000),
      });
      first.decide(chargeId, true);
      await first.gateway.refund({ chargeId, amount: satang(20_000), idempotencyKey: 'rf-kept' });
      const again = sandboxGateway({ ...config, file });
      expect(await again.gateway.getCharge(chargeId)).toMatchObject({
        status: 'paid',
        amount: 50_000,
        orderRef: 'SPSK2',
        refunded: 20_000,
      });
      // A retry after the restart is still the same refund.
      await again.gateway.refund({ chargeId, amount: satang(20_000), idempotencyKey: 'rf-kept' });
      expect((await again.gateway.getCharge(chargeId)).refunded).toBe(20_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('choosing the gateway from the settings', () => {
  const base = { DATA_DIR: '/tmp/sikkha-test-data', JWT_SECRET: 'x'.repeat(40) };

  test('the sandbox outside production; none in production; production takes the sandbox only when told', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).payments.gateway).toBe('sandbox');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).payments.gateway).toBe('none');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' })).toThrow(
      /PAYMENT_SANDBOX=true/,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' }).payments.gateway).toBe('sandbox');
  });

  test('a shop on PostgreSQL or with DEMO=false has no sandbox unless it asks for it', () => {
    const postgres = { ...base, NODE_ENV: 'development', DATABASE_URL: 'postgres://u@h/db' } as const;
    expect(loadConfig(postgres).payments.gateway).toBe('none');
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEMO: 'false' }).payments.gateway).toBe('none');
    expect(loadConfig({ ...postgres, PAYMENT_GATEWAY: 'sandbox' }).payments.gateway).toBe('sandbox');
    expect(loadConfig({ ...postgres, PAYMENT_SANDBOX: 'true' }).payments.gateway).toBe('sandbox');
  });

  test('KPGW or Opn when its keys are set, and each refuses to start without all of them', () => {
    const kpgw = loadConfig({
      ...base,
      KPGW_PUBLIC_KEY: 'pkey',
      KPGW_SECRET_KEY: 'skey',
      KPGW_MERCHANT_ID: '401',
    }).payments;
    expect(kpgw).toMatchObject({
      gateway: 'kpgw',
      kpgw: { apiUrl: 'https://kpaymentgateway-services.kasikornbank.com', merchantId: '401' },
    });
    expect(() => loadConfig({ ...base, KPGW_SECRET_KEY: 'skey' })).toThrow(
      /KPGW_PUBLIC_KEY: required with the kpgw gateway/,
    );
    const secret = Buffer.from('webhook').toString('base64');
    const opn = loadConfig({
      ...base,
      OPN_PUBLIC_KEY: 'pkey',
      OPN_SECRET_KEY: 'skey',
      OPN_WEBHOOK_SECRET: secret,
    }).payments;
    expect(opn).toMatchObject({ gateway: 'opn', opn: { apiUrl: 'https://api.omise.co', webhookSecret: secret } });
    expect(() => loadConfig({ ...base, PAYMENT_GATEWAY: 'opn' })).toThrow(/OPN_SECRET_KEY/);
    expect(() => loadConfig({ ...base, OPN_WEBHOOK_SECRET: 'not base64!' })).toThrow(/OPN_WEBHOOK_SECRET/);
  });

  test('a shop with no gateway has no gateway payment methods', async () => {
    const none = await testApp({ env: { PAYMENT_GATEWAY: 'none' } });
    try {
      expect(none.app.ctx.providers.payments).toBeUndefined();
      expect((await none.app.inject({ url: '/api/sandbox-gateway/omise.js' })).statusCode).toBe(404);
    } finally {
      await none.close();
    }
  });
});
