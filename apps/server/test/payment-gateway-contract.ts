import { satang } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GatewayRefused, type PaymentGateway } from '../src/providers/payments/port.js';

/** A real gateway adapter wired to the local double of its gateway, and what a person does there. */
export interface GatewayUnderTest {
  gateway: PaymentGateway;
  /** The one-time token the gateway's browser script makes of a test card. */
  cardToken(card: 'success' | 'decline' | 'threeDSecure'): Promise<string>;
  /** The person on the gateway's 3-D Secure or payment page: pays, or gives up. */
  answerPage(url: string, decision: 'pay' | 'fail'): Promise<unknown>;
  /** The person scans the QR and pays in their bank's app. */
  payQr(chargeId: string): Promise<void>;
  /** The gateway gives up on an unpaid QR charge. */
  expireQr(chargeId: string): Promise<void>;
  /** The last notification the gateway sent the shop, as received. */
  lastNotification(): { headers: Record<string, string | undefined>; body: string };
  /** The same adapter with another secret key, and one pointed at an address where nothing listens. */
  withSecretKey(secretKey: string): PaymentGateway;
  unreachable(): PaymentGateway;
  close(): Promise<void>;
}

/**
 * What the orders module relies on from every `PaymentGateway`, whatever the gateway's protocol: each adapter's
 * own test file runs this against its double and keeps only its wire format (units, signatures, pages).
 */
export function describeGatewayContract(name: string, start: () => Promise<GatewayUnderTest>) {
  describe(`${name}: the PaymentGateway port`, () => {
    let it: GatewayUnderTest;
    let refs = 0;
    const returnUrl = 'http://shop.test/order/callback';
    const order = () => ({ orderRef: `SPSK9${String(++refs).padStart(9, '0')}`, description: 'คอร์สทดสอบ', returnUrl });

    beforeAll(async () => {
      it = await start();
    });
    afterAll(() => it.close());

    test('a paid card charge is paid, and the gateway’s word on it names its amount and order', async () => {
      const input = { ...order(), token: await it.cardToken('success'), amount: satang(199_050) };
      const made = await it.gateway.chargeCard(input);
      expect(made).toMatchObject({ status: 'paid', authorizeUrl: undefined });
      expect(await it.gateway.getCharge(made.chargeId)).toEqual({
        chargeId: made.chargeId,
        status: 'paid',
        amount: 199_050,
        orderRef: input.orderRef,
        failureMessage: undefined,
      });
    });

    test('a declined card fails with the issuer’s reason', async () => {
      const made = await it.gateway.chargeCard({
        ...order(),
        token: await it.cardToken('decline'),
        amount: satang(50_000),
      });
      expect(made.status).toBe('failed');
      expect(made.failureMessage).toBeTruthy();
      expect((await it.gateway.getCharge(made.chargeId)).status).toBe('failed');
    });

    test('a 3-D Secure card stays pending until the person passes or fails the check', async () => {
      const charge = async () =>
        it.gateway.chargeCard({ ...order(), token: await it.cardToken('threeDSecure'), amount: satang(150_000) });
      const passed = await charge();
      expect(passed.status).toBe('pending');
      expect(passed.authorizeUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect((await it.gateway.getCharge(passed.chargeId)).status).toBe('pending');
      await it.answerPage(passed.authorizeUrl!, 'pay');
      expect((await it.gateway.getCharge(passed.chargeId)).status).toBe('paid');

      const refused = await charge();
      await it.answerPage(refused.authorizeUrl!, 'fail');
      expect((await it.gateway.getCharge(refused.chargeId)).status).toBe('failed');
    });

    test('a used token is the gateway’s refusal, not an outage', async () => {
      const token = await it.cardToken('success');
      const input = { ...order(), token, amount: satang(10_000) };
      await it.gateway.chargeCard(input);
      await expect(it.gateway.chargeCard(input)).rejects.toBeInstanceOf(GatewayRefused);
    });

    test('a QR charge is pending until scanned, then paid, and the signed notification names it', async () => {
      const input = {
        ...order(),
        amount: satang(99_000),
        description: 'QR',
        expiresAt: new Date(Date.now() + 900_000),
      };
      const qr = await it.gateway.createQrCharge(input);
      expect((await it.gateway.getCharge(qr.chargeId)).status).toBe('pending');
      await it.payQr(qr.chargeId);
      expect(await it.gateway.getCharge(qr.chargeId)).toMatchObject({
        status: 'paid',
        amount: 99_000,
        orderRef: input.orderRef,
      });
      const { headers, body } = it.lastNotification();
      expect(it.gateway.verifyNotification(headers, Buffer.from(body))).toEqual({ chargeId: qr.chargeId });
      expect(it.gateway.verifyNotification(headers, Buffer.from('{}'))).toBeNull();
    });

    test('an expired QR charge is expired; the next attempt is a new charge', async () => {
      const input = { ...order(), amount: satang(99_000), description: 'QR', expiresAt: new Date() };
      const first = await it.gateway.createQrCharge(input);
      await it.expireQr(first.chargeId);
      expect((await it.gateway.getCharge(first.chargeId)).status).toBe('expired');
      expect((await it.gateway.createQrCharge(input)).chargeId).not.toBe(first.chargeId);
    });

    test('smart-pay is paid on the gateway’s page', async () => {
      const made = await it.gateway.createRedirectCharge({
        ...order(),
        method: 'smartpay',
        amount: satang(600_000),
        token: await it.cardToken('success'),
        installmentTerm: 6,
      });
      expect((await it.gateway.getCharge(made.chargeId)).status).toBe('pending');
      await it.answerPage(made.redirectUrl, 'pay');
      expect((await it.gateway.getCharge(made.chargeId)).status).toBe('paid');
    });

    test('a wrong secret key is a refusal; the gateway down is an outage (503)', async () => {
      await expect(it.withSecretKey('skey_test_wrong').getCharge('chrg_test_1')).rejects.toBeInstanceOf(GatewayRefused);
      await expect(it.unreachable().getCharge('chrg_test_1')).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        status: 503,
      });
    });
  });
}
