import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { makeTestCa, SHOP_SIGNER_NAME } from '../test/signing-ca.js';
import { loadConfig } from './config.js';
import { pageSecurityPolicy } from './http/security-headers.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'sikkha-config-'));
const SECRET = 'x'.repeat(40);

test('defaults run the embedded shop with demo content on port 3000', () => {
  const c = loadConfig({ DATA_DIR: dataDir() });
  expect(c.port).toBe(3000);
  expect(c.databaseUrl).toBeUndefined();
  expect(c.demo).toBe(true);
  expect(c.publicUrl).toBe('http://localhost:3000');
  expect(loadConfig({ JWT_SECRET: SECRET }).dataDir.endsWith('/data')).toBe(true);
});

test('a PostgreSQL URL turns demo content off unless asked for', () => {
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: SECRET }).demo).toBe(false);
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: SECRET, DEMO: 'true' }).demo).toBe(true);
});

test('production never makes demo accounts unless asked for explicitly', () => {
  expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() }).demo).toBe(false);
  expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), DEMO: 'true' }).demo).toBe(true);
});

test('bad values stop the start with a message naming them', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  // Bytes, not characters: 31 bytes are too few, 11 Thai letters (33 bytes) are enough.
  expect(() => loadConfig({ JWT_SECRET: 'a'.repeat(31) })).toThrow(/JWT_SECRET/);
  expect(loadConfig({ JWT_SECRET: 'ก'.repeat(11) }).jwtSecret).toBe('ก'.repeat(11));
  expect(() => loadConfig({ JWT_SECRET: SECRET, ETAX_TIMESTAMP_MAILBOX: 'csemail at etax' })).toThrow(
    /ETAX_TIMESTAMP_MAILBOX: an e-mail address/,
  );
  expect(loadConfig({ JWT_SECRET: SECRET, ETAX_TIMESTAMP_MAILBOX: 'csemail@etax.teda.th' }).etaxTimestampMailbox).toBe(
    'csemail@etax.teda.th',
  );
});

test('without a secret, the embedded shop makes a random one once and keeps it; PostgreSQL refuses to start', () => {
  const dir = dataDir();
  const first = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).jwtSecret;
  expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
  expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first);
  expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/JWT_SECRET: required with DATABASE_URL/);
});

test('an empty variable counts as unset', () => {
  expect(loadConfig({ DATABASE_URL: '', PORT: '', DATA_DIR: dataDir() }).databaseUrl).toBeUndefined();
});

test('client addresses come from X-Forwarded-For only when told a proxy is in front', () => {
  expect(loadConfig({ JWT_SECRET: SECRET }).trustProxy).toBe(false);
  expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
});

test('lessons hosted elsewhere play from the https origins VIDEO_HOSTS names, and the pages’ CSP lets only those in', () => {
  expect(loadConfig({ JWT_SECRET: SECRET }).videoHosts).toContain('https://www.youtube.com');
  const c = loadConfig({ JWT_SECRET: SECRET, VIDEO_HOSTS: 'https://cdn.video.example/path, https://player.example' });
  expect(c.videoHosts).toEqual(['https://cdn.video.example', 'https://player.example']);
  const policy = pageSecurityPolicy('<html></html>', true, undefined, c.videoHosts).split('; ');
  for (const name of ['connect-src', 'media-src', 'frame-src']) {
    expect(policy.find((d) => d.startsWith(`${name} `))).toContain('https://cdn.video.example');
  }
  expect(policy.find((d) => d.startsWith('script-src '))).not.toContain('video.example');
  expect(loadConfig({ JWT_SECRET: SECRET, VIDEO_HOSTS: '' }).videoHosts).toEqual(
    loadConfig({ JWT_SECRET: SECRET }).videoHosts,
  );
  expect(() => loadConfig({ JWT_SECRET: SECRET, VIDEO_HOSTS: 'http://insecure.example' })).toThrow(/VIDEO_HOSTS/);
  expect(() => loadConfig({ JWT_SECRET: SECRET, VIDEO_HOSTS: 'not a url' })).toThrow(/VIDEO_HOSTS/);
});

test('the e-Tax certificate is read at start: none means unsigned, a wrong password stops the start', () => {
  expect(loadConfig({ JWT_SECRET: SECRET }).etaxSigner).toBeUndefined();
  const ca = makeTestCa();
  try {
    const env = { JWT_SECRET: SECRET, ETAX_CERT_P12_PATH: ca.p12 };
    expect(loadConfig({ ...env, ETAX_CERT_PASSWORD: ca.password }).etaxSigner?.subject).toBe(SHOP_SIGNER_NAME);
    expect(() => loadConfig({ ...env, ETAX_CERT_PASSWORD: 'wrong' })).toThrow(
      /ETAX_CERT_P12_PATH \(.*shop\.p12\): wrong password \(ETAX_CERT_PASSWORD\)/,
    );
    expect(() => loadConfig({ JWT_SECRET: SECRET, ETAX_CERT_PASSWORD: ca.password })).toThrow(
      /ETAX_CERT_P12_PATH: required with ETAX_CERT_PASSWORD/,
    );
  } finally {
    rmSync(ca.dir, { recursive: true, force: true });
  }
});
