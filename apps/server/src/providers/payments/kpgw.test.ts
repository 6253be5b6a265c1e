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
import { describeGatewayContract } from '../../../test/payment-gateway-contract.js';
import { kpgwGateway } from './kpgw.js';

const returnUrl = 'http://shop.test/order/callback';
const order = (ref: string) => ({ orderRef: ref, description: 'คอร์สทดสอบ', returnUrl });
type KpgwDouble = Awaited<ReturnType<typeof startKpgwDouble>>;
const settings = (kbank: KpgwDouble) => ({
  apiUrl: kbank.origin,
  scriptUrl: `${kbank.origin}/ui/v2/kpayment.min.js`,
  publicKey: KPGW_PUBLIC_KEY,
  secretKey: KPGW_SECRET_KEY,
  merchantId: KPGW_MERCHANT_ID,
  smartpayId: KPGW_SMARTPAY_ID,
});

/** What a person does on KBank's 3-D Secure or payment page; answers the page that sends them back. */
async function answerPage(url: string, decision: 'pay' | 'fail') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
  });
  return response.text();
}

describeGatewayContract('KPGW', async () => {
  const kbank = await startKpgwDouble({ resultUrl: returnUrl });
  return {
    gateway: kpgwGateway(settings(kbank)),
    cardToken: async (card) => kbank.token(kpgwCards[card]),
    answerPage,
    payQr: (id) => kbank.payQr(id),
    expireQr: async (id) => kbank.expire(id),
    lastNotification: () => kbank.notices.at(-1)!,
    withSecretKey: (secretKey) => kpgwGateway({ ...settings(kbank), secretKey }),
    unreachable: () => kpgwGateway({ ...settings(kbank), apiUrl: 'http://127.0.0.1:9' }),
    close: () => kbank.close(),
  };
});

let kbank: KpgwDouble;
let gateway: ReturnType<typeof kpgwGateway>;
beforeAll(async () => {
  kbank = await startKpgwDouble({ resultUrl: returnUrl });
  gateway = kpgwGateway(settings(kbank));
});
afterAll(() => kbank.close());

describe('KPGW’s wire format', () => {
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
    expect((await gateway.getCharge(made.chargeId)).amount).toBe(199_050);
  });

  test('after 3-D Secure, KBank posts the charge id back to the result URL', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000003'),
      token: kbank.token(kpgwCards.threeDSecure),
      amount: satang(150_000),
    });
    expect(made.authorizeUrl).toBe(`${kbank.origin}/3ds/${made.chargeId}`);
    const back = await answerPage(made.authorizeUrl!, 'pay');
    expect(back).toContain(`action="${returnUrl}"`);
    expect(back).toContain(`value="${made.chargeId}"`);
  });

  test('a QR order is drawn by KBank’s script with the public key and order id', async () => {
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

  test('smart-pay charges the card token with the merchant id, smart-pay id and term', async () => {
    await gateway.createRedirectCharge({
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
  });

  test('a notification counts only with KBank’s checksum over its fields', async () => {
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

  test('a wrong secret key is KBank’s unauthorized', async () => {
    const wrong = kpgwGateway({ ...settings(kbank), secretKey: 'skey_wrong' });
    await expect(wrong.getCharge('chrg_test_1')).rejects.toMatchObject({ code: 'unauthorized' });
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
