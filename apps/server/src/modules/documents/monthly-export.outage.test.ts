import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { message } from '@sikkha/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { companyReceipt, courseOnShow } from '../../../test/fixtures.js';
import { startS3rver } from '../../../test/s3rver.js';
import { payBySandboxCard } from '../../../test/sandbox-card.js';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.js';

/**
 * The monthly export of a shop on S3 with the bucket out of reach: the archive is not begun, so staff get a 503 with
 * its Thai message (which the back office shows) instead of a download cut short; once S3 is back it downloads.
 */
let work: string;
let server: Awaited<ReturnType<typeof startS3rver>>;
let proxy: TcpProxy;
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sikkha-export-outage-'));
  server = await startS3rver(work);
  proxy = await startTcpProxy({ host: '127.0.0.1', port: server.port });
  t = await testApp({ dataDir: join(work, 'data'), env: server.envFor(proxy.port) });
  staff = await t.staff('export-outage-staff');
  const member = await t.member('export-outage@example.com');
  const placed = await member.post('/api/orders', {
    order: { orders_payment_type_id: 1, ...companyReceipt },
    ordersDetail: { product_id: await courseOnShow(t.db, 'บัญชีเบื้องต้น', 1290) },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  await payBySandboxCard(t.app, member, placed.json().data.token);
  await t.app.ctx.jobs.runDue();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

test('S3 down: the export answers 503 in the envelope before any byte of the archive; back, it downloads', async () => {
  // The test clock's month (November 2026, Bangkok), which holds the tax invoice.
  const url = '/api/etaxMonthlyExport?month=2026-11';
  const outage = proxy.cut(4_000);
  const down = await staff.get(url);
  expect(down.statusCode, down.body).toBe(503);
  expect(down.json()).toMatchObject({ result: false, data: null, message: message('storageUnavailable') });
  await outage;

  const back = await staff.get(url);
  expect(back.statusCode).toBe(200);
  expect(back.headers['content-type']).toBe('application/zip');
  expect(back.rawPayload.includes('INV2026-000001.xml')).toBe(true);
});
