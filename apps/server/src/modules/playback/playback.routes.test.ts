import { createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { message } from '@sikkha/contract';
import { baht } from '@sikkha/contract/rules';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Caller, testApp } from '../../../test/app.js';
import * as s from '../../db/schema/index.js';
import { writePackage } from '../../providers/video/hls.js';

const clip = fileURLToPath(new URL('../../demo/assets/hls/lesson/', import.meta.url));
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: Awaited<ReturnType<typeof testApp>>;
let dataDir: string;
const key = randomBytes(16);
let productId: number;
const lessons = {} as Record<'preview' | 'public' | 'private' | 'external', number>;
const who = {} as Record<'member' | 'pending' | 'buyer' | 'expired' | 'staff', Caller>;

async function order(userId: number, status: 'finish' | 'wait', approved?: Date) {
  const [row] = await t.db
    .insert(s.orders)
    .values({
      user_id: userId,
      orders_total: baht(1000),
      orders_net: baht(1000),
      orders_status: status,
      orders_payment: 'transfer',
      approve_date: approved?.toISOString() ?? null,
    })
    .returning({ id: s.orders.id });
  await t.db
    .insert(s.ordersDetail)
    .values({ orders_id: row!.id, product_id: productId, orders_detail_price: baht(1000) });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sikkha-playback-'));
  t = await testApp({ dataDir });
  const folder = 'package-1';
  await writePackage(join(dataDir, 'hls', folder), [{ name: '360p', width: 640, height: 360, from: clip }], key);
  await t.db.insert(s.videoPackage).values({ video_file: 'clip.mp4', folder, key: key.toString('hex') });
  const [product] = await t.db
    .insert(s.product)
    .values({ product_title: 'คอร์สวิดีโอ', product_price: baht(1000), product_status: 'Show' })
    .returning({ id: s.product.id });
  productId = product!.id;
  for (const status of ['preview', 'public', 'private', 'external'] as const) {
    const [v] = await t.db
      .insert(s.video)
      .values(
        status === 'external'
          ? { video_name: 'ภายนอก', video_formath: 'HLS', video_HLS: 'https://video.example/secret.m3u8' }
          : { video_name: status, video_file: 'clip.mp4', video_status: 'ready', video_duration: 12 },
      )
      .returning({ id: s.video.id });
    lessons[status] = v!.id;
    await t.db.insert(s.videoList).values({
      product_id: productId,
      video_id: v!.id,
      video_list_status: status === 'external' ? 'private' : status,
    });
  }
  who.member = await t.member('member@example.com');
  who.pending = await t.member('pending@example.com');
  who.buyer = await t.member('buyer@example.com');
  who.expired = await t.member('expired@example.com');
  who.staff = await t.staff('staff-viewer');
  await order(who.pending.id!, 'wait');
  await order(who.buyer.id!, 'finish', t.clock.now());
  await order(who.expired.id!, 'finish', new Date(t.clock.now().getTime() - 731 * DAY));
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const playbackOf = (caller: Caller, videoId: number, native = false) =>
  caller.get(`/api/playback?productId=${productId}&videoId=${videoId}${native ? '&native=1' : ''}`);

async function urlOf(caller: Caller, lesson: keyof typeof lessons, native = false): Promise<string> {
  const res = await playbackOf(caller, lessons[lesson], native);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url;
}

/** GET a media URL as a player would: with the caller's bearer token (hls.js), or none (a native player). */
const fetchAs = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

const resolve = (uri: string, base: string) => {
  const u = new URL(uri, `http://shop${base}`);
  return u.pathname + u.search;
};
const uris = (playlist: string) => playlist.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
const keyUri = (playlist: string) => /URI="([^"]+)"/.exec(playlist)?.[1];

