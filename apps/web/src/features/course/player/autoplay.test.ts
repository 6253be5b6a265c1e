import { describe, expect, test } from 'vitest';
import { playOrMuted } from './autoplay';

/** A media element as a browser's autoplay rule treats it: sound needs a tap this element has not had. */
function mediaElement(rule: 'allows sound' | 'refuses sound' | 'refuses all' | 'fails') {
  const element = {
    muted: false,
    playing: false,
    async play() {
      if (rule === 'fails') throw new DOMException('The element has no supported sources.', 'NotSupportedError');
      if (rule === 'refuses all' || (rule === 'refuses sound' && !element.muted)) {
        throw new DOMException('play() failed because the user did not interact first.', 'NotAllowedError');
      }
      element.playing = true;
    },
  };
  return element;
}

describe('a lesson nobody pressed play for', () => {
  test('plays with its sound where the browser allows it', async () => {
    const media = mediaElement('allows sound');
    const told: boolean[] = [];
    expect(await playOrMuted(media, (m) => told.push(m))).toBe(true);
    expect(media).toMatchObject({ playing: true, muted: false });
    expect(told).toEqual([]);
  });

  test('plays muted, and says so, where the browser refuses sound without a tap (the first lesson after the last)', async () => {
    const media = mediaElement('refuses sound');
    const told: boolean[] = [];
    expect(await playOrMuted(media, (m) => told.push(m))).toBe(true);
    expect(media).toMatchObject({ playing: true, muted: true });
    expect(told).toEqual([true]);
  });

  test('waits for the play button where the browser refuses even muted, or the media fails', async () => {
    for (const rule of ['refuses all', 'fails'] as const) {
      const media = mediaElement(rule);
      expect(await playOrMuted(media, () => undefined)).toBe(false);
      expect(media.playing).toBe(false);
    }
  });
});
