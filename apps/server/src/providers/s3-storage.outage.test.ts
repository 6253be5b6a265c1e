import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { message } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../test/app.js';
import { S3_BUCKET, startS3rver } from '../../test/s3rver.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { makeClip } from '../../test/video-clip.js';
import * as s from '../db/schema/index.js';

/**
 * The shop on S3 with the bucket out of reach: a proxy between them refuses connections (S3 down) or accepts them
 * and never answers (S3 hanging). Requests that need the bucket answer 503 within seconds, store nothing half,
 * and work again once it is back; video packaging waits for it.
 */
let work: string;
let server: Awaited<ReturnType<typeof startS3rver>>;
let proxy: TcpProxy;
let t: Awaited<ReturnType<typeof testApp>>;
let staff: Caller;
let clip: Buffer;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sikkha-s3-outage-'));
  server = await startS3rver(work);
  proxy = await startTcpProxy({ host: '127.0.0.1', port: server.port });
  t = await testApp({ dataDir: join(work, 'data'), env: server.envFor(proxy.port) });
  staff = await t.staff('s3-outage-staff');
  clip = await makeClip(work);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

/** A PDF as far as the upload's content check goes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function uploadAs(caller: Caller, endpoint: string, data: Buffer, filename: string, type: string) {
  const body = new FormData();
  body.append('images', new Blob([data], { type }), filename);
  return caller.request('POST', `/api/upload${endpoint}`, body);
}
const uploadDocument = () => uploadAs(staff, 'PdfProduct', PDF, 'เอกสาร.pdf', 'application/pdf');

/** The request's answer and how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const start = performance.now();
  const res = await request();
  return { res, ms: performance.now() - start };
}

function expectUnavailable(res: Awaited<ReturnType<Caller['get']>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({
    result: false,
    data: null,
    message: message('storageUnavailable'),
    code: 'UNAVAILABLE',
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const uploadRows = async () => (await t.db.select({ name: s.upload.upload_name }).from(s.upload)).length;

/** The objects the bucket holds under a folder of uploads (s3rver keeps each as `<name>._S3rver_object`). */
async function objectsIn(folder: string): Promise<string[]> {
  const dir = join(work, 'bucket', S3_BUCKET, 'shop-1', 'uploads', folder);
  const names = await readdir(dir).catch(() => []);
  return names.filter((n) => n.endsWith('._S3rver_object'));
}

/** A few seconds: connecting twice to a refusing port takes well under a second. */
const OUTAGE_MS = 4_000;
/** Two tries of a silent socket at 4 s each, and the wait between them. */
const HANG_LIMIT_MS = 12_000;

