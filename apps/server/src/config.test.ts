import { expect, test } from 'vitest';
import { loadConfig } from './config.js';

test('defaults run the embedded shop with demo content on port 3000', () => {
  const c = loadConfig({});
  expect(c.port).toBe(3000);
  expect(c.databaseUrl).toBeUndefined();
  expect(c.demo).toBe(true);
  expect(c.publicUrl).toBe('http://localhost:3000');
  expect(c.dataDir.endsWith('/data')).toBe(true);
});

test('a PostgreSQL URL turns demo content off unless asked for', () => {
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
  expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: 'true' }).demo).toBe(true);
});

test('bad values stop the start with a message naming them', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
});

test('production refuses the development secret', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).env).toBe('production');
});

test('an empty variable counts as unset', () => {
  expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
});

test('client addresses come from X-Forwarded-For only when told a proxy is in front', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
});
