import { createCipheriv } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The key URI written into stored media playlists; the playback routes replace it with a signed one. */
export const KEY_URI = 'key';
export const MASTER = 'master.m3u8';
export const MEDIA = 'index.m3u8';
/** Rendition folders are named by height (`360p`); segment files `seg<N>.ts`. */
export const renditionName = /^\d{3,4}p$/;
export const segmentName = /^seg\d{1,6}\.ts$/;

export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, for the master playlist's BANDWIDTH. */
  bandwidth: number;
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
export async function encryptRendition(from: string, to: string, key: Buffer): Promise<void> {
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

/** The master playlist naming each rendition's media playlist, lowest first (players start there). */
export function masterPlaylist(renditions: readonly Rendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of [...renditions].sort((a, b) => a.height - b.height)) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`, `${r.name}/${MEDIA}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Puts a finished package in place at `target` in one step: written beside it first, then renamed, so a reader
 * never sees half a package.
 */
export async function publishPackage(target: string, write: (dir: string) => Promise<void>): Promise<void> {
  const staging = `${target}.partial`;
  await rm(staging, { recursive: true, force: true });
  try {
    await write(staging);
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
