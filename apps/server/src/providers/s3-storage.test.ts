import { createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { baht } from '@sikkha/contract/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp } from '../../test/app.js';
import { purchase } from '../../test/fixtures.js';
import { S3_BUCKET as BUCKET, startS3rver } from '../../test/s3rver.js';
import { loadConfig } from '../config.js';
import * as s from '../db/schema/index.js';
import { seedDemo } from '../demo/seed.js';
import { s3Files } from './s3-storage.js';
import { MASTER, writePackage } from './video/hls.js';

const clip = fileURLToPath(new URL('../demo/assets/hls/lesson/', import.meta.url));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let server: Awaited<ReturnType<typeof startS3rver>>;
let work: string;
let env: Record<string, string>;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sikkha-s3-'));
  server = await startS3rver(work);
  env = server.env;
});
afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

const filesOf = () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: work, ...env });
  if (config.storage.kind !== 's3') throw new Error('STORAGE=s3 expected');
  return s3Files(config.storage);
};

describe('the S3 adapter of Storage', () => {
  test('stores, reads and deletes a file under the prefix; never replaces one; refuses names it never makes', async () => {
    const { storage } = filesOf();
    const name = `${randomUUID()}.png`;
    await storage.put('slip', name, PNG);
    const file = await storage.read('slip', name);
    expect(file?.size).toBe(PNG.length);
    expect(Buffer.from(await file!.stream.toArray().then((c) => Buffer.concat(c)))).toEqual(PNG);
    // The key the bucket holds: prefix, uploads, the upload kind's folder, the name.
    expect(existsSync(join(work, 'bucket', BUCKET, 'shop-1', 'uploads', 'slip', `${name}._S3rver_object`))).toBe(true);

    await expect(storage.put('slip', name, Buffer.from('other'))).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(storage.put('slip', '../escape.png', PNG)).rejects.toThrow(/not a stored file name/);
    await expect(storage.put('../x', name, PNG)).rejects.toThrow(/not a stored file name/);
    expect(await storage.read('slip', '..%2fetc.png')).toBeNull();
    expect(await storage.read('slip', `${randomUUID()}.png`)).toBeNull();

    await storage.remove('slip', name);
    expect(await storage.read('slip', name)).toBeNull();
    await storage.remove('slip', name);
  });

  test('streams a large file up in parts and answers its size', async () => {
    const { storage } = filesOf();
    const name = `${randomUUID()}.mp4`;
    const chunk = randomBytes(1024 * 1024);
    async function* nineMegabytes() {
      for (let i = 0; i < 9; i++) yield chunk;
    }
    expect(await storage.putStream('videoSource', name, nineMegabytes())).toBe(9 * chunk.length);
    const file = await storage.read('videoSource', name);
    expect(file?.size).toBe(9 * chunk.length);
    const back = Buffer.concat(await file!.stream.toArray());
    expect(back.subarray(8 * chunk.length).equals(chunk)).toBe(true);

    // A reader slower than the bucket's silence limit (a member on a slow line): the body waits for it, whole.
    const slow = await storage.read('videoSource', name);
    const parts: Buffer[] = [];
    for await (const part of slow!.stream) {
      if (parts.length === 0) await new Promise((r) => setTimeout(r, 5_000));
      parts.push(part);
    }
    expect(Buffer.concat(parts).length).toBe(9 * chunk.length);
    await storage.remove('videoSource', name);
  });

  test('video packages: saved from a local folder (which is consumed), read by path, removed whole', async () => {
    const { packages } = filesOf();
    const folder = randomUUID();
    const dir = join(work, `package-${folder}`);
    await mkdir(join(dir, '360p'), { recursive: true });
    await writeFile(join(dir, MASTER), '#EXTM3U\n');
    await writeFile(join(dir, '360p', 'index.m3u8'), '#EXTM3U\n#EXTINF:4,\nseg0.ts\n');
    await writeFile(join(dir, '360p', 'seg0.ts'), Buffer.alloc(1316, 0x47));
    await packages.save(folder, dir);
    expect(existsSync(dir)).toBe(false);
    expect(await text((await packages.read(folder, MASTER))!.stream)).toBe('#EXTM3U\n');
    expect((await packages.read(folder, '360p/seg0.ts'))?.size).toBe(1316);
    expect(await packages.read(folder, '../x.ts')).toBeNull();
    expect(await packages.read('..', MASTER)).toBeNull();
    await packages.remove(folder);
    expect(await packages.read(folder, MASTER)).toBeNull();
    expect(await packages.read(folder, '360p/seg0.ts')).toBeNull();
  });
});

