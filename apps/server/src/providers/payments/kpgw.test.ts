import { satang } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  KPGW_MERCHANT_ID,
  KPGW_PUBLIC_KEY,
  KPGW_SECRET_KEY,
  KPGW_SMARTPAY_ID,
  kpgwCards,
  startKpgwDouble,
} from '../../../test/kpgw-double.js';
import { kpgwGateway } from './kpgw.js';
import { GatewayRefused } from './port.js';

let kbank: Awaited<ReturnType<typeof startKpgwDouble>>;
let gateway: ReturnType<typeof kpgwGateway>;
const returnUrl = 'http://shop.test/order/callback';
const order = (ref: string) => ({ orderRef: ref, description: 'คอร์สทดสอบ', returnUrl });

beforeAll(async () => {
  kbank = await startKpgwDouble({ resultUrl: returnUrl });
  gateway = kpgwGateway({
    apiUrl: kbank.origin,
    scriptUrl: `${kbank.origin}/ui/v2/kpayment.min.js`,
    publicKey: KPGW_PUBLIC_KEY,
    secretKey: KPGW_SECRET_KEY,
    merchantId: KPGW_MERCHANT_ID,
    smartpayId: KPGW_SMARTPAY_ID,
  });
});
afterAll(() => kbank.close());

/** What a person does on KBank's 3-D Secure or payment page. */
async function answerPage(url: string, decision: 'pay' | 'fail') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
  });
  return response.text();
}

