import { execFile } from 'node:child_process';
import { createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from '../../../test/video-clip.js';
import { ffmpegPath } from './ffmpeg.js';
import { MASTER, MEDIA } from './hls.js';
import { packageVideo } from './packager.js';

const run = promisify(execFile);
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sikkha-packager-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** The master playlist's variants: their attributes (quoted values unquoted) and media playlist URIs. */
function variants(master: string) {
  const lines = master.split('\n');
  return lines.flatMap((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const attributes = Object.fromEntries(
      [...line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map(([, name, value]) => [
        name,
        value!.replace(/^"|"$/g, ''),
      ]),
    );
    return [{ attributes, uri: lines[i + 1]! }];
  });
}

/** Each segment of a media playlist with its EXTINF duration. */
function segments(playlist: string) {
  const found: { name: string; duration: number }[] = [];
  let duration = 0;
  for (const line of playlist.split('\n')) {
    if (line.startsWith('#EXTINF:')) duration = Number(line.slice(8).split(',')[0]);
    else if (line !== '' && !line.startsWith('#')) found.push({ name: line, duration });
  }
  return found;
}

/** RFC 8216 §5.2: AES-128-CBC, the IV the segment's media sequence number. */
function decrypt(segment: Buffer, key: Buffer, sequence: number) {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(segment), decipher.final()]);
}

/** What ffprobe, not the shop, says a segment holds, as RFC 6381 names. */
async function codecsByFfprobe(file: string) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_data', '-of', 'json', file]);
  const streams = (JSON.parse(stdout) as { streams: Record<string, string | number>[] }).streams;
  return streams
    .map((s) => {
      if (s.codec_name === 'aac') {
        expect(s.profile).toBe('LC');
        return 'mp4a.40.2';
      }
      expect(s.codec_name).toBe('h264');
      // The extradata hex dump holds the sequence parameter set: NAL type 7, then profile, constraints, level.
      const hex = String(s.extradata)
        .split('\n')
        .map((row) => row.slice(10, 49).replace(/ /g, ''))
        .join('');
      const sps = /000001(?:67|27|47)([0-9a-f]{6})/.exec(hex)?.[1];
      expect(sps, String(s.extradata)).toBeDefined();
      const profiles: Record<string, number> = { Baseline: 66, 'Constrained Baseline': 66, Main: 77, High: 100 };
      expect(Number.parseInt(sps!.slice(0, 2), 16)).toBe(profiles[String(s.profile)]);
      expect(Number.parseInt(sps!.slice(4, 6), 16)).toBe(s.level);
      return `avc1.${sps}`;
    })
    .join(',');
}

test('the master playlist gives each variant its measured peak and average bit rates and the codecs ffprobe reads', async () => {
  const source = join(work, 'clip.mp4');
  await writeFile(source, await makeClip(work, 9));
  const key = randomBytes(16);
  const target = join(work, 'package');
  const packaged = await packageVideo(ffmpegPath(undefined), source, target, key);

  const master = await readFile(join(target, MASTER), 'utf8');
  const listed = variants(master);
  expect(listed.map((v) => v.attributes.RESOLUTION)).toEqual(['640x360', '1280x720']);
  for (const { attributes, uri } of listed) {
    const dir = join(target, uri.replace(`/${MEDIA}`, ''));
    const playlist = await readFile(join(target, uri), 'utf8');
    const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0);
    const parts = segments(playlist);
    expect(parts.length).toBe(3);

    // RFC 8216 §4.3.4.2: BANDWIDTH is the peak segment bit rate of the segments as served (encrypted).
    const rates: number[] = [];
    let bits = 0;
    let seconds = 0;
    for (const { name, duration } of parts) {
      const size = (await stat(join(dir, name))).size * 8;
      rates.push(size / duration);
      bits += size;
      seconds += duration;
    }
    const bandwidth = Number(attributes.BANDWIDTH);
    for (const rate of rates) expect(bandwidth).toBeGreaterThanOrEqual(rate);
    expect(bandwidth - Math.max(...rates)).toBeLessThan(1);
    const average = Number(attributes['AVERAGE-BANDWIDTH']);
    expect(average).toBeGreaterThanOrEqual(bits / seconds);
    expect(average - bits / seconds).toBeLessThan(1);

    // CODECS names what every segment holds, as ffprobe reads it.
    for (const [i, { name }] of parts.entries()) {
      const plain = join(work, `${uri.split('/')[0]}-${name}`);
      await writeFile(plain, decrypt(await readFile(join(dir, name)), key, sequence + i));
      expect(await codecsByFfprobe(plain)).toBe(attributes.CODECS);
    }
  }
  expect(packaged.renditions.map((r) => [r.bandwidth, r.averageBandwidth, r.codecs])).toEqual(
    listed.map((v) => [Number(v.attributes.BANDWIDTH), Number(v.attributes['AVERAGE-BANDWIDTH']), v.attributes.CODECS]),
  );
}, 120_000);
