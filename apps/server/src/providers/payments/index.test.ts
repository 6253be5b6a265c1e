import { expect, test } from 'vitest';
import { loadConfig } from '../../config.js';
import { pageSecurityPolicy } from '../../http/security-headers.js';
import { gatewayOrigins } from './index.js';

const base = { DATA_DIR: '/tmp/sikkha-test-data', JWT_SECRET: 'x'.repeat(40) };
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

test('the pages let KBank’s card form load its script, frames and calls, and nothing else of a gateway', () => {
  const kpgw = loadConfig({ ...base, KPGW_PUBLIC_KEY: 'pkey', KPGW_SECRET_KEY: 'skey', KPGW_MERCHANT_ID: '401' });
  const policy = pageSecurityPolicy('<html></html>', true, gatewayOrigins(kpgw.payments));
  expect(directive(policy, 'script-src')).toContain('https://kpaymentgateway.kasikornbank.com');
  expect(directive(policy, 'frame-src')).toContain('https://kpaymentgateway.kasikornbank.com');
  expect(directive(policy, 'connect-src')).toContain('https://kpaymentgateway-services.kasikornbank.com');
  expect(policy).not.toContain('omise');
});

test('Opn’s Omise.js loads from its CDN and makes tokens at its vault', () => {
  const secret = Buffer.from('webhook').toString('base64');
  const opn = loadConfig({ ...base, OPN_PUBLIC_KEY: 'pkey', OPN_SECRET_KEY: 'skey', OPN_WEBHOOK_SECRET: secret });
  const policy = pageSecurityPolicy('<html></html>', true, gatewayOrigins(opn.payments));
  expect(directive(policy, 'script-src')).toContain('https://cdn.omise.co');
  expect(directive(policy, 'connect-src')).toContain('https://vault.omise.co');
});

test('the sandbox is the shop itself: no outside origin', () => {
  const sandbox = loadConfig({ ...base, NODE_ENV: 'development' });
  expect(pageSecurityPolicy('<html></html>', false, gatewayOrigins(sandbox.payments))).toBe(
    pageSecurityPolicy('<html></html>', false),
  );
});