describe('KPGW adapter against the KPGW double', () => {
  test('amounts go out as decimal baht and come back as satang', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000001'),
      token: kbank.token(kpgwCards.success),
      amount: satang(199_050),
    });
    expect(kbank.requests.at(-1)?.body).toMatchObject({
      amount: 1990.5,
      currency: 'THB',
      reference_order: 'SPSK0000000001',
    });
    expect(made).toMatchObject({ status: 'paid', authorizeUrl: undefined });
    expect(await gateway.getCharge(made.chargeId)).toEqual({
      chargeId: made.chargeId,
      status: 'paid',
      amount: 199_050,
      orderRef: 'SPSK0000000001',
      failureMessage: undefined,
    });
  });

  test('a declined card fails with the issuer’s reason', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000002'),
      token: kbank.token(kpgwCards.decline),
      amount: satang(50_000),
    });
    expect(made).toMatchObject({ status: 'failed', failureMessage: 'Declined by the issuer' });
    expect((await gateway.getCharge(made.chargeId)).status).toBe('failed');
  });

  test('a 3-D Secure card waits at KBank’s page, which settles it and returns the person to the result URL', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000003'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    expect(made.status).toBe('pending');
    expect(made.authorizeUrl).toBe(`${kbank.origin}/3ds/${made.chargeId}`);
    expect((await gateway.getCharge(made.chargeId)).status).toBe('pending');
    const back = await answerPage(made.authorizeUrl!, 'pay');
    expect(back).toContain(`action="${returnUrl}"`);
    expect(back).toContain(`value="${made.chargeId}"`);
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
  });

  test('a refused 3-D Secure check fails the charge', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000004'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    await answerPage(made.authorizeUrl!, 'fail');
    expect((await gateway.getCharge(made.chargeId)).status).toBe('failed');
  });

  test('a used token is refused by KBank: a refusal, not an outage', async () => {
    const token = kbank.token(kpgwCards.success);
    await gateway.chargeCard({ ...order('SPSK0000000005'), token, amount: satang(10_000) });
    const again = gateway.chargeCard({ ...order('SPSK0000000005'), token, amount: satang(10_000) });
    await expect(again).rejects.toBeInstanceOf(GatewayRefused);
    await expect(again).rejects.toMatchObject({ code: 'invalid_token' });
  });

  test('a QR order is shown by KBank’s script and paid when the person scans it', async () => {
    const expiresAt = new Date('2026-11-22T04:00:00Z');
    const qr = await gateway.createQrCharge({
      orderRef: 'SPSK0000000006',
      amount: satang(99_000),
      description: 'QR',
      expiresAt,
    });
    expect(kbank.requests.at(-1)).toMatchObject({ path: '/qr/v2/order', body: { amount: 990, source_type: 'qr' } });
    expect(qr).toEqual({
      chargeId: qr.chargeId,
      display: {
        kind: 'script',
        scriptUrl: `${kbank.origin}/ui/v2/kpayment.min.js`,
        publicKey: KPGW_PUBLIC_KEY,
        orderId: qr.chargeId,
      },
      expiresAt,
    });
    expect(qr.chargeId).toMatch(/^order_/);
    expect((await gateway.getCharge(qr.chargeId)).status).toBe('pending');
    await kbank.payQr(qr.chargeId);
    expect(await gateway.getCharge(qr.chargeId)).toMatchObject({
      status: 'paid',
      amount: 99_000,
      orderRef: 'SPSK0000000006',
    });
    // The notification names the paying charge and the order; the shop knows the order.
    const notice = kbank.notices.at(-1)!;
    expect(gateway.verifyNotification(notice.headers, Buffer.from(notice.body))).toEqual({ chargeId: qr.chargeId });
  });

  test('an expired QR order is expired; the next attempt is a new order', async () => {
    const input = { orderRef: 'SPSK0000000007', amount: satang(99_000), description: 'QR', expiresAt: new Date() };
    const first = await gateway.createQrCharge(input);
    kbank.expire(first.chargeId);
    expect((await gateway.getCharge(first.chargeId)).status).toBe('expired');
    const second = await gateway.createQrCharge(input);
    expect(second.chargeId).not.toBe(first.chargeId);
  });

  test('union-pay is paid at KBank’s redirect_url', async () => {
    const made = await gateway.createRedirectCharge({
      ...order('SPSK0000000008'),
      method: 'unionpay',
      amount: satang(120_000),
    });
    expect(kbank.requests.at(-1)?.body).toMatchObject({ source_type: 'unionpay', amount: 1200 });
    expect(made.redirectUrl).toBe(`${kbank.origin}/redirect/${made.chargeId}`);
    await answerPage(made.redirectUrl, 'pay');
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
  });

  test('smart-pay charges the card token with the smart-pay id and term, then redirects', async () => {
    const made = await gateway.createRedirectCharge({
      ...order('SPSK0000000009'),
      method: 'smartpay',
      amount: satang(600_000),
      token: kbank.token(kpgwCards.success),
      installmentTerm: 6,
    });
    expect(kbank.requests.at(-1)?.body).toMatchObject({
      source_type: 'card',
      mode: 'token',
      additional_data: { mid: KPGW_MERCHANT_ID, smartpay_id: KPGW_SMARTPAY_ID, term: 6 },
    });
    await answerPage(made.redirectUrl, 'pay');
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
  });

  test('a notification counts only with KBank’s checksum', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000010'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    await answerPage(made.authorizeUrl!, 'pay');
    const notice = kbank.notices.at(-1)!;
    const headers = notice.headers;
    expect(gateway.verifyNotification(headers, Buffer.from(notice.body))).toEqual({ chargeId: made.chargeId });

    const body = JSON.parse(notice.body) as Record<string, unknown>;
    const forged = (changes: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...body, ...changes }));
    expect(gateway.verifyNotification(headers, forged({ amount: 1 }))).toBeNull();
    expect(gateway.verifyNotification(headers, forged({ checksum: undefined }))).toBeNull();
    expect(gateway.verifyNotification(headers, forged({ checksum: '0'.repeat(64) }))).toBeNull();
    expect(gateway.verifyNotification(headers, forged({ checksum: 'not hex' }))).toBeNull();
    expect(gateway.verifyNotification(headers, Buffer.from('not json'))).toBeNull();
    expect(gateway.verifyNotification({ 'content-type': 'text/plain' }, Buffer.from(notice.body))).toBeNull();
  });

  test('a wrong secret key is a refusal; KBank down is an outage', async () => {
    const wrong = kpgwGateway({
      apiUrl: kbank.origin,
      scriptUrl: '',
      publicKey: '',
      secretKey: 'skey_wrong',
      merchantId: KPGW_MERCHANT_ID,
    });
    await expect(wrong.getCharge('chrg_test_1')).rejects.toMatchObject({ code: 'unauthorized' });
    const down = kpgwGateway({
      apiUrl: 'http://127.0.0.1:9',
      scriptUrl: '',
      publicKey: '',
      secretKey: KPGW_SECRET_KEY,
      merchantId: KPGW_MERCHANT_ID,
    });
    await expect(down.getCharge('chrg_test_1')).rejects.toMatchObject({ code: 'UNAVAILABLE', status: 503 });
  });

  test('the browser’s card form is KBank’s, with the public key and merchant id', () => {
    expect(gateway.cardForm()).toEqual({
      gateway: 'kpgw',
      kind: 'kpayment',
      scriptUrl: `${kbank.origin}/ui/v2/kpayment.min.js`,
      publicKey: KPGW_PUBLIC_KEY,
      merchantId: KPGW_MERCHANT_ID,
      smartpayId: KPGW_SMARTPAY_ID,
    });
    expect(gateway.methods).toEqual(['qr', 'card', 'smartpay', 'unionpay']);
  });
});
