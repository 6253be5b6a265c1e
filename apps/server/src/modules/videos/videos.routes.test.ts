import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import * as s from '../../db/schema/index.js';
import { packageVideoJob } from '../../jobs/video.job.js';
import { ffmpegPath, runFfmpeg } from '../../providers/video/ffmpeg.js';

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;
let clip: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-videos-'));
  t = await testApp({ dataDir });
  staff = await t.staff('video-staff');
  // A 2-second 720p clip with sound, made by the same ffmpeg the shop uses.
  const path = join(dataDir, 'clip.mp4');
  const made = await runFfmpeg(ffmpegPath(undefined), [
    ...['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path],
  ]);
  expect(made.code, made.stderr).toBe(0);
  clip = await readFile(path);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function uploadVideo(caller: Caller, data: Buffer, filename = 'lesson.mp4') {
  const body = new FormData();
  body.append('images', new Blob([data], { type: 'video/mp4' }), filename);
  return caller.request('POST', '/api/uploadVideo', body);
}

async function videoRow(id: number) {
  const res = await staff.get(`/api/videoById?id=${id}`);
  return res.json().data;
}

describe('video packaging', () => {
  test('an uploaded MP4 becomes encrypted HLS in two renditions, with its duration and a thumbnail', async () => {
    const uploaded = await uploadVideo(staff, clip);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json().data as string;
    expect(file).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    // The source is never served, not even where thumbnails are.
    expect((await t.visitor.get(`/api/video/${file}`)).statusCode).toBe(404);

    const saved = await staff.post('/api/video', { video_name: 'บทเรียนใหม่', video_file: file });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().insertId as number;
    expect(saved.json().data.video_status).toBe('create');

    expect(await t.app.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const row = await videoRow(id);
    expect(row.video_status, row.video_status_reason).toBe('ready');
    expect(row.video_duration).toBeGreaterThan(1.9);
    expect(row.video_duration).toBeLessThan(2.2);
    const thumbnail = await t.visitor.get(`/api/video/${row.video_path}`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');

    // It plays through protected playback: two renditions, encrypted segments, the key through its route.
    const [product] = await t.db
      .insert(s.product)
      .values({ product_title: 'คอร์สวิดีโอใหม่', product_price: baht(100), product_status: 'Show' })
      .returning({ id: s.product.id });
    await t.db.insert(s.videoList).values({ product_id: product!.id, video_id: id, video_list_status: 'preview' });
    const playback = await t.visitor.get(`/api/playback?productId=${product!.id}&videoId=${id}`);
    expect(playback.statusCode, playback.body).toBe(200);
    const { url } = playback.json().data;
    const master = (await t.visitor.get(url)).body;
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    const media = master.split('\n').find((l) => l.startsWith('720p/'))!;
    const mediaUrl = new URL(media, `http://shop${url}`);
    const playlist = (await t.visitor.get(mediaUrl.pathname + mediaUrl.search)).body;
    expect(playlist).toContain('#EXT-X-KEY:METHOD=AES-128');
  });

  test('a damaged upload ends failed, with the reason for staff', async () => {
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 32]), Buffer.from('ftypisom'), randomBytes(4000)]);
    const uploaded = await uploadVideo(staff, broken);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const saved = await staff.post('/api/video', { video_name: 'ไฟล์เสีย', video_file: uploaded.json().data });
    const id = saved.json().insertId as number;
    await t.app.ctx.jobs.runDue();
    const row = await videoRow(id);
    expect(row.video_status).toBe('failed');
    expect(row.video_status_reason).toMatch(/^ไฟล์วิดีโอใช้ไม่ได้: .+/);
    // Staff only: visitors see neither the source nor the reason.
    const seen = (await t.visitor.get(`/api/videoById?id=${id}`)).json().data;
    expect(seen.video_file).toBeUndefined();
    expect(seen.video_status_reason).toBeUndefined();
  });

  test('packaging a video again replaces its package and removes the old folder once the new one is committed', async () => {
    const uploaded = await uploadVideo(staff, clip, 'again.mp4');
    const file = uploaded.json().data as string;
    const saved = await staff.post('/api/video', { video_name: 'แปลงซ้ำ', video_file: file });
    const id = saved.json().insertId as number;
    await t.app.ctx.jobs.runDue();
    const packageOf = async () =>
      (await t.db.select().from(s.videoPackage).where(eq(s.videoPackage.video_file, file)))[0]!;
    const first = await packageOf();
    expect(existsSync(join(dataDir, 'hls', first.folder, 'master.m3u8'))).toBe(true);

    await t.app.ctx.transact((work) => t.app.ctx.jobs.enqueue(work, packageVideoJob, { file }));
    await t.app.ctx.jobs.runDue();
    const second = await packageOf();
    expect(second.folder).not.toBe(first.folder);
    expect(second.key).not.toBe(first.key);
    expect(existsSync(join(dataDir, 'hls', first.folder))).toBe(false);
    expect(existsSync(join(dataDir, 'hls', second.folder, 'master.m3u8'))).toBe(true);
    expect((await videoRow(id)).video_status).toBe('ready');
  });

  test('a video row names only an uploaded video; members upload no videos', async () => {
    const res = await staff.post('/api/video', { video_name: 'ไม่มีไฟล์', video_file: 'nothing.mp4' });
    expect(res.statusCode).toBe(400);
    const member = await t.member('video-member@example.com');
    expect((await uploadVideo(member, clip)).statusCode).toBe(403);
  });
});