describe('the shop on S3 (STORAGE=s3)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sikkha-s3-shop-'));
    t = await testApp({ dataDir, env });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test("the demo's pictures are placed in the bucket and served from there", async () => {
    await seedDemo(t.db, { dataDir, clock: t.clock, files: t.app.ctx.providers });
    const picture = await t.visitor.get('/api/coach/coach-1.jpg');
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
    // The demo lesson's package too.
    const [demoPackage] = await t.db.select().from(s.videoPackage);
    const master = await t.app.ctx.providers.packages.read(demoPackage!.folder, MASTER);
    expect(await text(master!.stream)).toContain('#EXTM3U');
    expect(existsSync(join(dataDir, 'hls'))).toBe(false);
  });

  test('a private upload (a slip) goes to the bucket and is served to its owner only', async () => {
    const owner = await t.member('s3-owner@example.com');
    const stranger = await t.member('s3-stranger@example.com');
    const body = new FormData();
    body.append('images', new Blob([PNG], { type: 'image/png' }), 'slip.png');
    const res = await owner.request('POST', '/api/uploadSlip', body);
    expect(res.statusCode, res.body).toBe(200);
    const name = res.json().data as string;
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

    const mine = await owner.get(`/api/slip/${name}`);
    expect(mine.statusCode, mine.body).toBe(200);
    // Pictures are re-encoded on upload: what is served is what the bucket holds.
    const held = await t.app.ctx.providers.storage.read('slip', name);
    expect(mine.rawPayload.equals(Buffer.concat(await held!.stream.toArray()))).toBe(true);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await t.visitor.get(`/api/slip/${name}`)).statusCode).toBe(401);
    // Someone else's slip is not found, as on disk: its name tells nothing.
    expect((await stranger.get(`/api/slip/${name}`)).statusCode).toBe(404);
  });

  test("a private lesson's HLS plays from the bucket through signed, short-lived URLs", async () => {
    const key = randomBytes(16);
    const folder = randomUUID();
    const dir = join(dataDir, 'staging', folder);
    await writePackage(dir, [{ name: '360p', width: 640, height: 360, from: clip }], key);
    await t.app.ctx.providers.packages.save(folder, dir);
    expect(existsSync(join(dataDir, 'hls'))).toBe(false);

    await t.db.insert(s.videoPackage).values({ video_file: 'lesson.mp4', folder, key: key.toString('hex') });
    const [product] = await t.db
      .insert(s.product)
      .values({ product_title: 'คอร์สบน S3', product_price: baht(500), product_status: 'Show' })
      .returning({ id: s.product.id });
    const [lesson] = await t.db
      .insert(s.video)
      .values({ video_name: 'บทเรียน', video_file: 'lesson.mp4', video_status: 'ready', video_duration: 12 })
      .returning({ id: s.video.id });
    await t.db
      .insert(s.videoList)
      .values({ product_id: product!.id, video_id: lesson!.id, video_list_status: 'private' });
    const buyer = await t.member('s3-buyer@example.com');
    await purchase(t.db, buyer.id!, product!.id, 'finish', t.clock.now());
    const stranger = await t.member('s3-viewer@example.com');

    // Safari's native player: no bearer, only the URL signatures the playlists carry.
    const res = await buyer.get(`/api/playback?productId=${product!.id}&videoId=${lesson!.id}&native=1`);
    expect(res.statusCode, res.body).toBe(200);
    const masterUrl = res.json().data.url as string;
    const fetchAs = (url: string, token?: string) =>
      t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const resolve = (uri: string, base: string) => {
      const u = new URL(uri, `http://shop${base}`);
      return u.pathname + u.search;
    };
    const uris = (playlist: string) => playlist.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

    const master = await fetchAs(masterUrl);
    expect(master.statusCode, master.body).toBe(200);
    const mediaUrl = resolve(uris(master.body)[0]!, masterUrl);
    expect(mediaUrl).toMatch(/[?&]s=/);
    const media = await fetchAs(mediaUrl);
    expect(media.statusCode, media.body).toBe(200);
    const segmentUrl = resolve(uris(media.body)[0]!, mediaUrl);
    const keyUrl = resolve(/URI="([^"]+)"/.exec(media.body)![1]!, mediaUrl);
    const segment = await fetchAs(segmentUrl);
    expect(segment.statusCode).toBe(200);
    const served = await fetchAs(keyUrl);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.rawPayload.equals(key)).toBe(true);
    const decipher = createDecipheriv('aes-128-cbc', key, Buffer.alloc(16));
    const plain = Buffer.concat([decipher.update(segment.rawPayload), decipher.final()]);
    const first = (await readdir(clip)).filter((f) => f.endsWith('.ts')).sort()[0]!;
    expect(plain.equals(await readFile(join(clip, first)))).toBe(true);

    // Someone else's token is refused even on a signed URL; a URL without its signature is refused too.
    expect((await fetchAs(segmentUrl, stranger.token)).statusCode).toBe(403);
    expect((await fetchAs(segmentUrl.split('?')[0]!)).statusCode).toBe(401);
    // The signatures are short-lived: once the session is over, the same URLs are refused.
    t.clock.advance(4 * 60 * 60 * 1000);
    expect((await fetchAs(segmentUrl)).statusCode).toBe(403);
    expect((await fetchAs(keyUrl)).statusCode).toBe(403);
  });
});