/** Follows a master playlist to its first rendition, a segment and the key. */
async function session(url: string, token?: string) {
  const master = await fetchAs(url, token);
  expect(master.statusCode, master.body).toBe(200);
  const mediaUrl = resolve(uris(master.body)[0]!, url);
  const media = await fetchAs(mediaUrl, token);
  expect(media.statusCode, media.body).toBe(200);
  return {
    master,
    mediaUrl,
    media,
    segmentUrl: resolve(uris(media.body)[0]!, mediaUrl),
    keyUrl: resolve(keyUri(media.body)!, mediaUrl),
  };
}

function decrypt(segment: Buffer, withKey: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', withKey, Buffer.alloc(16));
  return Buffer.concat([decipher.update(segment), decipher.final()]);
}

describe('GET /api/playback: who may play which lesson', () => {
  const callers = () => ({ visitor: t.visitor, ...who });
  test.each([
    ['visitor', { preview: 200, public: 200, private: 403 }],
    ['member', { preview: 200, public: 200, private: 403 }],
    ['pending', { preview: 200, public: 200, private: 403 }],
    ['expired', { preview: 200, public: 200, private: 403 }],
    ['buyer', { preview: 200, public: 200, private: 200 }],
    ['staff', { preview: 200, public: 200, private: 200 }],
  ] as const)('%s', async (name, expected) => {
    const caller = callers()[name];
    for (const [lesson, status] of Object.entries(expected) as [keyof typeof expected, number][]) {
      const res = await playbackOf(caller, lessons[lesson]);
      expect(res.statusCode, `${name} ${lesson}: ${res.body}`).toBe(status);
      if (status !== 200) continue;
      expect(res.headers['cache-control']).toContain('no-store');
      const data = res.json().data;
      expect(data).toMatchObject({ type: 'hls', bound: lesson === 'private', duration: 12 });
      // Playlist, segment and key, as the player fetches them with the caller's token.
      const { master, media, segmentUrl, keyUrl } = await session(data.url, caller.token);
      expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
      expect(media.body).toContain('#EXT-X-KEY:METHOD=AES-128');
      const segment = await fetchAs(segmentUrl, caller.token);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.headers['cache-control']).toContain('private');
      const keyRes = await fetchAs(keyUrl, caller.token);
      expect(keyRes.statusCode, keyRes.body).toBe(200);
      expect(keyRes.headers['cache-control']).toBe('no-store');
      expect(keyRes.rawPayload.equals(key)).toBe(true);
      // The key opens the segment: an MPEG-TS packet starts with the sync byte.
      expect(decrypt(segment.rawPayload, keyRes.rawPayload)[0]).toBe(0x47);
    }
  });

  test('an external source reaches only those who may watch the lesson', async () => {
    expect((await playbackOf(who.member, lessons.external)).statusCode).toBe(403);
    expect((await playbackOf(t.visitor, lessons.external)).statusCode).toBe(403);
    const res = await playbackOf(who.buyer, lessons.external);
    expect(res.json().data).toEqual({
      type: 'external',
      format: 'HLS',
      hls: 'https://video.example/secret.m3u8',
      iframe: null,
      embed: null,
      contentId: null,
    });
  });

  test('a video the course does not list, or a hidden course, is not found; bad ids are refused', async () => {
    const [other] = await t.db.insert(s.video).values({ video_name: 'อื่น' }).returning({ id: s.video.id });
    expect((await playbackOf(who.buyer, other!.id)).statusCode).toBe(404);
    expect((await who.buyer.get(`/api/playback?productId=${productId}&videoId=abc`)).statusCode).toBe(400);
  });

  test('a video still being packaged answers 409 with a Thai message', async () => {
    const [v] = await t.db
      .insert(s.video)
      .values({ video_name: 'กำลังเตรียม', video_file: 'later.mp4', video_status: 'processing' })
      .returning({ id: s.video.id });
    await t.db.insert(s.videoList).values({ product_id: productId, video_id: v!.id, video_list_status: 'preview' });
    const res = await playbackOf(t.visitor, v!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('วิดีโอนี้ยังไม่พร้อมให้รับชม');
  });

  test('the key never appears in an API answer', async () => {
    const hex = key.toString('hex');
    const answers = await Promise.all([
      playbackOf(who.buyer, lessons.private),
      who.staff.get('/api/video'),
      who.staff.get(`/api/videoById?id=${lessons.private}`),
      who.staff.get(`/api/courseView?id=${productId}`),
      who.buyer.get(`/api/courseView?id=${productId}`),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.toLowerCase()).not.toContain(hex);
      expect(res.body).not.toContain(key.toString('base64'));
    }
  });
});

