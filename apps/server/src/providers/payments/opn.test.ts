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
import { opnGateway } from './opn.js';
import { GatewayRefused } from './port.js';

let opn: Awaited<ReturnType<typeof startOpnDouble>>;
let gateway: ReturnType<typeof opnGateway>;
const returnUrl = 'http://shop.test/order/callback?ref=x';
const order = (ref: string) => ({ orderRef: ref, description: 'คอร์สทดสอบ', returnUrl });

beforeAll(async () => {
  opn = await startOpnDouble();
  gateway = opnGateway({
    apiUrl: opn.origin,
    scriptUrl: 'https://cdn.omise.co/omise.js',
    publicKey: OPN_PUBLIC_KEY,
    secretKey: OPN_SECRET_KEY,
    webhookSecret: OPN_WEBHOOK_SECRET,
  });
});
afterAll(() => opn.close());

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

describe('Opn adapter against the Opn double', () => {
  test('a card charge goes out in satang with the order in its metadata, and is paid', async () => {
    const made = await gateway.chargeCard({
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
    expect(made).toMatchObject({ status: 'paid', authorizeUrl: undefined });
    expect(await gateway.getCharge(made.chargeId)).toEqual({
      chargeId: made.chargeId,
      status: 'paid',
      amount: 199_050,
      orderRef: 'SPSK0000000001',
      failureMessage: undefined,
    });
  });

  test('a declined card fails', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000002'),
      token: await opn.token(opnCards.decline),
      amount: satang(50_000),
    });
    expect(made).toMatchObject({ status: 'failed', failureMessage: 'The payment was rejected by the issuer' });
  });

  test('a 3-D Secure card waits at authorize_uri, which returns the person to return_uri', async () => {
    const made = await gateway.chargeCard({
      ...order('SPSK0000000003'),
      token: await opn.token(opnCards.threeDSecure),
      amount: satang(150_000),
    });
    expect(made.status).toBe('pending');
    expect(made.authorizeUrl).toBe(`${opn.origin}/payments/${made.chargeId}/authorize`);
    expect(await authorize(made.authorizeUrl!, 'pay')).toBe(returnUrl);
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
    const refused = await gateway.chargeCard({
      ...order('SPSK0000000004'),
      token: await opn.token(opnCards.threeDSecure),
      amount: satang(150_000),
    });
    await authorize(refused.authorizeUrl!, 'fail');
    expect((await gateway.getCharge(refused.chargeId)).status).toBe('failed');
  });

  test('Opn’s refusals (a used token, an amount under its minimum) are refusals', async () => {
    const token = await opn.token(opnCards.success);
    await gateway.chargeCard({ ...order('SPSK0000000005'), token, amount: satang(10_000) });
    await expect(
      gateway.chargeCard({ ...order('SPSK0000000005'), token, amount: satang(10_000) }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    const small = gateway.chargeCard({
      ...order('SPSK0000000006'),
      token: await opn.token(opnCards.success),
      amount: satang(1_000),
    });
    await expect(small).rejects.toBeInstanceOf(GatewayRefused);
  });

  test('a PromptPay charge shows Opn’s QR image until the earlier of its expiry and ours, and is paid when scanned', async () => {
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

    await opn.payQr(qr.chargeId);
    expect(await gateway.getCharge(qr.chargeId)).toMatchObject({
      status: 'paid',
      amount: 99_000,
      orderRef: 'SPSK0000000007',
    });
    const webhook = opn.webhooks.at(-1)!;
    expect(gateway.verifyNotification(webhook.headers, Buffer.from(webhook.body))).toEqual({ chargeId: qr.chargeId });
  });

  test('an expired PromptPay charge is expired; the next attempt is a new charge', async () => {
    const input = { orderRef: 'SPSK0000000008', amount: satang(99_000), description: 'QR', expiresAt: new Date() };
    const first = await gateway.createQrCharge(input);
    await opn.expire(first.chargeId);
    expect((await gateway.getCharge(first.chargeId)).status).toBe('expired');
    expect((await gateway.createQrCharge(input)).chargeId).not.toBe(first.chargeId);
  });

  test('smart-pay is a KBank instalment source paid at authorize_uri; union-pay is not offered', async () => {
    const made = await gateway.createRedirectCharge({
      ...order('SPSK0000000009'),
      method: 'smartpay',
      amount: satang(600_000),
      installmentTerm: 6,
    });
    expect(opn.requests.at(-1)?.body).toMatchObject({
      source: { type: 'installment_kbank', installment_term: 6 },
      return_uri: returnUrl,
    });
    expect(await authorize(made.redirectUrl, 'pay')).toBe(returnUrl);
    expect((await gateway.getCharge(made.chargeId)).status).toBe('paid');
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

  test('a wrong secret key is a refusal; Opn down is an outage', async () => {
    const wrong = opnGateway({
      apiUrl: opn.origin,
      scriptUrl: '',
      publicKey: '',
      secretKey: 'skey_test_wrong',
      webhookSecret: '',
    });
    await expect(wrong.getCharge('chrg_test_1')).rejects.toMatchObject({ code: 'authentication_failure' });
    const down = opnGateway({
      apiUrl: 'http://127.0.0.1:9',
      scriptUrl: '',
      publicKey: '',
      secretKey: OPN_SECRET_KEY,
      webhookSecret: '',
    });
    await expect(down.getCharge('chrg_test_1')).rejects.toMatchObject({ status: 503 });
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