describe('S3 down or hanging', () => {
  test('an upload answers 503 at once and stores nothing; once S3 is back the same upload succeeds', async () => {
    const rows = await uploadRows();
    const objects = await objectsIn('pdfProduct');
    const outage = proxy.cut(OUTAGE_MS);
    const { res, ms } = await timed(uploadDocument);
    expectUnavailable(res);
    expect(ms).toBeLessThan(3_000);
    expect(await uploadRows()).toBe(rows);
    await outage;
    expect(await objectsIn('pdfProduct')).toEqual(objects);

    const again = await uploadDocument();
    expect(again.statusCode, again.body).toBe(200);
    expect(await uploadRows()).toBe(rows + 1);
    expect(await objectsIn('pdfProduct')).toContain(`${again.json().data}._S3rver_object`);
  });

  test('an upload to an S3 that accepts and never answers answers 503 within seconds, and stores nothing', async () => {
    const rows = await uploadRows();
    const objects = await objectsIn('pdfProduct');
    proxy.stall(true);
    try {
      const { res, ms } = await timed(uploadDocument);
      expectUnavailable(res);
      expect(ms).toBeLessThan(HANG_LIMIT_MS);
    } finally {
      proxy.stall(false);
    }
    expect(await uploadRows()).toBe(rows);
    expect(await objectsIn('pdfProduct')).toEqual(objects);
    expect((await uploadDocument()).statusCode).toBe(200);
  });

  test('a streamed video upload answers 503 and leaves neither a row nor an object', async () => {
    const rows = await uploadRows();
    const outage = proxy.cut(OUTAGE_MS);
    expectUnavailable(await uploadAs(staff, 'Video', clip, 'lesson.mp4', 'video/mp4'));
    await outage;
    expect(await uploadRows()).toBe(rows);
    expect(await objectsIn('videoSource')).toEqual([]);
  });

  test("a stored document's download answers 503 while S3 is down or hanging, and the file once it is back", async () => {
    const uploaded = await uploadDocument();
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const download = () => staff.get(`/api/pdfProduct/${uploaded.json().data}`);

    const outage = proxy.cut(OUTAGE_MS);
    expectUnavailable(await download());
    await outage;

    proxy.stall(true);
    try {
      const { res, ms } = await timed(download);
      expectUnavailable(res);
      expect(ms).toBeLessThan(HANG_LIMIT_MS);
    } finally {
      proxy.stall(false);
    }

    const back = await download();
    expect(back.statusCode, back.body).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
  });

  test("a finished order's receipt download answers 503 while S3 is down, and the PDF once it is back", async () => {
    const buyer = await t.member('s3-outage-buyer@example.com');
    const [course] = await t.db
      .insert(s.product)
      .values({ product_title: 'คอร์สระหว่าง S3 ล่ม', product_price: baht(990), product_status: 'Show' })
      .returning({ id: s.product.id });
    // Paid by QR (type 5), finished by staff: the job makes the receipt's PDF and puts it in the bucket.
    const placed = await buyer.post('/api/orders', {
      order: { orders_payment_type_id: 5 },
      ordersDetail: { product_id: course!.id },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.id as number;
    const finished = await staff.post('/api/ordersUpdate', { id, orders_status: 'finish' });
    expect(finished.statusCode, finished.body).toBe(200);
    await t.app.ctx.jobs.runDue();
    const download = () => buyer.get(`/api/ordersTaxInvoiceFile?id=${id}`);

    const outage = proxy.cut(OUTAGE_MS);
    expectUnavailable(await download());
    await outage;
    const back = await download();
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
  });

  test('video packaging that meets S3 down waits and is retried, and packages the video once S3 is back', async () => {
    const uploaded = await uploadAs(staff, 'Video', clip, 'lesson.mp4', 'video/mp4');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const saved = await staff.post('/api/video', { video_name: 'ระหว่าง S3 ล่ม', video_file: uploaded.json().data });
    const id = saved.json().insertId as number;
    const status = async () => (await t.db.select().from(s.video).where(eq(s.video.id, id)))[0]!.video_status;

    const outage = proxy.cut(OUTAGE_MS);
    await t.app.ctx.jobs.runDue();
    await outage;
    expect(await status()).not.toBe('failed');
    const [job] = await t.db.select().from(s.job).where(eq(s.job.name, 'video.package'));
    expect(job?.state).toBe('retry');

    t.clock.advance(60 * 60_000);
    await t.app.ctx.jobs.runDue();
    expect(await status()).toBe('ready');

    // Its HLS is served from the bucket: out of reach, the player is told 503 (and says it cannot play).
    const [product] = await t.db
      .insert(s.product)
      .values({ product_title: 'คอร์สวิดีโอบน S3', product_price: baht(100), product_status: 'Show' })
      .returning({ id: s.product.id });
    await t.db.insert(s.videoList).values({ product_id: product!.id, video_id: id, video_list_status: 'preview' });
    const member = await t.member('s3-outage-viewer@example.com');
    const playback = await member.get(`/api/playback?productId=${product!.id}&videoId=${id}`);
    expect(playback.statusCode, playback.body).toBe(200);
    const master = () => member.get(playback.json().data.url);
    const outageAgain = proxy.cut(OUTAGE_MS);
    expectUnavailable(await master());
    await outageAgain;
    expect((await master()).statusCode).toBe(200);
  });
});