describe('a signed playlist URL is bound to its viewer and lesson', () => {
  const expectStatus = (res: LightMyRequestResponse, status: number) => expect(res.statusCode, res.body).toBe(status);

  test('a private lesson URL fails for a visitor and for another member, even a buyer', async () => {
    const url = await urlOf(who.buyer, 'private');
    const other = await t.member('other-buyer@example.com');
    await order(other.id!, 'finish', t.clock.now());
    expectStatus(await fetchAs(url), 401);
    expectStatus(await fetchAs(url, who.member.token), 403);
    expectStatus(await fetchAs(url, other.token), 403);
    expectStatus(await fetchAs(url, who.staff.token), 403);
    const { segmentUrl, keyUrl, mediaUrl } = await session(url, who.buyer.token);
    // The URLs inside the playlist are signed, but still not for someone else's token, nor for no token at all: the
    // player that asked (hls.js) sends the bearer, so a URL copied out of its playlists plays nothing for a visitor.
    for (const inner of [mediaUrl, segmentUrl, keyUrl]) {
      expectStatus(await fetchAs(inner, other.token), 403);
      expectStatus(await fetchAs(inner), 401);
    }
  });

  test('a tampered ticket or signature, or a ticket moved to another lesson, fails', async () => {
    const url = await urlOf(who.buyer, 'private');
    const [, , , ticket] = url.split('/');
    const [product, video, viewer, expires, signature] = ticket!.split('-');
    const variants = [
      [product, lessons.preview, viewer, expires, signature],
      [product, video, viewer, Number(expires) + 3600, signature],
      [product, video, `m${who.member.id}`, expires, signature],
      [product, video, 'a', expires, signature],
      [product, video, viewer, expires, `${signature!.slice(0, -2)}AA`],
      // Made into a native player's ticket, which goes by its URL signatures alone.
      [product, video, `${viewer}n`, expires, signature],
    ].map((parts) => url.replace(ticket!, parts.join('-')));
    for (const forged of variants) expectStatus(await fetchAs(forged, who.buyer.token), 403);
    const { keyUrl } = await session(url, who.buyer.token);
    expectStatus(await fetchAs(keyUrl.replace(/s=[^&]+/, 's=x'.padEnd(45, 'x')), who.buyer.token), 403);
    expectStatus(await fetchAs(keyUrl.replace(/\?.*$/, ''), who.buyer.token), 403);
  });

  test('preview and public URLs play for anyone, but are signed all the same', async () => {
    const url = await urlOf(who.member, 'preview');
    const { segmentUrl, keyUrl } = await session(url);
    expectStatus(await fetchAs(segmentUrl), 200);
    expectStatus(await fetchAs(keyUrl), 200);
    expectStatus(await fetchAs(url.replace(/-([^-/]+)\/master/, '-x$1/master')), 403);
  });

  test('a native player needs no token: its URL carries a signature, good only for a short start window', async () => {
    const url = await urlOf(who.buyer, 'private', true);
    expect(url).toMatch(/master\.m3u8\?e=\d+&s=/);
    const { segmentUrl, keyUrl, mediaUrl } = await session(url);
    expectStatus(await fetchAs(segmentUrl), 200);
    expectStatus(await fetchAs(keyUrl), 200);
    expectStatus(await fetchAs(url, who.member.token), 403);
    t.clock.advance(3 * 60 * 1000);
    expectStatus(await fetchAs(url), 401);
    // The session goes on: renditions and segments are signed until it ends.
    expectStatus(await fetchAs(mediaUrl), 200);
    expectStatus(await fetchAs(segmentUrl), 200);
  });

  test('a key URL works for minutes, the rest of the session for hours, then nothing', async () => {
    const url = await urlOf(who.buyer, 'private');
    const { segmentUrl, keyUrl, mediaUrl } = await session(url, who.buyer.token);
    t.clock.advance(6 * 60 * 1000);
    expectStatus(await fetchAs(keyUrl, who.buyer.token), 403);
    expectStatus(await fetchAs(segmentUrl, who.buyer.token), 200);
    // A fresh playlist hands out a fresh key URL.
    const again = await fetchAs(mediaUrl, who.buyer.token);
    expectStatus(await fetchAs(resolve(keyUri(again.body)!, mediaUrl), who.buyer.token), 200);
    t.clock.advance(3 * HOUR);
    for (const expired of [url, mediaUrl, segmentUrl]) expectStatus(await fetchAs(expired, who.buyer.token), 403);
    const preview = await urlOf(t.visitor, 'preview');
    t.clock.advance(3 * HOUR);
    expectStatus(await fetchAs(preview), 403);
  });

  test('the key route asks again: a purchase whose 2-year window ends mid-session gets no key', async () => {
    // Move to 23:00 in Bangkok on the last day of the window, start a session, and cross midnight.
    const now = t.clock.now();
    const bangkokHour = (now.getUTCHours() + 7) % 24;
    t.clock.advance(((23 - bangkokHour + 24) % 24) * HOUR);
    // Bought 729 days ago (Bangkok dates): today is the last day of the window.
    const ending = await t.member('ending@example.com');
    await order(ending.id!, 'finish', new Date(t.clock.now().getTime() - 729 * DAY));
    const url = await urlOf(ending, 'private');
    t.clock.advance(90 * 60 * 1000);
    const { keyUrl } = await session(url, ending.token);
    expectStatus(await fetchAs(keyUrl, ending.token), 403);
    expectStatus(await playbackOf(ending, lessons.private), 403);
  });
});

