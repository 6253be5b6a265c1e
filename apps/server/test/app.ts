import type { LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../src/app.js';
import type { Clock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { personnel, user } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/passwords.js';
import { freshDatabase } from './database.js';

/** A clock tests can move. */
export function testClock(start = new Date('2026-11-22T03:00:00.000Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

type Method = 'GET' | 'POST' | 'DELETE';
export interface Caller {
  id?: number;
  token?: string;
  request(method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse & { body: string }>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

let passwordHash: Promise<string> | undefined;
/** The spec's card fee factor, for tests of a shop that may surcharge (the default is none). */
export const SURCHARGE = '1.02675';

export const TEST_PASSWORD = 'Passw0rd!test';

/**
 * The real app on a fresh database, with callers for each role: a visitor, two members and a staff
 * account, each signed in through the real login routes.
 */
export async function testApp(
  options: {
    dataDir?: string;
    env?: Record<string, string | undefined>;
    logger?: AppDeps['logger'];
    webDir?: string;
  } = {},
) {
  const database: Database & { drop(): Promise<void> } = await freshDatabase();
  const clock = testClock();
  // `env` sets more of the configuration, e.g. SMTP_URL or GOOGLE_CLIENT_ID pointing at a local double.
  // Tests play several clients by their X-Forwarded-For address, as a proxy in front would tell them apart.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir ?? '/tmp/sikkha-test-data',
    TRUST_PROXY: 'true',
    ...options.env,
  });
  const app = await buildApp({ config, database, clock, logger: options.logger, webDir: options.webDir });
  await app.ready();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;

  const caller = (token?: string, id?: number): Caller => {
    const request = (method: Method, url: string, body?: unknown) =>
      app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
    return {
      id,
      token,
      request,
      get: (url) => request('GET', url),
      post: (url, body) => request('POST', url, body ?? {}),
      del: (url) => request('DELETE', url),
    };
  };

  async function member(email: string) {
    const [row] = await database.db
      .insert(user)
      .values({ email, password: hash, name_th: 'ทดสอบ', lname_th: 'ระบบ', agreement: 'Y', privacy_policy: 'Y' })
      .returning({ id: user.id });
    const res = await app.inject({
      method: 'POST',
      url: '/api/loginEmail',
      payload: { email, password: TEST_PASSWORD },
    });
    return caller(res.json().data.token, row!.id);
  }

  async function staff(username: string) {
    const [row] = await database.db
      .insert(personnel)
      .values({ username, password: hash, personnel_name: 'เจ้าหน้าที่' })
      .returning({ id: personnel.id });
    const res = await app.inject({
      method: 'POST',
      url: '/api/loginPersonnel',
      payload: { username, password: TEST_PASSWORD },
    });
    return caller(res.json().data.token, row!.id);
  }

  return {
    app,
    db: database.db,
    database,
    transact: app.ctx.transact,
    clock,
    visitor: caller(),
    member,
    staff,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
