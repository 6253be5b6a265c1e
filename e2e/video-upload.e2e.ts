import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shopApi } from './api.js';
import { startShop } from './harness.js';
import { consoleProblems, endEachJourney, visible } from './page-checks.js';

// Staff upload a lesson video in the back office (with the upload's progress), the packaging job turns it into
// encrypted HLS while the list shows its state, and the lesson then plays in the course dialog. Its key reaches the
// player through the key route only: never an API answer, never the log.

let shop: Awaited<ReturnType<typeof startShop>>;
let page: Page;
let workDir: string;
let clip: string;

const COURSE = 'ภาษาอังกฤษเพื่อการทำงาน';
const LESSON = 'บทเรียนอัปโหลดใหม่';

// `text` answers the bytes as sent, for the check that the video's key is in no answer.
const { call, text } = shopApi(() => shop.url);

beforeAll(async () => {
  // The request log is on, so the test can look for the key in everything the server wrote.
  shop = await startShop({ LOG_LEVEL: 'info' });
  workDir = mkdtempSync(join(tmpdir(), 'sikkha-e2e-video-'));
  clip = join(workDir, 'lesson.mp4');
  // A 6-second 720p clip with sound, made by the ffmpeg that npm installed.
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
  ]);
});
afterAll(async () => {
  await shop?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});
endEachJourney(() => page);

test('staff upload a video with its progress, watch it packaged, and the lesson plays; its key stays secret', async () => {
  const staff = (await call<{ token: string }>('loginPersonnel', { body: shop.staff })).token;
  page = await shop.page(1280, 900);
  page.setDefaultTimeout(60_000);
  const problems = consoleProblems(page);
  await page.addInitScript((t) => localStorage.setItem('adminToken', t), staff);
  await page.goto(`${shop.url}/admin/video`);
  await page.getByRole('button', { name: 'เพิ่มใหม่' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('ชื่อวิดีโอ').fill(LESSON);

  // A slow uplink, so the progress of the upload can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const size = readFileSync(clip).length;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: Math.ceil(size / 6),
  });
  await form.getByLabel('ไฟล์วิดีโอ', { exact: true }).setInputFiles(clip);
  const progress = form.getByRole('progressbar');
  await visible(progress);
  await visible(form.getByText(/^กำลังอัปโหลด \d+%$/));
  await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 30_000 }).not.toBe('0');
  await expect.poll(() => progress.count(), { timeout: 60_000 }).toBe(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await visible(form.getByText(/^[0-9a-f-]{36}\.mp4$/));
  await form.getByRole('button', { name: 'บันทึก' }).click();
  await expect.poll(() => form.count(), { timeout: 30_000 }).toBe(0);

  // The list follows the packaging job by itself, to ready.
  const row = page.getByRole('row').filter({ hasText: LESSON });
  await visible(row);
  await visible(row.getByText('พร้อมใช้งาน'), 120_000);
  const videos = await call<
    { id: number; video_name: string; video_status: string; video_path: string; video_duration: number }[]
  >('video', { token: staff });
  const video = videos.find((v) => v.video_name === LESSON);
  expect(video).toMatchObject({ video_status: 'ready' });
  expect(video!.video_duration).toBeGreaterThan(5.5);
  // Its thumbnail was made from the video.
  expect((await fetch(`${shop.url}/api/video/${video!.video_path}`)).headers.get('content-type')).toBe('image/jpeg');
  // The shop has no favicon.ico yet, which Chromium asks for after each page load.
  expect(problems.filter((p) => !p.includes('/favicon.ico'))).toEqual([]);

  // A public lesson of a course on sale: a visitor plays it in the course dialog.
  const products = await call<{ id: number; product_title: string }[]>('product');
  const course = products.find((p) => p.product_title === COURSE)!;
  await call('videoList', {
    token: staff,
    body: { product_id: course.id, video_id: video!.id, video_list_status: 'public', video_list_item: 99 },
  });
  await page.context().close();
  page = await shop.page(1280, 800);
  page.setDefaultTimeout(60_000);
  await page.context().addCookies([{ name: 'cookie-confirm', value: 'agree', url: shop.url }]);
  const keys: Buffer[] = [];
  page.on('response', async (response) => {
    if (/\/api\/hls\/[^/]+\/key\?/.test(response.url()) && response.ok()) keys.push(await response.body());
  });
  await page.goto(`${shop.url}/`);
  await page
    .locator('main')
    .getByRole('link', { name: new RegExp(COURSE) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: COURSE });
  await dialog.getByRole('button', { name: new RegExp(`^${LESSON}`) }).click();
  await visible(dialog.getByRole('region', { name: `เครื่องเล่นวิดีโอ: ${LESSON}` }));
  const time = () =>
    page.evaluate(() => document.querySelector<HTMLVideoElement>('[role="dialog"] video')?.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(1.5);
  // Two renditions: the quality menu offers them.
  await dialog.getByRole('button', { name: /^ความคมชัด/ }).click();
  const qualities = await page.getByRole('menu', { name: 'ความคมชัด' }).getByRole('menuitem').allTextContents();
  expect(qualities).toEqual(expect.arrayContaining(['360p', '720p']));
  await page.keyboard.press('Escape');

  // The key the player was given is 16 bytes, and appears in no API answer about the video and nowhere in the log.
  expect(keys.length).toBeGreaterThan(0);
  const key = keys[0]!;
  expect(key.length).toBe(16);
  const secrets = [key.toString('hex'), key.toString('base64')];
  const answers = [
    await text(`videoById?id=${video!.id}`, { token: staff }),
    await text('video', { token: staff }),
    await text(`playback?productId=${course.id}&videoId=${video!.id}`),
  ];
  for (const secret of secrets) {
    for (const answer of answers) expect(answer.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(shop.output()).not.toContain(secret);
  }
}, 300_000);
