import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegPath, runFfmpeg } from '../src/providers/video/ffmpeg.js';

/** A 720p MP4 with sound (2 seconds unless told), made in `dir` by the same ffmpeg the shop uses. */
export async function makeClip(dir: string, seconds = 2): Promise<Buffer> {
  const path = join(dir, 'clip.mp4');
  const made = await runFfmpeg(ffmpegPath(undefined), [
    ...['-f', 'lavfi', '-i', `testsrc=size=1280x720:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path],
  ]);
  if (made.code !== 0) throw new Error(`ffmpeg could not make the test clip: ${made.stderr}`);
  return readFile(path);
}
