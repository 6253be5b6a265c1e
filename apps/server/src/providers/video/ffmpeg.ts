import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The ffmpeg to run: FFMPEG_PATH when set, otherwise the binary that `@ffmpeg-installer/ffmpeg` installed from npm
 * for this platform (resolved when first needed, so a shop that never packages a video starts without it).
 */
export function ffmpegPath(configured: string | undefined): string {
  if (configured) return configured;
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/**
 * ffmpeg's exit code and what it wrote to stderr (its diagnostics; bounded, the tail kept). An ffmpeg killed by a
 * signal (out of memory, a crash) rejects: its exit says nothing about the input, so it is not read as a verdict.
 */
export function runFfmpeg(ffmpeg: string, args: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) reject(new Error(`ffmpeg stopped by ${signal}`));
      else resolve({ code: code ?? 1, stderr });
    });
  });
}
