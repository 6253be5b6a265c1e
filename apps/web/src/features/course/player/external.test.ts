import type { PlaybackSource } from '@sikkha/contract';
import { describe, expect, test } from 'vitest';
import { framedPlayerUrl } from './external';

const external = (fields: Partial<Extract<PlaybackSource, { type: 'external' }>>): PlaybackSource => ({
  type: 'external',
  format: null,
  hls: null,
  iframe: null,
  embed: null,
  contentId: null,
  ...fields,
});

describe('framedPlayerUrl', () => {
  test('video_iframe is the frame’s page', () => {
    expect(framedPlayerUrl(external({ iframe: ' https://player.vimeo.com/video/76979871 ' }))).toBe(
      'https://player.vimeo.com/video/76979871',
    );
  });

  test('an embed code gives the URL of its frame, entities decoded; a bare URL works too', () => {
    const code =
      '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/abc?si=x&amp;start=5" allowfullscreen></iframe>';
    expect(framedPlayerUrl(external({ embed: code }))).toBe('https://www.youtube-nocookie.com/embed/abc?si=x&start=5');
    expect(framedPlayerUrl(external({ embed: "<iframe src='https://www.youtube.com/embed/x'>" }))).toBe(
      'https://www.youtube.com/embed/x',
    );
    expect(framedPlayerUrl(external({ embed: 'https://www.youtube.com/embed/y' }))).toBe(
      'https://www.youtube.com/embed/y',
    );
  });

  test('only https pages: script, data and plain-http addresses are never framed', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'http://video.example/x', 'not a url']) {
      expect(framedPlayerUrl(external({ iframe: bad }))).toBeNull();
      expect(framedPlayerUrl(external({ embed: `<iframe src="${bad}"></iframe>` }))).toBeNull();
    }
  });

  test('an HLS source is the player’s own, and a packaged lesson is never framed', () => {
    expect(framedPlayerUrl(external({ hls: 'https://cdn.example/a.m3u8', iframe: 'https://player.example/a' }))).toBe(
      null,
    );
    expect(
      framedPlayerUrl({ type: 'hls', url: '/api/hls/t/master.m3u8', expiresAt: '', bound: false, duration: 1 }),
    ).toBeNull();
    expect(framedPlayerUrl(external({ contentId: 'abc' }))).toBeNull();
  });
});
