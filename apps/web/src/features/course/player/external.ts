import type { PlaybackSource } from '@sikkha/contract';

/** The `src` of the frame in an embed code staff pasted (`<iframe src="…">`), entities as the browser reads them. */
const EMBED_SRC = /\bsrc\s*=\s*(["'])(.+?)\1/i;

/**
 * The page of a lesson hosted on a video site, shown in a frame with the host's own controls: `video_iframe`, or the
 * player URL in `video_embed` (its embed code, or a bare URL). Only https pages; which hosts load is the pages'
 * frame-src (the server's VIDEO_HOSTS). Null when the lesson has an HLS source, which the player itself plays.
 */
export function framedPlayerUrl(source: PlaybackSource): string | null {
  if (source.type !== 'external' || source.hls) return null;
  for (const given of [source.iframe, source.embed]) {
    const candidate = given?.trim();
    if (!candidate) continue;
    const src = (EMBED_SRC.exec(candidate)?.[2] ?? candidate).replaceAll('&amp;', '&');
    const url = URL.canParse(src) ? new URL(src) : null;
    if (url?.protocol === 'https:') return url.href;
  }
  return null;
}
