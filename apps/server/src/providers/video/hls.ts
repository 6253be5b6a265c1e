import { createCipheriv } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hlsCodecs } from './codecs.js';

/** The key URI written into stored media playlists; the playback routes replace it with a signed one. */
export const KEY_URI = 'key';
export const MASTER = 'master.m3u8';
export const MEDIA = 'index.m3u8';
/** Rendition folders are named by height (`360p`); segment files `seg<N>.ts`. */
export const renditionName = /^\d{3,4}p$/;
export const segmentName = /^seg\d{1,6}\.ts$/;

export interface Rendition extends Bitrates {
  name: string;
  width: number;
  height: number;
  /** RFC 6381 names of its streams, e.g. `avc1.4d401f,mp4a.40.2` (see codecs.ts). */
  codecs: string;
}

/** Bits per second of a variant's segments as served (RFC 8216 §4.3.4.2). */
export interface Bitrates {
  /** The peak segment bit rate: BANDWIDTH. */
  bandwidth: number;
  /** All segments' bits over their total duration: AVERAGE-BANDWIDTH. */
  averageBandwidth: number;
}

/** The AES-128 IV HLS uses when a key line gives none: the segment's media sequence number, big-endian. */
function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

/**
 * Encrypts one rendition made by ffmpeg (`index.m3u8` and plain `seg<N>.ts` in `from`) into `to`: each segment
 * AES-128-CBC with PKCS#7 padding and the sequence-number IV (RFC 8216 §5.2), and the playlist with a key line
 * before its first segment. Segments are read one at a time, so memory stays at one segment.
 */
async function encryptRendition(from: string, to: string, key: Buffer): Promise<void> {
  const playlist = await readFile(join(from, MEDIA), 'utf8');
  const lines = playlist.split(/\r?\n/);
  const first = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(playlist)?.[1] ?? 0);
  await mkdir(to, { recursive: true });
  const out: string[] = [];
  let sequence = first;
  let keyed = false;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-KEY')) continue;
    if (line === '' || line.startsWith('#')) {
      if (line.startsWith('#EXTINF') && !keyed) {
        out.push(`#EXT-X-KEY:METHOD=AES-128,URI="${KEY_URI}"`);
        keyed = true;
      }
      out.push(line);
      continue;
    }
    if (!segmentName.test(line)) throw new Error(`unexpected segment name in ${from}: ${line}`);
    const cipher = createCipheriv('aes-128-cbc', key, sequenceIv(sequence));
    const plain = await readFile(join(from, line));
    await writeFile(join(to, line), Buffer.concat([cipher.update(plain), cipher.final()]));
    out.push(line);
    sequence += 1;
  }
  await writeFile(join(to, MEDIA), out.join('\n'));
}

/**
 * Measures a finished rendition in `dir`: each segment file's size (what a player downloads, so after encryption)
 * over its EXTINF duration in the media playlist. An encoder's target bit rate is not the peak: a player that
 * trusts a low BANDWIDTH picks a variant its connection cannot carry.
 */
async function measureRendition(dir: string): Promise<Bitrates> {
  const playlist = await readFile(join(dir, MEDIA), 'utf8');
  let duration: number | undefined;
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const line of playlist.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    if (line === '' || line.startsWith('#')) continue;
    if (!duration) throw new Error(`segment ${line} in ${dir} has no duration`);
    const size = (await stat(join(dir, line))).size * 8;
    peak = Math.max(peak, Math.ceil(size / duration));
    bits += size;
    seconds += duration;
    duration = undefined;
  }
  if (seconds === 0) throw new Error(`no segments in ${dir}`);
  return { bandwidth: peak, averageBandwidth: Math.ceil(bits / seconds) };
}

/** The master playlist naming each rendition's media playlist, lowest first (players start there). */
function masterPlaylist(renditions: readonly Rendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of [...renditions].sort((a, b) => a.height - b.height)) {
    const attributes = [
      `BANDWIDTH=${r.bandwidth}`,
      `AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
      `CODECS="${r.codecs}"`,
      `RESOLUTION=${r.width}x${r.height}`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${r.name}/${MEDIA}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A rendition as ffmpeg made it: `index.m3u8` and plain `seg<N>.ts` in `from`. */
export interface PlainRendition {
  name: string;
  width: number;
  height: number;
  from: string;
}

/** The first segment file a plain media playlist names. */
async function firstSegment(from: string): Promise<Buffer> {
  const playlist = await readFile(join(from, MEDIA), 'utf8');
  const name = playlist.split(/\r?\n/).find((line) => line !== '' && !line.startsWith('#'));
  if (!name) throw new Error(`no segments in ${from}`);
  return readFile(join(from, name));
}

/**
 * Writes a package into `dir`: each rendition encrypted with `key` into its folder, then measured as it will be
 * served, and the master playlist naming them with their bit rates and codecs. Answers what the master says.
 */
export async function writePackage(dir: string, plain: readonly PlainRendition[], key: Buffer): Promise<Rendition[]> {
  const renditions: Rendition[] = [];
  for (const { from, ...r } of plain) {
    const codecs = hlsCodecs(await firstSegment(from));
    await encryptRendition(from, join(dir, r.name), key);
    renditions.push({ ...r, codecs, ...(await measureRendition(join(dir, r.name))) });
  }
  await writeFile(join(dir, MASTER), masterPlaylist(renditions));
  return renditions;
}

/**
 * Puts a finished package in place at `target` in one step: written beside it first, then renamed, so a reader
 * never sees half a package.
 */
export async function publishPackage<T>(target: string, write: (dir: string) => Promise<T>): Promise<T> {
  const staging = `${target}.partial`;
  await rm(staging, { recursive: true, force: true });
  try {
    const written = await write(staging);
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    return written;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
