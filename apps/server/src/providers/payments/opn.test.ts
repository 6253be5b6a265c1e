import { satang } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  OPN_PUBLIC_KEY,
  OPN_SECRET_KEY,
  OPN_WEBHOOK_SECRET,
  opnCards,
  opnSignature,
  startOpnDouble,
} from '../../../test/opn-double.js';
import { describeGatewayContract } from '../../../test/payment-gateway-contract.js';
import { opnGateway } from './opn.js';
import { GatewayRefused } from './port.js';

const returnUrl = 'http://shop.test/order/callback?ref=x';
const order = (ref: string) => ({ orderRef: ref, description: 'คอร์สทดสอบ', returnUrl });
type OpnDouble = Awaited<ReturnType<typeof startOpnDouble>>;
const settings = (opn: OpnDouble) => ({
  apiUrl: opn.origin,
  scriptUrl: 'https://cdn.omise.co/omise.js',
  publicKey: OPN_PUBLIC_KEY,
  secretKey: OPN_SECRET_KEY,
  webhookSecret: OPN_WEBHOOK_SECRET,
});

/** The person on Opn's authorize page; answers where they are sent back to. */
async function authorize(url: string, decision: 'pay' | 'fail') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
    redirect: 'manual',
  });
  return response.headers.get('location');
}

describeGatewayContract('Opn', async () => {
  const opn = await startOpnDouble();
  return {
    gateway: opnGateway(settings(opn)),
    cardToken: (card) => opn.token(opnCards[card]),
    answerPage: authorize,
    payQr: (id) => opn.payQr(id),
    expireQr: (id) => opn.expire(id),
    lastNotification: () => opn.webhooks.at(-1)!,
    withSecretKey: (secretKey) => opnGateway({ ...settings(opn), secretKey }),
    unreachable: () => opnGateway({ ...settings(opn), apiUrl: 'http://127.0.0.1:9' }),
    close: () => opn.close(),
  };
});

let opn: OpnDouble;
let gateway: ReturnType<typeof opnGateway>;
beforeAll(async () => {
  opn = await startOpnDouble();
  gateway = opnGateway(settings(opn));
});
afterAll(() => opn.close());

describe('Opn’s wire format', () => {
  test('a card charge goes out in satang with the order in its metadata and the return URI', async () => {
    await gateway.chargeCard({
      ...order('SPSK0000000001'),
      token: await opn.token(opnCards.success),
      amount: satang(199_050),
    });
    expect(opn.requests.at(-1)?.body).toMatchObject({
      amount: 199_050,
      currency: 'THB',
      metadata: { orderRef: 'SPSK0000000001' },
      return_uri: returnUrl,
    });
  });

  test('after 3-D Secure, authorize_uri sends the person back to return_uri', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000003'),
      token: await opn.token(opnCards.threeDSecure),
      amount: satang(150_000),
    });
    expect(made.authorizeUrl).toBe(`${opn.origin}/payments/${made.chargeId}/authorize`);
    expect(await authorize(made.authorizeUrl!, 'pay')).toBe(returnUrl);
  });

  test('an amount under Opn’s minimum is a refusal', async () => {
    const small = gateway.chargeCard({
      ...order('SPSK0000000006'),
      token: await opn.token(opnCards.success),
      amount: satang(1_000),
    });
    await expect(small).rejects.toBeInstanceOf(GatewayRefused);
  });

  test('a PromptPay charge shows Opn’s QR image until the earlier of its expiry and ours', async () => {
    const ours = new Date(Date.now() + 15 * 60_000);
    const qr = await gateway.createQrCharge({
      orderRef: 'SPSK0000000007',
      amount: satang(99_000),
      description: 'QR',
      expiresAt: ours,
    });
    expect(opn.requests.at(-1)?.body).toMatchObject({ source: { type: 'promptpay' }, amount: 99_000 });
    expect(qr.display).toEqual({ kind: 'image', url: `${opn.origin}/qr/${qr.chargeId}.svg` });
    expect(qr.expiresAt).toEqual(ours);
    const later = await gateway.createQrCharge({
      orderRef: 'SPSK0000000007',
      amount: satang(99_000),
      description: 'QR',
      expiresAt: new Date(Date.now() + 3 * 86_400_000),
    });
    expect(later.expiresAt).toEqual(new Date(opn.charge(later.chargeId)!.expires_at));
  });

  test('smart-pay is a KBank instalment source; union-pay is not offered', async () => {
    await gateway.createRedirectCharge({
      ...order('SPSK0000000009'),
      method: 'smartpay',
      amount: satang(600_000),
      installmentTerm: 6,
    });
    expect(opn.requests.at(-1)?.body).toMatchObject({
      source: { type: 'installment_kbank', installment_term: 6 },
      return_uri: returnUrl,
    });
    expect(gateway.methods).not.toContain('unionpay');
    await expect(
      gateway.createRedirectCharge({ ...order('SPSK0000000010'), method: 'unionpay', amount: satang(600_000) }),
    ).rejects.toThrow();
  });

  test('a webhook counts only with Opn’s signature over its timestamp and raw body', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000011'),
      token: await opn.token(opnCards.threeDSecure),
      amount: satang(150_000),
    });
    await authorize(made.authorizeUrl!, 'pay');
    const { headers, body } = opn.webhooks.at(-1)!;
    const raw = Buffer.from(body);
    expect(gateway.verifyNotification(headers, raw)).toEqual({ chargeId: made.chargeId });

    const timestamp = headers['omise-signature-timestamp']!;
    // During a secret's rotation Opn sends two signatures: either may be the one.
    expect(
      gateway.verifyNotification(
        { ...headers, 'omise-signature': `${'0'.repeat(64)},${headers['omise-signature']}` },
        raw,
      ),
    ).toEqual({
      chargeId: made.chargeId,
    });
    const tampered = Buffer.from(body.replace('"successful"', '"failed"'));
    expect(gateway.verifyNotification(headers, tampered)).toBeNull();
    expect(
      gateway.verifyNotification({ ...headers, 'omise-signature-timestamp': String(Number(timestamp) + 1) }, raw),
    ).toBeNull();
    expect(gateway.verifyNotification({ ...headers, 'omise-signature': undefined }, raw)).toBeNull();
    const otherSecret = Buffer.from('somebody else').toString('base64');
    expect(
      gateway.verifyNotification({ ...headers, 'omise-signature': opnSignature(timestamp, body, otherSecret) }, raw),
    ).toBeNull();
    // A signed event about something other than a charge moves nothing.
    const refund = JSON.stringify({
      object: 'event',
      key: 'refund.create',
      data: { object: 'refund', id: 'rfnd_test_1' },
    });
    expect(
      gateway.verifyNotification(
        { ...headers, 'omise-signature': opnSignature(timestamp, refund) },
        Buffer.from(refund),
      ),
    ).toBeNull();
  });

  test('a wrong secret key is Opn’s authentication_failure', async () => {
    const wrong = opnGateway({ ...settings(opn), secretKey: 'skey_test_wrong' });
    await expect(wrong.getCharge('chrg_test_1')).rejects.toMatchObject({ code: 'authentication_failure' });
  });

  test('the browser tokenizes with Omise.js and the public key', () => {
    expect(gateway.cardForm()).toEqual({
      gateway: 'opn',
      kind: 'omise-js',
      scriptUrl: 'https://cdn.omise.co/omise.js',
      publicKey: OPN_PUBLIC_KEY,
    });
  });
});
