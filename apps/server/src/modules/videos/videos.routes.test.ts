import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import { makeClip } from '../../../test/video-clip.js';
import * as s from '../../db/schema/index.js';
import { exponentialBackoff } from '../../jobs/job.js';
import { packageVideoJob } from '../../jobs/video.job.js';
import { ffmpegPath } from '../../providers/video/ffmpeg.js';

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
let staff: Caller;
let clip: Buffer;
/** The temporary folder of this test's process: packaging's work folders go there, and must not stay. */
let scratch: string;
const systemTmp = process.env.TMPDIR;
/** What the shop's ffmpeg does instead of its work: `kill` dies by SIGKILL on the 720p rendition, `exit` exits 1. */
let fault: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-videos-'));
  scratch = join(dataDir, 'tmp');
  await mkdir(scratch);
  process.env.TMPDIR = scratch;
  // The real ffmpeg behind a script that fails as told, as FFMPEG_PATH would name any ffmpeg.
  fault = join(dataDir, 'ffmpeg-fault');
  const wrapper = join(dataDir, 'ffmpeg');
  await writeFile(
    wrapper,
    [
      '#!/bin/sh',
      `case "$(cat '${fault}' 2>/dev/null):$*" in`,
      '  kill:*scale=-2:720*) kill -9 $$ ;;',
      '  exit:*) exit 1 ;;',
      'esac',
      `exec '${ffmpegPath(undefined)}' "$@"`,
      '',
    ].join('\n'),
  );
  await chmod(wrapper, 0o755);
  t = await testApp({ dataDir, env: { FFMPEG_PATH: wrapper } });
  staff = await t.staff('video-staff');
  clip = await makeClip(dataDir);
});
afterAll(async () => {
  await t?.close();
  process.env.TMPDIR = systemTmp;
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

/** A video saved with a new upload of `data`; its id and file. */
async function videoOf(data: Buffer, name: string) {
  const uploaded = await uploadVideo(staff, data);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const file = uploaded.json().data as string;
  const saved = await staff.post('/api/video', { video_name: name, video_file: file });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id: saved.json().insertId as number, file };
}

/** Runs the packaging job through every attempt it is given, waiting out each backoff. */
async function runAllAttempts() {
  for (let attempt = 1; attempt <= packageVideoJob.maxAttempts; attempt++) {
    await t.app.ctx.jobs.runDue();
    t.clock.advance(exponentialBackoff(attempt));
  }
}

/** Nothing of a failed packaging stays: no work folder, and no package folder that no video package names. */
async function expectNoLeftovers() {
  expect((await readdir(scratch)).filter((name) => name.startsWith('sikkha-'))).toEqual([]);
  const named = new Set(
    (await t.db.select({ folder: s.videoPackage.folder }).from(s.videoPackage)).map((p) => p.folder),
  );
  const held = await readdir(join(dataDir, 'hls')).catch(() => []);
  expect(held.filter((folder) => !named.has(folder))).toEqual([]);
}

/** The video is given a new upload (`data`), which is packaged: it ends ready, the old reason gone. */
async function expectReplaceable(id: number) {
  const uploaded = await uploadVideo(staff, clip, 'replacement.mp4');
  const saved = await staff.post('/api/video', { id, video_name: 'แทนที่แล้ว', video_file: uploaded.json().data });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().data).toMatchObject({ video_status: 'create', video_status_reason: null });
  await t.app.ctx.jobs.runDue();
  const row = await videoRow(id);
  expect(row.video_status, row.video_status_reason).toBe('ready');
  expect(row.video_status_reason).toBeNull();
  await expectNoLeftovers();
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

  test('a damaged upload ends failed at once, with the reason for staff; a new upload replaces it', async () => {
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 32]), Buffer.from('ftypisom'), randomBytes(4000)]);
    const { id } = await videoOf(broken, 'ไฟล์เสีย');
    await t.app.ctx.jobs.runDue();
    const row = await videoRow(id);
    expect(row.video_status).toBe('failed');
    expect(row.video_status_reason).toMatch(/^ไฟล์วิดีโอใช้ไม่ได้: .+/);
    // Staff only: visitors see neither the source nor the reason, even of a lesson in a course on show.
    const [course] = await t.db
      .insert(s.product)
      .values({ product_title: 'คอร์สไฟล์เสีย', product_price: baht(100), product_status: 'Show' })
      .returning();
    await t.db.insert(s.videoList).values({ product_id: course!.id, video_id: id });
    const seen = (await t.visitor.get(`/api/videoById?id=${id}`)).json().data;
    expect(seen.video_file).toBeUndefined();
    expect(seen.video_status_reason).toBeUndefined();
    await expectNoLeftovers();
    await expectReplaceable(id);
  });

  test('random bytes named .mp4 are refused at upload: their content is no video', async () => {
    const rows = (await t.db.select().from(s.upload)).length;
    expect((await uploadVideo(staff, randomBytes(64 * 1024), 'random.mp4')).statusCode).toBe(415);
    expect(await t.db.select().from(s.upload)).toHaveLength(rows);
  });

  test('an ffmpeg killed mid-way is tried again, then the video fails with the reason; a new upload replaces it', async () => {
    await writeFile(fault, 'kill');
    const { id } = await videoOf(clip, 'ffmpeg ล่ม');
    await t.app.ctx.jobs.runDue();
    // One crash is no verdict: the job waits to try again.
    expect((await videoRow(id)).video_status).toBe('processing');
    await expectNoLeftovers();
    await runAllAttempts();
    const row = await videoRow(id);
    expect(row.video_status).toBe('failed');
    expect(row.video_status_reason).toBe('แปลงวิดีโอไม่สำเร็จ: ffmpeg stopped by SIGKILL');
    await expectNoLeftovers();
    await rm(fault);
    await expectReplaceable(id);
  });

  test('an ffmpeg that exits at once without a word fails the video as ffmpeg, not the file, at fault', async () => {
    await writeFile(fault, 'exit');
    const { id } = await videoOf(clip, 'ffmpeg เสีย');
    await runAllAttempts();
    const row = await videoRow(id);
    expect(row.video_status).toBe('failed');
    expect(row.video_status_reason).toBe('แปลงวิดีโอไม่สำเร็จ: ffmpeg exited with code 1 and said nothing');
    await expectNoLeftovers();
    await rm(fault);
    await expectReplaceable(id);
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