describe('pass to continue', () => {
  const expectStatus = (res: LightMyRequestResponse, status: number) => expect(res.statusCode, res.body).toBe(status);

  test('a lesson after a test to pass gets neither a playlist nor its key until the buyer passes', async () => {
    // The clock has moved on in the tests above: fresh sign-ins, and a purchase made today.
    const learner = await t.member('gate@example.com');
    const staff = await t.staff('gate-staff');
    await order(learner.id!, 'finish', t.clock.now());
    const url = await urlOf(learner, 'private');
    const { keyUrl } = await session(url, learner.token);
    expectStatus(await fetchAs(keyUrl, learner.token), 200);
    const [gate] = await t.db
      .insert(s.quiz)
      .values({
        product_id: productId,
        video_id: lessons.public,
        quiz_title: 'ด่านก่อนบทส่วนตัว',
        published: true,
        pass_to_continue: true,
        questions: [],
      })
      .returning({ id: s.quiz.id });
    try {
      const refused = await playbackOf(learner, lessons.private);
      expectStatus(refused, 403);
      expect(refused.json().message).toBe(message('lessonAfterQuiz'));
      // A session opened before the test was set asks again for its key.
      expectStatus(await fetchAs(keyUrl, learner.token), 403);
      expectStatus(await playbackOf(staff, lessons.private), 200);
      expectStatus(await playbackOf(learner, lessons.public), 200);
      const at = t.clock.now().toISOString();
      await t.db.insert(s.quizAttempt).values({
        quiz_id: gate!.id,
        user_id: learner.id!,
        attempt_no: 1,
        started_at: at,
        submitted_at: at,
        question_order: { questions: [], choices: {} },
        passed: true,
      });
      expectStatus(await fetchAs(keyUrl, learner.token), 200);
      expectStatus(await playbackOf(learner, lessons.private), 200);
    } finally {
      await t.db.delete(s.quiz).where(eq(s.quiz.id, gate!.id));
    }
  });
});
