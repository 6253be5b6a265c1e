import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from './ffmpeg.js';
import { MEDIA, type PlainRendition, publishPackage, type Rendition, writePackage } from './hls.js';

/** The source cannot be packaged (not a video, damaged, no picture): trying again will not help. */
export class UnpackableVideo extends Error {}

/**
 * The renditions offered, by height; none is made taller than the source. The bit rates are the encoder's targets;
 * the master playlist gives what the segments measure.
 */
const LADDER = [
  { height: 360, video: 800_000, audio: 96_000 },
  { height: 720, video: 2_800_000, audio: 128_000 },
] as const;
const SEGMENT_SECONDS = 4;

export interface Packaged {
  /** Seconds. */
  duration: number;
  renditions: Rendition[];
  /** A JPEG of a frame near the start, 320 px wide. */
  thumbnail: Buffer;
}

/** Duration and picture size from ffmpeg's description of its input. */
async function probe(ffmpeg: string, source: string) {
  const { code, stderr } = await runFfmpeg(ffmpeg, ['-i', source]);
  // Any input, even garbage, gets a diagnosis; silence is a broken ffmpeg, not a broken video.
  if (stderr.trim() === '') throw new Error(`ffmpeg exited with code ${code} and said nothing`);
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  const size = /Stream #\d+:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!duration || !size) throw new UnpackableVideo(lastLine(stderr) || 'no video stream');
  const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  return { duration: seconds, width: Number(size[1]), height: Number(size[2]), audio: /: Audio: /.test(stderr) };
}

/** ffmpeg's last word on a failure, without its closing "Conversion failed!". */
const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== 'Conversion failed!')
    .pop() ?? '';
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Packages a video file into `target`: H.264/AAC HLS in 4 s segments at each height of the ladder the source
 * reaches (the source's own when it is smaller than all), a master playlist with each rendition's measured bit rates
 * and codecs, each segment encrypted with `key`
 * (AES-128; the key is never given to ffmpeg or written to disk), and a thumbnail.
 */
export async function packageVideo(ffmpeg: string, source: string, target: string, key: Buffer): Promise<Packaged> {
  const info = await probe(ffmpeg, source);
  const steps = LADDER.filter((step) => step.height <= info.height);
  const ladder = steps.length > 0 ? steps : [{ ...LADDER[0], height: even(info.height) }];
  const work = await mkdtemp(join(tmpdir(), 'sikkha-video-'));
  try {
    const encoded: PlainRendition[] = [];
    for (const step of ladder) {
      const name = `${step.height}p`;
      const dir = join(work, name);
      await mkdir(dir);
      const { code, stderr } = await runFfmpeg(ffmpeg, [
        ...['-i', source, '-map', '0:v:0', ...(info.audio ? ['-map', '0:a:0'] : [])],
        ...['-vf', `scale=-2:${step.height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main'],
        ...['-b:v', `${step.video}`, '-maxrate', `${step.video}`, '-bufsize', `${step.video * 2}`],
        // A key frame at every segment boundary, so every rendition cuts at the same times.
        ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0'],
        ...(info.audio ? ['-c:a', 'aac', '-b:a', `${step.audio}`, '-ac', '2'] : []),
        ...['-f', 'hls', '-hls_time', `${SEGMENT_SECONDS}`, '-hls_playlist_type', 'vod'],
        ...['-hls_segment_filename', join(dir, 'seg%d.ts'), join(dir, MEDIA)],
      ]);
      if (code !== 0) throw new UnpackableVideo(lastLine(stderr));
      const width = even((info.width * step.height) / info.height);
      encoded.push({ name, width, height: step.height, from: dir });
    }
    const thumb = join(work, 'thumbnail.jpg');
    const at = Math.min(1, info.duration / 2).toFixed(2);
    const shot = await runFfmpeg(ffmpeg, ['-ss', at, '-i', source, '-frames:v', '1', '-vf', 'scale=320:-2', thumb]);
    if (shot.code !== 0) throw new UnpackableVideo(lastLine(shot.stderr));
    const renditions = await publishPackage(target, (dir) => writePackage(dir, encoded, key));
    return { duration: Math.round(info.duration * 1000) / 1000, renditions, thumbnail: await readFile(thumb) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
